import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { Field } from '../settings/Field'
import { forgotPassword } from './api'

const TOO_MANY = 'Muitos pedidos para este e-mail. Tente novamente mais tarde.'
const UNREACHABLE = 'Não foi possível enviar o pedido agora. Verifique a conexão e tente novamente.'

/**
 * "Esqueci minha senha": asks for a reset link. The answer is the server's
 * one sentence, the same whether the e-mail is an account's or not.
 */
export function ForgotPassword({ email: initialEmail = '', onBack }: { email?: string; onBack: () => void }) {
  const id = useId()
  const [email, setEmail] = useState(initialEmail)
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!email.trim()) {
      setError('Informe o seu e-mail.')
      return
    }
    setSending(true)
    setError(null)
    try {
      const answer = await forgotPassword(email.trim())
      setSent(answer.message)
    } catch (err) {
      if (err instanceof ApiError && err.isRateLimited) setError(TOO_MANY)
      else if (err instanceof ApiError && err.isValidation) setError(err.details?.email?.[0] ?? 'Informe um e-mail válido.')
      else setError(UNREACHABLE)
    } finally {
      setSending(false)
    }
  }

  if (sent) {
    return (
      <div className="signin">
        <p role="status" className="notice notice--success">
          {sent}
        </p>
        <button type="button" className="button button--ghost button--block" onClick={onBack}>
          Voltar para a entrada
        </button>
      </div>
    )
  }
  return (
    <form className="signin" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Esqueci minha senha</h2>
      <p className="muted">Informe o e-mail da sua conta: enviaremos um link para criar uma nova senha.</p>
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <fieldset disabled={sending}>
        <Field
          id={`${id}-email`}
          label="E-mail"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <button type="submit" className="button button--primary button--block">
          {sending ? 'Enviando…' : 'Enviar link'}
        </button>
        <button type="button" className="button button--ghost button--block" onClick={onBack}>
          Voltar para a entrada
        </button>
      </fieldset>
    </form>
  )
}
