import { useId, useRef, useState, type FormEvent } from 'react'
import { ApiError, getPrivacyNotice, sendFavorites } from '../lib/api'
import { useResource } from '../lib/useResource'
import { plausibleEmail, VisitorEmailField, VisitorNotice } from '../privacy/VisitorEmail'

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string }

/**
 * "Enviar minha lista por e-mail": an explicit choice, under the privacy
 * notice the contact form shows, to receive the favourites once by e-mail.
 * Nothing is kept in the browser of the address typed.
 */
export function SendFavorites({ slugs }: { slugs: readonly string[] }) {
  const [open, setOpen] = useState(false)
  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Enviar minha lista por e-mail
      </button>
    )
  }
  return <SendForm slugs={slugs} onCancel={() => setOpen(false)} />
}

function SendForm({ slugs, onCancel }: { slugs: readonly string[]; onCancel: () => void }) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const notice = useResource('privacy-notice', (signal) => getPrivacyNotice(signal))
  const shown = notice.status === 'ready' ? notice.data : null
  const input = useRef<HTMLInputElement>(null)

  if (status.kind === 'sent') {
    return (
      <p role="status" className="notice notice--success">
        {status.message}
      </p>
    )
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (status.kind === 'sending') return
    const value = email.trim()
    if (!plausibleEmail(value)) {
      setError('Informe um e-mail válido.')
      input.current?.focus()
      return
    }
    if (!shown) return
    setStatus({ kind: 'sending' })
    try {
      setStatus({ kind: 'sent', message: (await sendFavorites(value, slugs, shown.version)).message })
    } catch (err) {
      const rate = err instanceof ApiError && err.isRateLimited
      if (err instanceof ApiError && err.isValidation && err.details?.notice_version) notice.retry()
      setStatus({
        kind: 'error',
        message: rate ? 'Muitos envios pedidos deste endereço. Tente novamente mais tarde.' : 'Não foi possível enviar a lista. Tente novamente.',
      })
    }
  }

  return (
    <form className="favorites__send" aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-title`}>Enviar minha lista por e-mail</h2>
      <VisitorEmailField
        id={`${id}-email`}
        value={email}
        error={error}
        inputRef={input}
        onChange={(value) => {
          setEmail(value)
          setError(null)
        }}
      />
      <VisitorNotice notice={shown} loading={notice.status === 'loading'} />
      {status.kind === 'error' && (
        <p role="alert" className="notice notice--error">
          {status.message}
        </p>
      )}
      <div className="favorites__send-actions">
        <button type="submit" className="button button--primary" disabled={!shown || status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Enviando…' : 'Enviar'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  )
}
