import type { Schemas } from '../../lib/types'
import type { AdminRequest } from '../session/types'

/** GET /api/admin/mail: whether e-mail is configured, the outbox's counts by state, the latest e-mails. */
export type MailOutbox = Schemas['MailOutbox']
export type OutboxMail = Schemas['OutboxMail']
export type MailStatus = OutboxMail['status']

export function getMailOutbox(request: AdminRequest, signal?: AbortSignal): Promise<MailOutbox> {
  return request('/api/admin/mail', { signal })
}

/** GET /api/admin/saved-searches/stats: the visitors' saved searches by state, and the alert e-mails sent. */
export type SavedSearchStats = Schemas['SavedSearchStats']

export function getSavedSearchStats(request: AdminRequest, signal?: AbortSignal): Promise<SavedSearchStats> {
  return request('/api/admin/saved-searches/stats', { signal })
}
