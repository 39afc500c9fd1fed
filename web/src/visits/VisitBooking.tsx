import { useId, useRef, useState, type FormEvent } from 'react'
import { Field, PrivacyNoticeText, visitorData } from '../contact/ContactForm'
import { validateContact, type ContactErrors } from '../contact/validation'
import { ApiError, bookVisit, getPrivacyNotice, getVisitSlots } from '../lib/api'
import type { VisitInput, VisitSlots } from '../lib/types'
import { useResource } from '../lib/useResource'
import { formatWhen } from './format'
import { SlotPicker } from './SlotPicker'
import '../contact/contact.css'
import './visits.css'

export const SLOT_TAKEN = 'Este horário acabou de ser reservado por outra pessoa. Escolha outro horário.'
const GENERIC = 'Não foi possível agendar a visita. Tente novamente.'

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'booked'; startsAt: string; message: string }
  | { kind: 'error'; message: string }

type Field = 'name' | 'email' | 'phone'

/**
 * "Agendar visita" (a chunk of its own): the broker's free slots, then the
 * visitor's name, e-mail and phone under the privacy notice, then the
 * confirmation. A slot taken meanwhile says so and shows the slots again.
 */
export default function VisitBooking({ slug, initial }: { slug: string; initial: VisitSlots }) {
  const id = useId()
  const [slots, setSlots] = useState(initial)
  const [chosen, setChosen] = useState<string | null>(null)
  const [values, setValues] = useState({ name: '', email: '', phone: '' })
  const [errors, setErrors] = useState<ContactErrors>({})
  const [consent, setConsent] = useState(false)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const notice = useResource('privacy-notice', (signal) => getPrivacyNotice(signal))
  const shown = notice.status === 'ready' ? notice.data : null
  const inFlight = useRef(false)
  const sending = status.kind === 'sending'

  if (status.kind === 'booked') {
    return (
      <div className="notice notice--success" role="status">
        <p>
          <strong>{status.message}</strong>
        </p>
        <p>Visita marcada para {formatWhen(status.startsAt)} (horário de Brasília).</p>
        <p>No e-mail há o convite para a sua agenda e o link para cancelar ou mudar o horário.</p>
      </div>
    )
  }

  const edit = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (inFlight.current || !chosen) return
    // The contact form's checks of name, e-mail and phone; a visit has no message to write.
    const found = validateContact({ ...values, message: 'Agendamento de visita.' })
    delete found.message
    if (Object.keys(found).length > 0) {
      setErrors(found)
      setStatus({ kind: 'error', message: 'Verifique os campos destacados.' })
      return
    }
    const data: VisitInput = { starts_at: chosen, ...visitorData(values, shown, consent) }
    inFlight.current = true
    setErrors({})
    setStatus({ kind: 'sending' })
    try {
      const booked = await bookVisit(slug, data)
      setStatus({ kind: 'booked', startsAt: booked.starts_at, message: booked.message })
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.details?.starts_at)) {
        // Taken by someone else (or no longer offered): show the slots as they are now.
        setChosen(null)
        setStatus({ kind: 'error', message: error.status === 409 ? SLOT_TAKEN : error.details?.starts_at?.[0] ?? GENERIC })
        getVisitSlots(slug).then(setSlots, () => {})
      } else if (error instanceof ApiError && error.isValidation) {
        setErrors(error.details ?? {})
        setStatus({ kind: 'error', message: `${error.serverMessage ?? 'Dados inválidos'}. Verifique os campos destacados.` })
      } else if (error instanceof ApiError && (error.isRateLimited || error.isNotFound) && error.serverMessage) {
        setStatus({ kind: 'error', message: error.serverMessage })
      } else {
        setStatus({ kind: 'error', message: GENERIC })
      }
    } finally {
      inFlight.current = false
    }
  }

  const fieldId = (f: Field) => `${id}-${f}`
  const input = (f: Field, label: string, type: string, autoComplete: string) => (
    <Field id={fieldId(f)} label={label} errors={errors[f]}>
      {(describedBy) => (
        <input
          id={fieldId(f)}
          name={f}
          type={type}
          autoComplete={autoComplete}
          required={f !== 'phone'}
          value={values[f]}
          onChange={(e) => edit(f, e.target.value)}
          aria-invalid={errors[f] ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  )

  return (
    <form className="contact-form visit-booking" noValidate onSubmit={onSubmit} aria-label="Agendar visita">
      <SlotPicker slots={slots} chosen={chosen} onChoose={setChosen} />
      {status.kind === 'error' && (
        <p role="alert" className="notice notice--error">
          {status.message}
        </p>
      )}
      {chosen && (
        <fieldset disabled={sending} aria-busy={sending}>
          <legend className="visit-booking__chosen">Visita em {formatWhen(chosen)}</legend>
          {input('name', 'Nome', 'text', 'name')}
          {input('email', 'E-mail', 'email', 'email')}
          {input('phone', 'Telefone (opcional)', 'tel', 'tel')}
          {shown && (
            <div className="contact-form__consent">
              <input id={`${id}-consent`} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
              <label htmlFor={`${id}-consent`}>{shown.consent_label} (opcional)</label>
            </div>
          )}
          <PrivacyNoticeText notice={shown} loading={notice.status === 'loading'} />
          <button type="submit" className="button button--primary button--block">
            {sending ? 'Agendando…' : 'Confirmar visita'}
          </button>
        </fieldset>
      )}
    </form>
  )
}
