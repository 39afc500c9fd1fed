import type { AdminPropertyDetail, AdminPropertySummary, Page, PropertyStatus } from '../../lib/types'
import type { Actor, AdminRequest } from '../session/types'

const enc = encodeURIComponent

/** One reason a property cannot go to the portals' feed (PortalProblem): the field it is about, and what to do. */
export interface PortalProblem {
  field: string
  message: string
}

/** A property as the back office reads it (PropertyAdmin). */
export interface AdminProperty extends AdminPropertyDetail {
  /** Never public. */
  complement: string | null
  created_by: Actor | null
  updated_by: Actor | null
  /** Staff's choice to send it to the portals (ZAP Imóveis, VivaReal, OLX); a server without the feed leaves it out. */
  publish_to_portals?: boolean
  /** What keeps it from the portals; empty when it is ready. */
  portal_problems?: PortalProblem[]
}

/**
 * A row of the back office's list (PropertyAdminSummary). The counters
 * come with the list's filters; a server without them leaves them out.
 */
export interface AdminListItem extends AdminPropertySummary {
  rent_price: string | null
  status: PropertyStatus
  updated_by?: Actor | null
  lead_count?: number
  unread_leads?: number
  whatsapp_clicks?: number
  publish_to_portals?: boolean
}

export interface AdminListPage extends Page<AdminListItem> {
  next_cursor?: string | null
}

export type ActiveFilter = 'true' | 'false'
export type BusinessFilter = 'venda' | 'aluguel' | 'venda_aluguel'
export type ListSort = 'newest' | 'oldest' | 'updated' | 'price_asc' | 'price_desc' | 'title'

/** The list's filters, as GET /api/admin/properties takes them; absent means all. */
export interface ListQuery {
  q?: string
  active?: ActiveFilter
  status?: PropertyStatus
  business?: BusinessFilter
  sort?: ListSort
  page: number
  per_page: number
}

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
