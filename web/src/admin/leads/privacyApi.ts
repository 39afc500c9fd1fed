import type { Actor, AdminRequest } from '../session/types'

/** What the server holds about a data subject, by their e-mail (POST /api/admin/privacy/lookup). */
export interface Subject {
  email: string
  generated_at: string
  controller: { name: string | null; creci_display: string | null; contact: string | null }
  leads: SubjectLead[]
  notices: Array<{ version: string; text: string; consent_label: string; first_shown_at: string }>
  erasures: Erasure[]
}

export interface SubjectLead {
  id: number
  created_at: string
  property: { id: string; slug: string; title: string } | null
  name: string
  email: string
  phone: string | null
  message: string
  status: string
  note: string | null
  delivery_status: string | null
  consent: {
    notice_version: string | null
    marketing: boolean
    at: string | null
    client_address_hash: string | null
  }
}

/** One anonymisation: a data subject's request, or the retention job's. */
export interface Erasure {
  id: number
  kind: 'request' | 'retention'
  leads: number
  at: string
  by: Actor | null
}

// The e-mail travels in the body, never in the address.

export function lookupSubject(request: AdminRequest, email: string): Promise<Subject> {
  return request('/api/admin/privacy/lookup', { method: 'POST', body: { email } })
}

/** The same data as a JSON file to hand to the data subject. */
export function exportSubject(request: AdminRequest, email: string): Promise<Blob> {
  return request('/api/admin/privacy/export', { method: 'POST', body: { email }, as: 'blob' })
}

export function anonymizeSubject(request: AdminRequest, email: string): Promise<Erasure> {
  return request('/api/admin/privacy/anonymize', { method: 'POST', body: { email } })
}

export function listErasures(
  request: AdminRequest,
  signal?: AbortSignal,
): Promise<{ items: Erasure[]; retention: string | null }> {
  return request('/api/admin/privacy/erasures', { signal })
}
