import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { useResource } from '../../lib/useResource'
import { todayISO } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import { getVisitHours, putVisitHours, type VisitHours, type VisitHoursInput } from './api'

/** Monday first, as Brazilian calendars; the API's weekday 0 is Sunday. */
const WEEKDAYS: ReadonlyArray<[number, string]> = [
  [1, 'Segunda'],
  [2, 'Terça'],
  [3, 'Quarta'],
  [4, 'Quinta'],
  [5, 'Sexta'],
  [6, 'Sábado'],
  [0, 'Domingo'],
]

interface Interval {
  start: string
  end: string
}
interface Exception {
  date: string
  blocked: boolean
  start: string
  end: string
}
interface Draft {
  week: Interval[][] // by API weekday
  exceptions: Exception[]
}

export const HOURS_SAVED = 'Horários de visita salvos.'

function draftOf(h: VisitHours): Draft {
  const week: Interval[][] = [[], [], [], [], [], [], []]
  for (const w of h.weekly) week[w.weekday].push({ start: w.start, end: w.end })
  const exceptions = h.exceptions.map((e) => ({
    date: e.date,
    blocked: e.intervals.length === 0,
    start: e.intervals[0]?.start ?? '09:00',
    end: e.intervals[0]?.end ?? '12:00',
  }))
  return { week, exceptions }
}

function bodyOf(d: Draft): VisitHoursInput {
  return {
    weekly: d.week.flatMap((ivs, weekday) => ivs.map((iv) => ({ weekday, ...iv }))),
    exceptions: d.exceptions.map((e) => ({ date: e.date, intervals: e.blocked ? [] : [{ start: e.start, end: e.end }] })),
  }
}

/**
 * A broker's hours for visits: the intervals of each weekday and the dates
 * that differ (a day off, other hours). The property page offers the free
 * slots of these hours, an hour each, for the next 14 days.
 */
export function VisitHoursForm({ userId }: { userId: number }) {
  const { request } = useAdminSession()
  const hours = useResource(`visit-hours:${userId}`, (signal) => getVisitHours(request, userId, signal))
  if (hours.status === 'loading') return <p role="status">Carregando os horários de visita…</p>
  if (hours.status === 'error') return <p role="alert">Não foi possível carregar os horários de visita.</p>
  return <Editor userId={userId} initial={draftOf(hours.data)} />
}

function Editor({ userId, initial }: { userId: number; initial: Draft }) {
  const id = useId()
  const { request } = useAdminSession()
  const [draft, setDraft] = useState(initial)
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' | 'done' } | { kind: 'error'; messages: string[] }>({ kind: 'idle' })
  const saving = status.kind === 'saving'

  const setDay = (weekday: number, ivs: Interval[]) =>
    setDraft((d) => ({ ...d, week: d.week.map((old, i) => (i === weekday ? ivs : old)) }))
  const setException = (i: number, e: Partial<Exception>) =>
    setDraft((d) => ({ ...d, exceptions: d.exceptions.map((old, j) => (j === i ? { ...old, ...e } : old)) }))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    setStatus({ kind: 'saving' })
    try {
      setDraft(draftOf(await putVisitHours(request, userId, bodyOf(draft))))
      setStatus({ kind: 'done' })
    } catch (error) {
      const messages = error instanceof ApiError && error.details ? Object.values(error.details).flat() : []
      setStatus({ kind: 'error', messages: messages.length ? messages : ['Não foi possível salvar. Tente novamente.'] })
    }
  }

  return (
    <form className="admin-card settings__form visit-hours" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Horários de visita</h2>
      <p className="muted">
        Os visitantes escolhem, na página de cada imóvel seu, um horário livre de uma hora nos próximos 14 dias (horário de
        Brasília). Um dia sem intervalo não recebe visitas.
      </p>
      <p role="status" className={status.kind === 'done' ? 'notice notice--success' : 'visually-hidden'}>
        {status.kind === 'done' ? HOURS_SAVED : ''}
      </p>
      {status.kind === 'error' && (
        <div role="alert" className="notice notice--error">
          {status.messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      <fieldset className="settings__fields" disabled={saving}>
        {WEEKDAYS.map(([weekday, name]) => (
          <div key={weekday} className="visit-hours__day" role="group" aria-label={name}>
            <p className="visit-hours__name">{name}</p>
            {draft.week[weekday].map((iv, i) => (
              <IntervalInputs
                key={i}
                label={`${name}, intervalo ${i + 1}`}
                value={iv}
                onChange={(next) => setDay(weekday, draft.week[weekday].map((old, j) => (j === i ? next : old)))}
                onRemove={() => setDay(weekday, draft.week[weekday].filter((_, j) => j !== i))}
              />
            ))}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setDay(weekday, [...draft.week[weekday], { start: '09:00', end: '12:00' }])}
            >
              Adicionar intervalo
            </button>
          </div>
        ))}
        <h3>Exceções</h3>
        {draft.exceptions.map((e, i) => (
          <div key={i} className="visit-hours__day" role="group" aria-label={`Exceção ${i + 1}`}>
            <label>
              Data{' '}
              <input type="date" min={todayISO()} value={e.date} onChange={(ev) => setException(i, { date: ev.target.value })} />
            </label>
            <label>
              <input type="checkbox" checked={e.blocked} onChange={(ev) => setException(i, { blocked: ev.target.checked })} /> Dia
              sem visitas
            </label>
            {!e.blocked && (
              <IntervalInputs label={`Exceção ${i + 1}`} value={e} onChange={(next) => setException(i, next)} />
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setDraft((d) => ({ ...d, exceptions: d.exceptions.filter((_, j) => j !== i) }))}
            >
              Remover exceção
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            setDraft((d) => ({ ...d, exceptions: [...d.exceptions, { date: todayISO(), blocked: true, start: '09:00', end: '12:00' }] }))
          }
        >
          Adicionar exceção
        </button>
        <div className="settings__actions">
          <button type="submit" className="button button--primary">
            {saving ? 'Salvando…' : 'Salvar horários'}
          </button>
        </div>
      </fieldset>
    </form>
  )
}

function IntervalInputs({
  label,
  value,
  onChange,
  onRemove,
}: {
  label: string
  value: Interval
  onChange: (iv: Interval) => void
  onRemove?: () => void
}) {
  return (
    <div className="visit-hours__interval">
      <label>
        De{' '}
        <input type="time" aria-label={`${label}: início`} value={value.start} onChange={(e) => onChange({ ...value, start: e.target.value })} />
      </label>
      <label>
        até{' '}
        <input type="time" aria-label={`${label}: fim`} value={value.end} onChange={(e) => onChange({ ...value, end: e.target.value })} />
      </label>
      {onRemove && (
        <button type="button" className="button button--secondary" aria-label={`Remover ${label}`} onClick={onRemove}>
          Remover
        </button>
      )}
    </div>
  )
}
