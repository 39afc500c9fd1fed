import { useId, useState, type FormEvent } from 'react'
import { ApiError, request } from '../../lib/api'
import type { SignedIn } from './types'

export const WRONG_CREDENTIALS = 'E-mail ou senha incorretos.'
const TOO_MANY = 'Muitas tentativas de acesso. Tente novamente mais tarde.'
const UNREACHABLE = 'Não foi possível entrar agora. Verifique a conexão e tente novamente.'

interface Props {
  /** Prefills the e-mail (signing in again after the session expired). */
  email?: string
  onSignedIn: (signed: SignedIn) => void
  /** Puts the cursor in the first field to fill (in a dialog). */
  autoFocus?: boolean
}

/** The e-mail and password form; it knows nothing of where the token goes. */
export function SignInForm({ email: initialEmail = '', onSignedIn, autoFocus = false }: Props) {
  const id = useId()
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!email.trim() || !password) {
      setError('Informe o e-mail e a senha.')
      return
    }
    setSending(true)
    setError(null)
    try {
      const signed = await request<SignedIn>('/api/admin/session', {
        method: 'POST',
        body: { email: email.trim(), password },
      })
      setPassword('')
      onSignedIn(signed)
    } catch (err) {
      setSending(false)
      if (err instanceof ApiError && err.isUnauthorized) setError(WRONG_CREDENTIALS)
      else if (err instanceof ApiError && err.isRateLimited) setError(err.serverMessage ?? TOO_MANY)
      else if (err instanceof ApiError && err.isValidation) setError('Informe o e-mail e a senha.')
      else setError(UNREACHABLE)
    }
  }

  const errorId = `${id}-error`
  const invalid = error ? true : undefined
  return (
    <form className="signin" onSubmit={onSubmit} noValidate>
      {error && (
        <p id={errorId} role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <fieldset disabled={sending}>
        <div className="field">
          <label htmlFor={`${id}-email`}>E-mail</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            value={email}
            autoFocus={autoFocus && !initialEmail}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Senha</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            autoFocus={autoFocus && !!initialEmail}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <button type="submit" className="button button--primary button--block">
          {sending ? 'Entrando…' : 'Entrar'}
        </button>
      </fieldset>
    </form>
  )
}
