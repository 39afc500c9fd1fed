/**
 * The session token lives in localStorage, so every tab of the back office
 * shares one sign-in; it is never put in a URL. It is a session's token,
 * not an API token: it expires when idle and can be revoked from the list
 * of sessions.
 */
const KEY = 'vitrine.session'

export function readToken(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function saveToken(token: string): void {
  try {
    localStorage.setItem(KEY, token)
  } catch {
    // Storage unavailable: the session lasts for this page only.
  }
}

export function clearToken(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // ignore
  }
}
