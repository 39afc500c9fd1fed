import { useState, type FormEvent } from 'react'
import { ApiError, adminListProperties } from '../lib/api'

interface SignInProps {
  notice: string | null
  onSignedIn: (token: string) => void
}

export function SignIn({ notice, onSignedIn }: SignInProps) {
  const [token, setToken] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = token.trim()
    if (!value) {
      setError('Cole o token de administrador.')
      return
    }
    setChecking(true)
    setError(null)
    try {
      // A cheap authenticated call tells whether the token is accepted.
      await adminListProperties(value, 1, 1)
      onSignedIn(value)
    } catch (err) {
      setChecking(false)
      if (err instanceof ApiError && (err.isUnauthorized || err.status === 403)) {
        setError('Token inválido. Confira o token e tente novamente.')
      } else {
        setError('Não foi possível verificar o token agora. Tente novamente.')
      }
    }
  }

  return (
    <main id="conteudo" className="container admin admin--signin">
      <form className="admin-card signin" onSubmit={onSubmit} noValidate>
        <h1>Área do anunciante</h1>
        <p className="muted">Entre com o token de administrador fornecido pela equipe Vitrine.</p>
        {notice && (
          <p role="alert" className="notice notice--info">
            {notice}
          </p>
        )}
        <fieldset disabled={checking}>
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label htmlFor="admin-token">Token de administrador</label>
            <input
              id="admin-token"
              name="token"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'admin-token-error' : undefined}
            />
            {error && (
              <div id="admin-token-error" className="field__error" role="alert">
                <p>{error}</p>
              </div>
            )}
          </div>
          <button type="submit" className="button button--primary button--block">
            {checking ? 'Verificando…' : 'Entrar'}
          </button>
        </fieldset>
      </form>
    </main>
  )
}
