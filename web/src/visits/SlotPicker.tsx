import { useId, useState } from 'react'
import type { VisitSlots } from '../lib/types'
import { formatDay, formatTime } from './format'

interface SlotPickerProps {
  slots: VisitSlots
  /** The slot chosen (its starts_at), or null. */
  chosen: string | null
  onChoose: (startsAt: string) => void
  /** A slot to leave out (the visit's own time when moving it). */
  except?: string
}

/** The free slots: a row of days, then the times of the day picked. Times are the agency's (Brasília). */
export function SlotPicker({ slots, chosen, onChoose, except }: SlotPickerProps) {
  const id = useId()
  const days = slots.days
    .map((d) => ({ ...d, slots: d.slots.filter((s) => s.starts_at !== except) }))
    .filter((d) => d.slots.length > 0)
  const [day, setDay] = useState(() => days.find((d) => d.slots.some((s) => s.starts_at === chosen))?.date ?? days[0]?.date)
  const shown = days.find((d) => d.date === day) ?? days[0]
  if (!shown) return <p className="muted">Não há horários livres nos próximos dias.</p>
  return (
    <div className="slot-picker">
      <p id={`${id}-days`} className="slot-picker__label">
        Dia
      </p>
      <div className="slot-picker__days" role="group" aria-labelledby={`${id}-days`}>
        {days.map((d) => (
          <button
            key={d.date}
            type="button"
            className="slot-picker__chip"
            aria-pressed={d.date === shown.date}
            onClick={() => setDay(d.date)}
          >
            {formatDay(d.date)}
          </button>
        ))}
      </div>
      <p id={`${id}-times`} className="slot-picker__label">
        Horário <span className="muted">(horário de Brasília)</span>
      </p>
      <div className="slot-picker__times" role="group" aria-labelledby={`${id}-times`}>
        {shown.slots.map((s) => (
          <button
            key={s.starts_at}
            type="button"
            className="slot-picker__chip"
            aria-pressed={s.starts_at === chosen}
            onClick={() => onChoose(s.starts_at)}
          >
            {formatTime(s.starts_at)}
          </button>
        ))}
      </div>
    </div>
  )
}
