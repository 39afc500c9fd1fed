import { useId, useRef, useState, type FormEvent } from 'react'
import { ApiError, createSavedSearch, getPrivacyNotice } from '../lib/api'
import type { SavedSearchFrequency } from '../lib/types'
import { useResource } from '../lib/useResource'
import { plausibleEmail, VisitorEmailField, VisitorNotice } from '../privacy/VisitorEmail'
import './alerts.css'

const GENERIC = 'Não foi possível salvar o alerta agora. Tente novamente.'
const RATE_LIMITED = 'Muitos alertas pedidos deste endereço. Tente novamente mais tarde.'

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string }

/**
 * "Avise-me de novos imóveis": the results page's search, saved with an e-mail
 * and a frequency, under the privacy notice the contact form shows. The server
 * answers the same whether or not the e-mail already had the search; the visitor
 * is told to confirm by e-mail (double opt-in). Loaded only when opened.
 */
export default function SaveSearchForm({ query, onClose }: { query: string; onClose: () => void }) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('imediato')
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const notice = useResource('privacy-notice', (signal) => getPrivacyNotice(signal))
  const shown = notice.status === 'ready' ? notice.data : null
  const emailRef = useRef<HTMLInputElement>(null)
  const sending = status.kind === 'sending'

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    const value = email.trim()
    if (!plausibleEmail(value)) {
      setError('Informe um e-mail válido.')
      emailRef.current?.focus()
      return
    }
    if (!shown) {
      setStatus({ kind: 'error', message: 'O aviso de privacidade ainda não carregou. Tente de novo em instantes.' })
      return
    }
    setError(null)
    setStatus({ kind: 'sending' })
    try {
      const res = await createSavedSearch({ query, email: value, frequency, notice_version: shown.version })
      setStatus({ kind: 'sent', message: res.message })
    } catch (err) {
      if (err instanceof ApiError && err.isValidation && err.details?.email) {
        setError(err.details.email[0])
        setStatus({ kind: 'idle' })
        emailRef.current?.focus()
        return
      }
      if (err instanceof ApiError && err.isValidation && err.details?.notice_version) notice.retry()
      setStatus({ kind: 'error', message: err instanceof ApiError && err.isRateLimited ? RATE_LIMITED : GENERIC })
    }
  }

  if (status.kind === 'sent') {
    return (
      <section className="save-search" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="save-search__title">
          Confira seu e-mail
        </h2>
        <p role="status" className="notice notice--success">
          {status.message}
        </p>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Fechar
        </button>
      </section>
    )
  }

  return (
    <section className="save-search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="save-search__title">
        Avise-me de novos imóveis
      </h2>
      <p className="muted">Enviamos por e-mail os imóveis novos desta busca e os que baixarem de preço.</p>
      <form onSubmit={onSubmit} noValidate>
        <VisitorEmailField
          id={`${id}-email`}
          value={email}
          error={error}
          inputRef={emailRef}
          onChange={(value) => {
            setEmail(value)
            setError(null)
          }}
        />
        <fieldset className="save-search__frequency">
          <legend>Com que frequência?</legend>
          <label>
            <input type="radio" name="frequency" checked={frequency === 'imediato'} onChange={() => setFrequency('imediato')} /> Imediato
          </label>
          <label>
            <input type="radio" name="frequency" checked={frequency === 'diario'} onChange={() => setFrequency('diario')} /> Diário (um
            e-mail por dia)
          </label>
        </fieldset>
        <VisitorNotice notice={shown} loading={notice.status === 'loading'} />
        {status.kind === 'error' && (
          <p role="alert" className="notice notice--error">
            {status.message}
          </p>
        )}
        <div className="save-search__actions">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Enviando…' : 'Criar alerta'}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancelar
          </button>
        </div>
      </form>
    </section>
  )
}
