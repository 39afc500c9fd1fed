import type { Schemas } from '../../lib/types'
import type { AdminRequest } from '../session/types'

export type PasswordChange = Schemas['PasswordChange']

/** PUT /api/admin/me/password: the user's other sessions end and their API tokens are revoked. */
export function changePassword(request: AdminRequest, change: PasswordChange): Promise<void> {
  return request('/api/admin/me/password', { method: 'PUT', body: change })
}

export type VisitHours = Schemas['VisitHours']
export type VisitHoursInput = Schemas['VisitHoursInput']

/** GET /api/admin/users/{id}/visit-hours: a broker's week and exceptions for visits. */
export function getVisitHours(request: AdminRequest, userId: number, signal?: AbortSignal): Promise<VisitHours> {
  return request(`/api/admin/users/${userId}/visit-hours`, { signal })
}

/** PUT /api/admin/users/{id}/visit-hours: replaces the whole week and the exceptions. */
export function putVisitHours(request: AdminRequest, userId: number, hours: VisitHoursInput): Promise<VisitHours> {
  return request(`/api/admin/users/${userId}/visit-hours`, { method: 'PUT', body: hours })
}
