import { json, routeFetch } from './fixtures'

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>

export const SESSION_TOKEN = 'vs_sessaoDeTesteAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
export const STAFF = { id: 1, email: 'ana@imobiliaria.com.br', name: 'Ana Souza' }

const SESSION = {
  id: 7,
  user_id: STAFF.id,
  user_agent: 'Mozilla/5.0',
  created_at: '2026-11-25T12:00:00Z',
  last_used_at: '2026-11-25T12:00:00Z',
  idle_expires_at: '2026-11-26T00:00:00Z',
  expires_at: '2026-12-25T12:00:00Z',
  current: true,
}

export function signedInAs(token: string) {
  return { token, expires_at: SESSION.expires_at, session: SESSION, user: STAFF }
}

/** Whether a request carries `token` as its Bearer token. */
export function bearer(init: RequestInit, token = SESSION_TOKEN): boolean {
  return (init.headers as Record<string, string>).Authorization === `Bearer ${token}`
}

/**
 * Stubs the server of the back office for a user signed in with
 * SESSION_TOKEN (stored as the client stores it): every admin handler is
 * asked only with an accepted token (`tokens`), anything else gets a 401
 * as the server answers it. Public routes (/api/v1/…) need no token.
 */
export function adminServer(routes: Record<string, Handler>, { signedIn = true } = {}) {
  if (signedIn) localStorage.setItem('vitrine.session', SESSION_TOKEN)
  // The tokens the server accepts now; a test expires a session by deleting its token.
  const tokens = new Set([SESSION_TOKEN])
  const accepted = (init: RequestInit) => [...tokens].some((t) => bearer(init, t))
  const guarded: Record<string, Handler> = {
    'GET /api/admin/me': () => json(200, { kind: 'user', name: STAFF.name, user: STAFF, session: SESSION }),
  }
  for (const [route, handler] of Object.entries({ ...guarded, ...routes })) {
    guarded[route] =
      route === 'POST /api/admin/session' || !route.includes(' /api/admin/')
        ? handler
        : (url, init) => (accepted(init) ? handler(url, init) : json(401, { error: 'Não autorizado.' }))
  }
  return { ...routeFetch(guarded), tokens }
}
