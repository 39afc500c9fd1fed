import type { Query, Schemas } from '../../lib/types'
import type { AdminRequest } from '../session/types'

const enc = encodeURIComponent

export type LeadStatus = Lead['status']

export const LEAD_STATUSES: ReadonlyArray<{ value: LeadStatus; label: string }> = [
  { value: 'novo', label: 'Novo' },
  { value: 'em_atendimento', label: 'Em atendimento' },
  { value: 'concluido', label: 'Concluído' },
  { value: 'descartado', label: 'Descartado' },
]

export function isLeadStatus(value: unknown): value is LeadStatus {
  return LEAD_STATUSES.some((s) => s.value === value)
}

/** A contact sent through a property's form (GET /api/admin/leads); `email` is null once it is anonymised. */
export type Lead = Schemas['Lead']

/** `page` is null when the page was asked for by cursor; `unread` counts the leads "novo" whatever the filters. */
export type LeadPage = Schemas['LeadPage']

export const FILTER_KEYS = ['status', 'property_id', 'assigned_to', 'from', 'to'] as const

/** The inbox's filters, as the address and the API name them; `from` and `to` are YYYY-MM-DD, inclusive. */
export type LeadFilters = Pick<Query<'adminListLeads'>, (typeof FILTER_KEYS)[number]>

/** The filters' query parameters, in one fixed order (empty ones left out). */
export function filterParams(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of FILTER_KEYS) {
    const value = filters[key]
    if (value) params.set(key, value)
  }
  return params
}

export interface LeadPageAsk {
  cursor?: string
  page?: number
  perPage?: number
}

export function listLeads(
  request: AdminRequest,
  filters: LeadFilters,
  { cursor, page, perPage = 50 }: LeadPageAsk = {},
  signal?: AbortSignal,
): Promise<LeadPage> {
  const params = filterParams(filters)
  if (cursor) params.set('cursor', cursor)
  if (page) params.set('page', String(page))
  params.set('per_page', String(perPage))
  return request(`/api/admin/leads?${params}`, { signal })
}

/** The count of unread leads ("novo"), whatever the filters; undefined when the server does not tell it. */
export async function countUnread(request: AdminRequest, signal?: AbortSignal): Promise<number | undefined> {
  const page = await request<Partial<LeadPage>>('/api/admin/leads?per_page=1', { signal })
  return typeof page?.unread === 'number' ? page.unread : undefined
}

export type LeadChanges = Schemas['LeadUpdate']

/** A lead with its timeline, oldest first (GET /api/admin/leads/{id}, and every PATCH's answer). */
export type LeadDetail = Schemas['LeadDetail']
export type LeadEvent = Schemas['LeadEvent']

export function updateLead(request: AdminRequest, id: number, changes: LeadChanges): Promise<LeadDetail> {
  return request(`/api/admin/leads/${id}`, { method: 'PATCH', body: changes })
}

export function getLead(request: AdminRequest, id: number, signal?: AbortSignal): Promise<LeadDetail> {
  return request(`/api/admin/leads/${id}`, { signal })
}

/** Every lead matching the filters, as the server's CSV. */
export function exportLeads(request: AdminRequest, filters: LeadFilters): Promise<Blob> {
  const params = filterParams(filters).toString()
  return request(`/api/admin/leads.csv${params ? `?${params}` : ''}`, { as: 'blob' })
}

/** The properties a lead can be filtered by: the first 100 by title. */
export function listPropertyChoices(request: AdminRequest, signal?: AbortSignal): Promise<Schemas['PropertyAdminPage']> {
  return request('/api/admin/properties?per_page=100&sort=title', { signal })
}

export function propertyAdminPath(id: string): string {
  return `/admin/imoveis/${enc(id)}`
}
