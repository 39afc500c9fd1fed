import type { Agency } from '../../lib/types'
import type { Actor, AdminRequest, Session, User } from '../session/types'

const enc = encodeURIComponent

// --- the agency's record

export interface AgencyRecord extends Agency {
  /** Null until first set. */
  updated_at: string | null
  /** Who set it last; null when not known. */
  updated_by: Actor | null
}

/** PUT /api/admin/agency: the whole record; an optional field sent as null is cleared. */
export interface AgencyWrite {
  name: string
  creci: string
  phone: string | null
  whatsapp: string | null
  email: string | null
  /** Where data subjects send their requests (LGPD); null: `email`. */
  privacy_email: string | null
  address: string | null
  logo_url: string | null
}

export function getAgencyRecord(request: AdminRequest, signal?: AbortSignal): Promise<AgencyRecord> {
  return request('/api/admin/agency', { signal })
}

export function saveAgency(request: AdminRequest, record: AgencyWrite): Promise<AgencyRecord> {
  return request('/api/admin/agency', { method: 'PUT', body: record })
}

// --- the privacy policy (/privacidade)

export interface PolicyRecord {
  text: string
  /** True while the agency has not written its own: `text` is then the default. */
  is_default: boolean
  updated_at: string | null
  updated_by: Actor | null
  /** The default text, made from the agency's record and the lead retention. */
  default_text: string
  max_length: number
}

export function getPolicy(request: AdminRequest, signal?: AbortSignal): Promise<PolicyRecord> {
  return request('/api/admin/privacy-policy', { signal })
}

export function savePolicy(request: AdminRequest, text: string): Promise<PolicyRecord> {
  return request('/api/admin/privacy-policy', { method: 'PUT', body: { text } })
}

// --- the portals' feed

/** The portals' feed (PortalFeed): its address, which is its credential. */
export interface PortalFeed {
  url: string
  generation: number
  rotated_at: string
  rotated_by: Actor | null
}

export function getPortalFeed(request: AdminRequest, signal?: AbortSignal): Promise<PortalFeed> {
  return request('/api/admin/feeds/vrsync', { signal })
}

/** A new address; the old one stops answering at once. */
export function rotatePortalFeed(request: AdminRequest): Promise<PortalFeed> {
  return request('/api/admin/feeds/vrsync', { method: 'POST' })
}

// --- importing a VRSync file

export interface ImportProblem {
  /** The element of the file: `Details/PropertyType`, `Title`… */
  field: string
  message: string
}

/** One listing of an import (ImportResult). */
export interface ImportResult {
  listing_id: string
  action: 'created' | 'updated' | 'unchanged' | 'refused'
  property_id: string | null
  changes: string[]
  problems: ImportProblem[]
  warnings: ImportProblem[]
  photos_fetched: number
}

export interface ImportTotals {
  listings: number
  created: number
  updated: number
  unchanged: number
  refused: number
  photos_fetched: number
}

/** The last line of an import (ImportEnd). */
export interface ImportEnd {
  done: boolean
  dry_run: boolean
  totals: ImportTotals
  error: string | null
}

/**
 * Sends a VRSync file to import (or only to check, `dryRun`): each listing's result goes
 * to `onResult` as the server reports it; the answer is the last line, the totals.
 */
export async function importVRSync(
  request: AdminRequest,
  file: Blob,
  { dryRun, photos, onResult, signal }: { dryRun: boolean; photos: 'fetch' | 'link'; onResult: (r: ImportResult) => void; signal?: AbortSignal },
): Promise<ImportEnd> {
  let end: ImportEnd | null = null
  await request(`/api/admin/imports/vrsync?dry_run=${dryRun}&photos=${photos}`, {
    method: 'POST',
    body: file,
    contentType: 'application/xml',
    signal,
    as: 'ndjson',
    onLine: (line) => {
      const record = line as Partial<ImportEnd> & Partial<ImportResult>
      if (record.totals) end = record as ImportEnd
      else onResult(record as ImportResult)
    },
  })
  if (!end) throw new Error('the import ended without its totals')
  return end
}

// --- staff

export interface StaffMember extends User {
  last_seen_at?: string | null
}

export interface NewStaffMember {
  name: string
  email: string
  password: string
}

export function listStaff(request: AdminRequest, signal?: AbortSignal): Promise<{ items: StaffMember[] }> {
  return request('/api/admin/users', { signal })
}

export function addStaff(request: AdminRequest, person: NewStaffMember): Promise<StaffMember> {
  return request('/api/admin/users', { method: 'POST', body: person })
}

export function removeStaff(request: AdminRequest, id: number): Promise<void> {
  return request(`/api/admin/users/${id}`, { method: 'DELETE' })
}

export function listStaffSessions(request: AdminRequest, userId: number, signal?: AbortSignal): Promise<{ items: Session[] }> {
  return request(`/api/admin/users/${userId}/sessions`, { signal })
}

export function revokeSession(request: AdminRequest, id: number): Promise<void> {
  return request(`/api/admin/sessions/${id}`, { method: 'DELETE' })
}

// --- admin API tokens

export interface ApiToken {
  name: string
  created_at: string
  last_used_at?: string | null
  created_by: Actor | null
}

export interface NewApiToken {
  name: string
  /** The secret, shown only in the answer to its creation. */
  token: string
  created_at: string
}

export function listTokens(request: AdminRequest, signal?: AbortSignal): Promise<{ items: ApiToken[] }> {
  return request('/api/admin/tokens', { signal })
}

export function createToken(request: AdminRequest, name: string): Promise<NewApiToken> {
  return request('/api/admin/tokens', { method: 'POST', body: { name } })
}

export function revokeToken(request: AdminRequest, name: string): Promise<void> {
  return request(`/api/admin/tokens/${enc(name)}`, { method: 'DELETE' })
}
