import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { ApiError, getPrivacyNotice, submitContactForm } from '../lib/api'
import type { ContactData, PrivacyNotice } from '../lib/types'
import { useResource } from '../lib/useResource'
import { propertyName } from '../lib/whatsapp'
import { CONTACT_FIELDS, LIMITS, length, validateContact, type ContactErrors, type ContactField, type ContactValues } from './validation'
import './contact.css'

export const CONTACT_GENERIC_ERROR = 'Não foi possível enviar sua mensagem. Tente novamente.'
const RATE_LIMITED = 'Muitas mensagens enviadas. Tente novamente mais tarde.'
const SUCCESS = 'Mensagem enviada com sucesso!'

const EMPTY: ContactValues = { name: '', email: '', phone: '', message: '' }

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string }

interface ContactFormProps {
  slug: string
  /**
   * The message the form starts with, which the visitor may edit or send
   * as it is ("" for none): a placeholder looked written, and "Enviar"
   * then failed with "Escreva sua mensagem".
   */
  greeting?: string
}

/** The greeting a property's form starts with: it names the property, and its code when it has one. */
export function propertyGreeting(title: string, code?: string | null): string {
  return `Olá! Tenho interesse no imóvel ${propertyName({ title, code })} e gostaria de mais informações.`
}

/**
 * Who the visitor is, as the contact form and the booking of a visit send
 * it: trimmed, the phone only when given. The notice's version says what
 * the visitor read; without a notice shown there is no consent to ask
 * for, and the body is the spec's.
 */
export function visitorData(
  values: Pick<ContactValues, 'name' | 'email' | 'phone'>,
  shown: PrivacyNotice | null,
  consent: boolean,
): Omit<ContactData, 'message'> {
  const data: Omit<ContactData, 'message'> = { name: values.name.trim(), email: values.email.trim() }
  const phone = values.phone.trim()
  if (phone) data.phone = phone
  if (shown) {
    data.notice_version = shown.version
    data.marketing_consent = consent
  }
  return data
}

export function ContactForm({ slug, greeting = '' }: ContactFormProps) {
  const id = useId()
  const start: ContactValues = { ...EMPTY, message: greeting }
  const [values, setValues] = useState<ContactValues>(start)
  const [errors, setErrors] = useState<ContactErrors>({})
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  // The marketing checkbox starts unticked, and is asked apart from the enquiry.
  const [consent, setConsent] = useState(false)
  const notice = useResource('privacy-notice', (signal) => getPrivacyNotice(signal))
  const shown = notice.status === 'ready' ? notice.data : null
  const inFlight = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)
  const sending = status.kind === 'sending'

  const fieldId = (field: ContactField) => `${id}-${field}`

  const focusFirstInvalid = (found: ContactErrors) => {
    const first = CONTACT_FIELDS.find((f) => found[f]?.length)
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus()
  }

  // Fields to focus once the form is enabled again after a refused send.
  const pendingFocus = useRef<ContactErrors | null>(null)
  useEffect(() => {
    if (!sending && pendingFocus.current) {
      focusFirstInvalid(pendingFocus.current)
      pendingFocus.current = null
    }
  })

  const onChange = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest)
    if (status.kind === 'success' || status.kind === 'error') setStatus({ kind: 'idle' })
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (inFlight.current) return

    const found = validateContact(values)
    if (Object.keys(found).length > 0) {
      setErrors(found)
      setStatus({ kind: 'idle' })
      focusFirstInvalid(found)
      return
    }

    const data: ContactData = { ...visitorData(values, shown, consent), message: values.message.trim() }

    inFlight.current = true
    setErrors({})
    setStatus({ kind: 'sending' })
    try {
      const result = await submitContactForm(slug, data)
      setValues(start)
      setConsent(false)
      setStatus({ kind: 'success', message: result?.message || SUCCESS })
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) {
        const fieldErrors: ContactErrors = {}
        const other: string[] = []
        for (const [field, messages] of Object.entries(error.details ?? {})) {
          if ((CONTACT_FIELDS as string[]).includes(field)) fieldErrors[field as ContactField] = messages
          else other.push(...messages)
        }
        setErrors(fieldErrors)
        // A notice changed since the page was loaded: show the current one.
        if (error.details?.notice_version) notice.retry()
        const summary = error.serverMessage ?? 'Dados inválidos'
        setStatus({ kind: 'error', message: [`${summary}. Verifique os campos destacados.`, ...other].join(' ') })
        pendingFocus.current = fieldErrors // focused after the fieldset is enabled again
      } else if (error instanceof ApiError && error.isRateLimited) {
        setStatus({ kind: 'error', message: error.serverMessage ?? RATE_LIMITED })
      } else if (error instanceof ApiError && error.isNotFound) {
        setStatus({ kind: 'error', message: error.serverMessage ?? 'Imóvel não encontrado' })
      } else {
        setStatus({ kind: 'error', message: CONTACT_GENERIC_ERROR })
      }
    } finally {
      inFlight.current = false
    }
  }

  const messageLength = length(values.message)

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={onSubmit} aria-label="Formulário de contato">
      <fieldset disabled={sending} aria-busy={sending}>
        <legend className="visually-hidden">Seus dados e mensagem</legend>
        <Field id={fieldId('name')} label="Nome" errors={errors.name}>
          {(describedBy) => (
            <input
              id={fieldId('name')}
              name="name"
              type="text"
              autoComplete="name"
              required
              value={values.name}
              onChange={onChange('name')}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field id={fieldId('email')} label="E-mail" errors={errors.email}>
          {(describedBy) => (
            <input
              id={fieldId('email')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={onChange('email')}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field id={fieldId('phone')} label="Telefone (opcional)" errors={errors.phone}>
          {(describedBy) => (
            <input
              id={fieldId('phone')}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(48) 99999-0000"
              value={values.phone}
              onChange={onChange('phone')}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field
          id={fieldId('message')}
          label="Mensagem"
          errors={errors.message}
          hint={`${messageLength} de ${LIMITS.message.max} caracteres`}
        >
          {(describedBy) => (
            <textarea
              id={fieldId('message')}
              name="message"
              rows={5}
              required
              value={values.message}
              onChange={onChange('message')}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        {shown && (
          <div className="contact-form__consent">
            <input
              id={`${id}-consent`}
              name="marketing_consent"
              type="checkbox"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <label htmlFor={`${id}-consent`}>{shown.consent_label} (opcional)</label>
          </div>
        )}
        <PrivacyNoticeText notice={shown} loading={notice.status === 'loading'} />
        <button type="submit" className="button button--primary button--block">
          {sending ? 'Enviando…' : 'Enviar mensagem'}
        </button>
      </fieldset>
      <div className="contact-form__status">
        <p role="status" className={status.kind === 'success' ? 'notice notice--success' : 'visually-hidden'}>
          {status.kind === 'success' ? status.message : sending ? 'Enviando sua mensagem…' : ''}
        </p>
        {status.kind === 'error' && (
          <p role="alert" className="notice notice--error">
            {status.message}
          </p>
        )}
      </div>
    </form>
  )
}

/**
 * The LGPD notice beside the form: who collects, why, for how long, and
 * where to ask, as the server wrote it (one statement a line), with the
 * link to the privacy policy. While it loads, or when it cannot be read,
 * a short line and the link stand in.
 */
export function PrivacyNoticeText({ notice, loading }: { notice: PrivacyNotice | null; loading: boolean }) {
  return (
    <section className="contact-form__privacy" aria-label="Aviso de privacidade">
      {notice ? (
        notice.text.split('\n').map((line) => <p key={line}>{line}</p>)
      ) : (
        <p>{loading ? 'Carregando o aviso de privacidade…' : 'Usamos seus dados apenas para responder a este contato.'}</p>
      )}
      <p>
        <a href={notice?.policy_url ?? '/privacidade'}>Política de privacidade</a>
      </p>
    </section>
  )
}

interface FieldProps {
  id: string
  label: string
  errors?: string[]
  hint?: string
  children: (describedBy: string | undefined) => ReactNode
}

export function Field({ id, label, errors, hint, children }: FieldProps) {
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [errors?.length ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field${errors?.length ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {errors && errors.length > 0 && (
        <div id={errorId} className="field__error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  )
}
