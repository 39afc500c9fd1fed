import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { ApiError, request } from '../../lib/api'
import { ForgotPassword } from '../links/ForgotPassword'
import { SignInForm } from './SignInForm'
import { clearToken, readToken, saveToken } from './storage'
import type { AdminRequest, AdminRequestOptions, AdminUpload, Me, Permission, SignedIn } from './types'
import { sendForm } from './upload'
import { LoadError } from '../ui/LoadError'

export const SESSION_EXPIRED = 'Sua sessão expirou. Entre novamente para continuar de onde parou.'
export const SIGNED_OUT = 'Você saiu da área da equipe.'

interface AdminSessionValue {
  me: Me
  /** Calls an admin endpoint with the session's token (see AdminRequest). */
  request: AdminRequest
  /** Sends a file with the session's token, reporting its progress (see AdminUpload). */
  upload: AdminUpload
  signOut: () => Promise<void>
}

const AdminSessionContext = createContext<AdminSessionValue | null>(null)

/** The signed-in user and the admin API, for any page of the back office. */
export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext)
  if (!value) throw new Error('useAdminSession must be used inside <AdminSessionProvider>')
  return value
}

/**
 * Whether the signed-in user's role holds a permission, as GET /api/admin/me
 * lists them: what the server would refuse with a 403 is not shown.
 */
export function useCan(): (permission: Permission) => boolean {
  const { me } = useAdminSession()
  return useCallback((permission: Permission) => me.permissions.includes(permission), [me])
}

type State =
  | { phase: 'checking' }
  | { phase: 'unreachable' }
  | { phase: 'signed-out'; notice: string | null }
  | { phase: 'signed-in'; me: Me; expired: boolean }

interface Waiter {
  resolve: () => void
  reject: (reason: unknown) => void
}

function meOf(signed: SignedIn): Me {
  return {
    kind: 'user',
    name: signed.user.name,
    role: signed.user.role,
    permissions: signed.permissions,
    user: signed.user,
    session: signed.session,
  }
}

/**
 * Owns the back office's session: the token, who is signed in, and what
 * happens on a 401. Signed out, it shows the sign-in form in place of the
 * page asked for, which then opens at the same address. When a session
 * expires mid-work, the page stays mounted under a sign-in dialog and the
 * calls that met the 401 are made again once the user is back.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const token = useRef<string | null>(readToken())
  const waiters = useRef<Waiter[]>([])
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<State>(() =>
    token.current ? { phase: 'checking' } : { phase: 'signed-out', notice: null },
  )

  useEffect(() => {
    const current = token.current
    if (!current) return
    const controller = new AbortController()
    request<Me>('/api/admin/me', { token: current, signal: controller.signal }).then(
      (me) => setState({ phase: 'signed-in', me, expired: false }),
      (err: unknown) => {
        if (controller.signal.aborted) return
        if (err instanceof ApiError && err.isUnauthorized) {
          clearToken()
          token.current = null
          setState({ phase: 'signed-out', notice: SESSION_EXPIRED })
        } else {
          setState({ phase: 'unreachable' })
        }
      },
    )
    return () => controller.abort()
  }, [attempt])

  const settleWaiters = useCallback((fn: (w: Waiter) => void) => {
    const pending = waiters.current
    waiters.current = []
    pending.forEach(fn)
  }, [])

  const onSignedIn = useCallback(
    (signed: SignedIn) => {
      token.current = signed.token
      saveToken(signed.token)
      setState({ phase: 'signed-in', me: meOf(signed), expired: false })
      settleWaiters((w) => w.resolve())
    },
    [settleWaiters],
  )

  /**
   * Makes a call with the session's token; on a 401, waits for the user
   * to sign in again (unless `signal` aborts first) and makes it again.
   */
  const authorized = useCallback(async function call<T>(
    send: (token: string | undefined) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    for (;;) {
      const used = token.current
      try {
        return await send(used ?? undefined)
      } catch (err) {
        if (!(err instanceof ApiError && err.isUnauthorized)) throw err
        if (token.current !== used && token.current !== null) continue // signed in again meanwhile
        await new Promise<void>((resolve, reject) => {
          if (signal?.aborted) return reject(signal.reason)
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
          waiters.current.push({ resolve, reject })
          setState((s) => (s.phase === 'signed-in' ? { ...s, expired: true } : s))
        })
      }
    }
  }, [])

  const adminRequest = useCallback(
    <T,>(path: string, options: AdminRequestOptions = {}): Promise<T> =>
      authorized((used) => request<T>(path, { ...options, token: used }), options.signal),
    [authorized],
  ) as AdminRequest

  const upload = useCallback<AdminUpload>(
    (path, body, options = {}) =>
      authorized((used) => {
        options.onProgress?.(0, 0) // a send again starts from its first byte
        return sendForm(path, body, { ...options, token: used })
      }, options.signal),
    [authorized],
  )

  const signOut = useCallback(async () => {
    const current = token.current
    token.current = null
    clearToken()
    if (current) {
      // The server forgets the session; signing out locally does not wait on it.
      request('/api/admin/session', { method: 'DELETE', token: current }).catch(() => {})
    }
    settleWaiters((w) => w.reject(new ApiError(401, SIGNED_OUT)))
    setState({ phase: 'signed-out', notice: SIGNED_OUT })
  }, [settleWaiters])

  const me = state.phase === 'signed-in' ? state.me : null
  const value = useMemo(
    () => (me ? { me, request: adminRequest, upload, signOut } : null),
    [me, adminRequest, upload, signOut],
  )

  switch (state.phase) {
    case 'checking':
      return (
        <main id="conteudo" className="container page-state">
          <p role="status">Verificando sua sessão…</p>
        </main>
      )
    case 'unreachable':
      return (
        <main id="conteudo" className="container page-state">
          <LoadError
            onRetry={() => {
              setState({ phase: 'checking' })
              setAttempt((n) => n + 1)
            }}
          >
            Não foi possível falar com o servidor.
          </LoadError>
        </main>
      )
    case 'signed-out':
      return <SignInPage notice={state.notice} onSignedIn={onSignedIn} />
    case 'signed-in':
      return (
        <AdminSessionContext.Provider value={value}>
          <div inert={state.expired ? true : undefined}>{children}</div>
          {state.expired && (
            <ReauthDialog email={state.me.user?.email} onSignedIn={onSignedIn} onSignOut={() => void signOut()} />
          )}
        </AdminSessionContext.Provider>
      )
  }
}

function SignInPage({ notice, onSignedIn }: { notice: string | null; onSignedIn: (s: SignedIn) => void }) {
  const [forgot, setForgot] = useState(false)
  return (
    <main id="conteudo" className="container admin admin--signin">
      <div className="admin-card">
        <h1>Área da equipe</h1>
        {forgot ? (
          <ForgotPassword onBack={() => setForgot(false)} />
        ) : (
          <>
            <p className="muted">Entre com o seu e-mail e a sua senha da equipe.</p>
            {notice && (
              <p role="status" className="notice notice--info">
                {notice}
              </p>
            )}
            <SignInForm onSignedIn={onSignedIn} />
            <p className="signin__forgot">
              <button type="button" className="button button--link" onClick={() => setForgot(true)}>
                Esqueci minha senha
              </button>
            </p>
          </>
        )}
      </div>
    </main>
  )
}

function ReauthDialog({
  email,
  onSignedIn,
  onSignOut,
}: {
  email?: string
  onSignedIn: (s: SignedIn) => void
  onSignOut: () => void
}) {
  return (
    <div className="admin-dialog__backdrop">
      <div className="admin-card admin-dialog" role="dialog" aria-modal="true" aria-labelledby="reauth-title">
        <h2 id="reauth-title">Entre novamente</h2>
        <p className="muted">{SESSION_EXPIRED} O que você digitou continua na página.</p>
        <SignInForm email={email} onSignedIn={onSignedIn} autoFocus />
        <button type="button" className="button button--ghost button--block" onClick={onSignOut}>
          Sair
        </button>
      </div>
    </div>
  )
}
