import type { Schemas } from '../../lib/types'
import type { AdminRequest } from '../session/types'

export type PasswordChange = Schemas['PasswordChange']

/** PUT /api/admin/me/password: the user's other sessions end and their API tokens are revoked. */
export function changePassword(request: AdminRequest, change: PasswordChange): Promise<void> {
  return request('/api/admin/me/password', { method: 'PUT', body: change })
}
