/** The admin token lives in sessionStorage only (never in a URL or localStorage). */
const KEY = 'vitrine.adminToken'

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function saveToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token)
  } catch {
    // Storage unavailable (private mode quotas): the session lasts for this page only.
  }
}

export function clearToken(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // ignore
  }
}
