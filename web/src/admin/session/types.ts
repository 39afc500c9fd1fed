import type { RequestOptions } from '../../lib/api'
import type { Schemas } from '../../lib/types'
import type { SendOptions } from './upload'

/** A member of staff, as GET /api/admin/me and the team page tell. */
export type User = Schemas['User']
export type Session = Schemas['Session']
export type Me = Schemas['Me']
export type SignedIn = Schemas['SignedIn']
/** A staff member's or token's role, and one of the permissions a role holds (the server's matrix). */
export type Role = Schemas['Role']
export type Permission = Schemas['Permission']

/** Who made a write, as the server records it (the document's Actor is null when not known). */
export type Actor = NonNullable<Schemas['Actor']>

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
export type AdminUpload = <T>(path: string, body: FormData, options?: Omit<SendOptions, 'token'>) => Promise<T>
