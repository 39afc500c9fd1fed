import { useEffect, useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { useRouter } from '../../lib/router'
import { saveToken } from '../session/storage'
import { ROLE_LABELS } from '../settings/roles'
import { readLink, redeemLink, type AccountLink, type LinkKind } from './api'

/** The pages an e-mail's link opens; the token follows `#`. */
export const INVITATION_PAGE = '/admin/convite'
export const RESET_PAGE = '/admin/nova-senha'

export const LINK_DEAD =
  'Este link não vale mais: já foi usado, foi substituído por outro ou expirou. Peça um novo.'
const MISMATCH = 'As duas senhas não são iguais.'
const UNREACHABLE = 'Não foi possível continuar agora. Verifique a conexão e tente novamente.'

/**
 * The token is read from the address's fragment once, then taken out of the
 * address bar and the history: it never reaches the server in a URL, and a
 * shared screen or a back button does not show it.
 */
// The token taken out of the address, kept for the page's later renders:
// React may render the page more than once before it keeps one (a render
// it throws away, a remount), and the first render already took it out.
let taken = { path: '', token: '' }

function takeToken(): string {
  const hash = window.location.hash.replace(/^#/, '')
  if (hash) {
    taken = { path: window.location.pathname, token: hash }
    window.history.replaceState(null, '', window.location.pathname)
  }
  return taken.path === window.location.pathname ? taken.token : ''
}

/** Forgets a token taken from the address: used once, it is dead. */
function forgetToken() {
  taken = { path: '', token: '' }
}

type State =
  | { phase: 'checking' }
  | { phase: 'dead'; message: string }
  | { phase: 'ready'; link: AccountLink }

/**
 * /admin/convite and /admin/nova-senha: choose a password from an invitation's
 * or a reset's link, and enter the back office signed in.
 */
export function LinkPage({ kind }: { kind: LinkKind }) {
  const [token] = useState(takeToken)
  const [state, setState] = useState<State>(() =>
    token ? { phase: 'checking' } : { phase: 'dead', message: LINK_DEAD },
  )

  useEffect(() => {
    document.title = (kind === 'invite' ? 'Aceitar convite' : 'Nova senha') + ' — Vitrine'
  }, [kind])

  useEffect(() => {
    if (!token) return
    const controller = new AbortController()
    readLink(token, controller.signal).then(
      (link) => setState(link.kind === kind ? { phase: 'ready', link } : { phase: 'dead', message: LINK_DEAD }),
      (err: unknown) => {
        if (controller.signal.aborted) return
        const message = err instanceof ApiError && err.status === 410 ? LINK_DEAD : err instanceof ApiError && err.serverMessage ? err.serverMessage : UNREACHABLE
        setState({ phase: 'dead', message })
      },
    )
    return () => controller.abort()
  }, [token, kind])

  return (
    <main id="conteudo" className="container admin admin--signin">
      <div className="admin-card">
        <h1>{kind === 'invite' ? 'Aceitar convite' : 'Criar uma nova senha'}</h1>
        {state.phase === 'checking' && <p role="status">Verificando o link…</p>}
        {state.phase === 'dead' && (
          <>
            <p role="alert" className="notice notice--error">
              {state.message}
            </p>
            <p>
              <a href="/admin">Ir para a entrada da área da equipe</a>
            </p>
          </>
        )}
        {state.phase === 'ready' && <PasswordForm link={state.link} token={token} />}
      </div>
    </main>
  )
}

function PasswordForm({ link, token }: { link: AccountLink; token: string }) {
  const id = useId()
  const { navigate } = useRouter()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (password !== confirm) {
      setError(MISMATCH)
      return
    }
    setSending(true)
    setError(null)
    try {
      const signed = await redeemLink(link.kind, token, password)
      forgetToken()
      saveToken(signed.token)
      navigate('/admin', { replace: true, force: true })
    } catch (err) {
      setSending(false)
      if (err instanceof ApiError && err.isValidation) setError(err.details?.password?.[0] ?? err.serverMessage ?? UNREACHABLE)
      else if (err instanceof ApiError && err.serverMessage) setError(err.serverMessage)
      else setError(UNREACHABLE)
    }
  }

  const errorId = `${id}-error`
  return (
    <>
      <p className="muted">
        {link.kind === 'invite'
          ? `Olá, ${link.name}! Escolha uma senha para entrar na equipe como ${ROLE_LABELS[link.role].toLowerCase()} com o e-mail ${link.email}.`
          : `Escolha uma nova senha para ${link.email}. As outras sessões abertas da sua conta serão encerradas.`}
      </p>
      <form className="signin" onSubmit={onSubmit} noValidate>
        {error && (
          <p id={errorId} role="alert" className="notice notice--error">
            {error}
          </p>
        )}
        <fieldset disabled={sending}>
          <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
          <div className="field">
            <label htmlFor={`${id}-password`}>{link.kind === 'invite' ? 'Senha' : 'Nova senha'}</label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}
              autoFocus
            />
            <p id={`${id}-hint`} className="field__hint field__hint--left">
              Pelo menos 10 caracteres.
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-confirm`}>Repita a senha</label>
            <input
              id={`${id}-confirm`}
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              aria-invalid={error === MISMATCH ? true : undefined}
            />
          </div>
          <button type="submit" className="button button--primary button--block">
            {sending ? 'Salvando…' : link.kind === 'invite' ? 'Criar senha e entrar' : 'Salvar nova senha e entrar'}
          </button>
        </fieldset>
      </form>
    </>
  )
}
