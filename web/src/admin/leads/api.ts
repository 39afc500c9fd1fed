import type { AdminPropertySummary, Page } from '../../lib/types'
import type { Actor, AdminRequest } from '../session/types'

const enc = encodeURIComponent

export type LeadStatus = 'novo' | 'em_atendimento' | 'concluido' | 'descartado'

export const LEAD_STATUSES: ReadonlyArray<{ value: LeadStatus; label: string }> = [
  { value: 'novo', label: 'Novo' },
  { value: 'em_atendimento', label: 'Em atendimento' },
  { value: 'concluido', label: 'Concluído' },
  { value: 'descartado', label: 'Descartado' },
]

export function isLeadStatus(value: unknown): value is LeadStatus {
  return LEAD_STATUSES.some((s) => s.value === value)
}

/** A contact sent through a property's form (GET /api/admin/leads). */
export interface Lead {
  id: number
  property_id: string | null
  property_slug: string | null
  property_title: string | null
  name: string
  /** Null once the lead is anonymised. */
  email: string | null
  phone: string | null
  message: string
  created_at: string
  delivery_status: 'pending' | 'delivered' | 'failed' | 'cancelled' | null
  delivery_attempts: number
  delivery_error: string | null
  status: LeadStatus
  note: string | null
  updated_at: string | null
  updated_by: Actor | null
  /** The visitor agreed to receive news and offers (optional in older answers). */
  marketing_consent?: boolean
  notice_version?: string | null
  /** When its personal data was emptied (LGPD); null while it is kept. */
  anonymized_at?: string | null
}

export interface LeadPage {
  items: Lead[]
  total: number
  /** Null when the page was asked for by cursor. */
  page: number | null
  per_page: number
  next_cursor: string | null
  /** Leads with status "novo" across all leads, whatever the filters. */
  unread: number
}

/** The inbox's filters, as the address and the API name them. */
export interface LeadFilters {
  status?: LeadStatus
  property_id?: string
  /** YYYY-MM-DD, inclusive. */
  from?: string
  to?: string
}

export const FILTER_KEYS = ['status', 'property_id', 'from', 'to'] as const

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

export interface LeadChanges {
  status?: LeadStatus
  note?: string | null
}

export function updateLead(request: AdminRequest, id: number, changes: LeadChanges): Promise<Lead> {
  return request(`/api/admin/leads/${id}`, { method: 'PATCH', body: changes })
}

/** Every lead matching the filters, as the server's CSV. */
export function exportLeads(request: AdminRequest, filters: LeadFilters): Promise<Blob> {
  const params = filterParams(filters).toString()
  return request(`/api/admin/leads.csv${params ? `?${params}` : ''}`, { as: 'blob' })
}

/** The properties a lead can be filtered by: the first 100 by title. */
export function listPropertyChoices(request: AdminRequest, signal?: AbortSignal): Promise<Page<AdminPropertySummary>> {
  return request('/api/admin/properties?per_page=100&sort=title', { signal })
}

export function propertyAdminPath(id: string): string {
  return `/admin/imoveis/${enc(id)}`
}
