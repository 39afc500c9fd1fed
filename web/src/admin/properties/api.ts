import type { Query, Schemas } from '../../lib/types'
import type { AdminRequest } from '../session/types'

const enc = encodeURIComponent

/**
 * A property as the back office reads it: the public detail and what only staff
 * see (`complement`, who wrote it when, the portals' choice and what keeps it
 * from them, `portal_problems`, empty when it is ready).
 */
export type AdminProperty = Schemas['PropertyAdmin']
export type PortalProblem = Schemas['PortalProblem']

/** A row of the back office's list: the summary, and the counters of its leads and WhatsApp clicks. */
export type AdminListItem = Schemas['PropertyAdminSummary']
export type AdminListPage = Schemas['PropertyAdminPage']

type ListParams = Query<'adminListProperties'>
export type ActiveFilter = NonNullable<ListParams['active']>
export type BusinessFilter = NonNullable<ListParams['business']>
export type ListSort = NonNullable<ListParams['sort']>

/** The list's filters, as GET /api/admin/properties takes them; absent means all. */
export type ListQuery = Pick<ListParams, 'q' | 'active' | 'status' | 'business' | 'sort'> &
  Required<Pick<ListParams, 'page' | 'per_page'>>

/** The query string of a list request: only the filters that are set, in a fixed order. */
export function listSearch(query: ListQuery): string {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  if (query.active) params.set('active', query.active)
  if (query.status) params.set('status', query.status)
  if (query.business) params.set('business', query.business)
  if (query.sort) params.set('sort', query.sort)
  params.set('page', String(query.page))
  params.set('per_page', String(query.per_page))
  return params.toString()
}

export function listProperties(request: AdminRequest, query: ListQuery, signal?: AbortSignal): Promise<AdminListPage> {
  return request(`/api/admin/properties?${listSearch(query)}`, { signal })
}

export function getProperty(request: AdminRequest, id: string, signal?: AbortSignal): Promise<AdminProperty> {
  return request(`/api/admin/properties/${enc(id)}`, { signal })
}

/** The body of a write: PropertyWrite (PUT, any subset) or PropertyCreate (POST). */
export type PropertyBody = Record<string, unknown>

export function createProperty(request: AdminRequest, body: PropertyBody): Promise<AdminProperty> {
  return request('/api/admin/properties', { method: 'POST', body })
}

export function updateProperty(request: AdminRequest, id: string, changes: PropertyBody): Promise<AdminProperty> {
  return request(`/api/admin/properties/${enc(id)}`, { method: 'PUT', body: changes })
}

export function deleteProperty(request: AdminRequest, id: string): Promise<void> {
  return request(`/api/admin/properties/${enc(id)}`, { method: 'DELETE' })
}

/** Copies the listing into a new inactive draft ("Duplicar imóvel"), its photos shared, not copied. */
export function duplicateProperty(request: AdminRequest, id: string): Promise<AdminProperty> {
  return request(`/api/admin/properties/${enc(id)}/duplicate`, { method: 'POST' })
}
