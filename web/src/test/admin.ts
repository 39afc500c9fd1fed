import { screen } from '@testing-library/react'
import { vi } from 'vitest'
import type { Permission, Role } from '../admin/session/types'
import { json, routeFetch } from './fixtures'

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>

export const SESSION_TOKEN = 'vs_sessaoDeTesteAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
export const STAFF = {
  id: 1,
  email: 'ana@imobiliaria.com.br',
  name: 'Ana Souza',
  role: 'administrador' as Role,
  creci: null,
  phone: null,
  whatsapp: null,
  photo: null,
}

/** Each role's permissions, as the server's matrix (docs/api.md) gives them in GET /api/admin/me. */
export const PERMISSIONS: Record<Role, Permission[]> = {
  administrador: [
    'account', 'properties.read', 'properties.write', 'leads.read', 'leads.write', 'leads.export',
    'agency', 'portals', 'imports', 'privacy', 'staff', 'tokens', 'owner',
  ],
  assistente: ['account', 'properties.read', 'properties.write', 'leads.read', 'leads.write', 'leads.export', 'owner'],
  corretor: ['account', 'properties.read', 'properties.write', 'leads.read', 'leads.write', 'owner'],
}

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

export function signedInAs(token: string, role: Role = 'administrador') {
  return { token, expires_at: SESSION.expires_at, session: SESSION, user: { ...STAFF, role }, permissions: PERMISSIONS[role] }
}

/** Whether a request carries `token` as its Bearer token. */
export function bearer(init: RequestInit, token = SESSION_TOKEN): boolean {
  return (init.headers as Record<string, string>).Authorization === `Bearer ${token}`
}

/**
 * Stubs the server of the back office for a user signed in with
 * SESSION_TOKEN (stored as the client stores it): every admin handler is
 * asked only with an accepted token (`tokens`), anything else gets a 401
 * as the server answers it. Public routes (/api/v1/…), the sign-in and the
 * links' routes (/api/admin/account/…) need no token.
 */
export function adminServer(routes: Record<string, Handler>, { signedIn = true, role = 'administrador' as Role } = {}) {
  if (signedIn) localStorage.setItem('vitrine.session', SESSION_TOKEN)
  // The tokens the server accepts now; a test expires a session by deleting its token.
  const tokens = new Set([SESSION_TOKEN])
  const accepted = (init: RequestInit) => [...tokens].some((t) => bearer(init, t))
  const guarded: Record<string, Handler> = {
    'GET /api/admin/me': () =>
      json(200, {
        kind: 'user',
        name: STAFF.name,
        role,
        permissions: PERMISSIONS[role],
        user: { ...STAFF, role },
        session: SESSION,
      }),
  }
  for (const [route, handler] of Object.entries({ ...guarded, ...routes })) {
    guarded[route] =
      route === 'POST /api/admin/session' || route.startsWith('POST /api/admin/account/') || !route.includes(' /api/admin/')
        ? handler
        : (url, init) => (accepted(init) ? handler(url, init) : json(401, { error: 'Não autorizado.' }))
  }
  return { ...routeFetch(guarded), tokens }
}

/**
 * An upload as the browser would send it with XMLHttpRequest (the one API
 * with upload progress): what the client asked (method, url, headers,
 * body) and what the test makes the browser report back — progress of the
 * body, then the server's answer.
 */
export class FakeUpload extends EventTarget {
  readonly upload = new EventTarget()
  method = ''
  url = ''
  readonly headers: Record<string, string> = {}
  body: unknown = null
  status = 0
  responseText = ''
  readyState = 0
  aborted = false
  /** Set by uploadServer: what happens when the request is sent. */
  onSent: (request: FakeUpload) => void = () => {}

  open(method: string, url: string) {
    this.method = method.toUpperCase()
    this.url = url
    this.readyState = 1
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
    this.onSent(this)
  }
  abort() {
    this.aborted = true
    this.readyState = 4
    this.dispatchEvent(new ProgressEvent('abort'))
  }

  /** The form field "file" of a multipart body. */
  get file(): File | null {
    const value = this.body instanceof FormData ? this.body.get('file') : null
    return value instanceof File ? value : null
  }
  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }))
  }
  /** No answer comes (the connection dropped). */
  fail() {
    this.readyState = 4
    this.dispatchEvent(new ProgressEvent('error'))
    this.dispatchEvent(new ProgressEvent('loadend'))
  }
  /** The server answers with `status` and a JSON body. */
  respond(status: number, body?: unknown) {
    this.status = status
    this.responseText = body === undefined ? '' : JSON.stringify(body)
    this.readyState = 4
    this.dispatchEvent(new ProgressEvent('load'))
    this.dispatchEvent(new ProgressEvent('loadend'))
  }
}

/**
 * Stubs XMLHttpRequest for the back office's uploads. As adminServer, the
 * server refuses a token it does not accept (`tokens`, adminServer's set)
 * with a 401 at once; an accepted request waits in `sent` for the test to
 * report its progress and answer it.
 */
export function uploadServer(tokens: Set<string>) {
  const sent: FakeUpload[] = []
  const all: FakeUpload[] = []
  class XMLHttpRequestStub extends FakeUpload {
    constructor() {
      super()
      this.onSent = (request) => {
        all.push(request)
        const accepted = [...tokens].some((t) => request.headers.Authorization === `Bearer ${t}`)
        if (accepted) sent.push(request)
        else queueMicrotask(() => request.respond(401, { error: 'Não autorizado.' }))
      }
    }
  }
  vi.stubGlobal('XMLHttpRequest', XMLHttpRequestStub)
  return { sent, all }
}

/** The input of a back-office form labelled `name`, a required one included (its label ends in " *"). */
export function labelled(name: string): HTMLElement {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`))
}
