import type { RequestOptions } from '../../lib/api'

/** Who is signed in to the back office, as GET /api/admin/me tells. */
export interface User {
  id: number
  email: string
  name: string
}

export interface Session {
  id: number
  user_id: number
  user_agent: string
  created_at: string
  last_used_at: string
  idle_expires_at: string
  expires_at: string
  current: boolean
}

export interface Me {
  kind: 'user' | 'token'
  name: string
  user: User | null
  session: Session | null
}

/** Who made a write, as the server records it. */
export interface Actor {
  kind: 'user' | 'token'
  name: string
}

export interface SignedIn {
  token: string
  expires_at: string
  session: Session
  user: User
}

/** The options of a request (lib/api's), but the token: the session puts it. */
export type AdminRequestOptions = Omit<RequestOptions, 'token'>

/**
 * Calls an admin endpoint as the signed-in user. When the session has
 * expired, the call waits for the user to sign in again (the page stays
 * as it is, typed data included) and is then made once more.
 */
export interface AdminRequest {
  (path: string, options: AdminRequestOptions & { as: 'blob' }): Promise<Blob>
  <T>(path: string, options?: AdminRequestOptions): Promise<T>
}

/**
 * Sends a file (a multipart form) to an admin endpoint as the signed-in
 * user, reporting the bytes sent as they go. A 401 is met as AdminRequest
 * meets it: once the user has signed in again, the form is sent again
 * from its first byte.
 */
export type AdminUpload = <T>(
  path: string,
  body: FormData,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
) => Promise<T>
