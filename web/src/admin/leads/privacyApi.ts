import type { Schemas } from '../../lib/types'
import type { AdminRequest } from '../session/types'

/** What the server holds about a data subject, by their e-mail (POST /api/admin/privacy/lookup). */
export type Subject = Schemas['Subject']

/** One anonymisation: a data subject's request, or the retention job's. */
export type Erasure = Schemas['Erasure']

// The e-mail travels in the body, never in the address.
const subject = (email: string): Schemas['SubjectRequest'] => ({ email })

export function lookupSubject(request: AdminRequest, email: string): Promise<Subject> {
  return request('/api/admin/privacy/lookup', { method: 'POST', body: subject(email) })
}

/** The same data as a JSON file to hand to the data subject. */
export function exportSubject(request: AdminRequest, email: string): Promise<Blob> {
  return request('/api/admin/privacy/export', { method: 'POST', body: subject(email), as: 'blob' })
}

/** An anonymisation asked for, with how many owner's records (captação) it emptied. */
export type SubjectErasure = Schemas['SubjectErasure']

export function anonymizeSubject(request: AdminRequest, email: string): Promise<SubjectErasure> {
  return request('/api/admin/privacy/anonymize', { method: 'POST', body: subject(email) })
}

export function listErasures(request: AdminRequest, signal?: AbortSignal): Promise<Schemas['ErasureList']> {
  return request('/api/admin/privacy/erasures', { signal })
}
