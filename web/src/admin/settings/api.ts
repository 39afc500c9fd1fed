import type { Query, Schemas, Writable } from '../../lib/types'
import type { AdminRequest, AdminUpload } from '../session/types'

const enc = encodeURIComponent

// --- the agency's record

/** The agency's record: what the public sees, and who set it last, when. */
export type AgencyRecord = Schemas['AgencyAdmin']

/** PUT /api/admin/agency: the whole record; an optional field left out or null is cleared. */
export type AgencyWrite = Writable<Schemas['AgencyWrite']>

export function getAgencyRecord(request: AdminRequest, signal?: AbortSignal): Promise<AgencyRecord> {
  return request('/api/admin/agency', { signal })
}

export function saveAgency(request: AdminRequest, record: AgencyWrite): Promise<AgencyRecord> {
  return request('/api/admin/agency', { method: 'PUT', body: record })
}

/** Sends the agency's logo: the public pages show it once its sizes are made. */
export function uploadAgencyLogo(upload: AdminUpload, file: File): Promise<AgencyRecord> {
  const body = new FormData()
  body.append('file', file, file.name)
  return upload('/api/admin/agency/logo', body, { method: 'PUT' })
}

/** Removes the agency's logo: the pages show none (or the address typed before) from then on. */
export function removeAgencyLogo(request: AdminRequest): Promise<AgencyRecord> {
  return request('/api/admin/agency/logo', { method: 'DELETE' })
}

// --- the privacy policy (/privacidade)

/** The policy, the default text made from the agency's record and the lead retention, and the longest text accepted. */
export type PolicyRecord = Schemas['PrivacyPolicyAdmin']

export function getPolicy(request: AdminRequest, signal?: AbortSignal): Promise<PolicyRecord> {
  return request('/api/admin/privacy-policy', { signal })
}

export function savePolicy(request: AdminRequest, text: string): Promise<PolicyRecord> {
  const body: Schemas['PrivacyPolicyWrite'] = { text }
  return request('/api/admin/privacy-policy', { method: 'PUT', body })
}

// --- the portals' feed

/** The portals' feed: its address, which is its credential. */
export type PortalFeed = Schemas['PortalFeed']

export function getPortalFeed(request: AdminRequest, signal?: AbortSignal): Promise<PortalFeed> {
  return request('/api/admin/feeds/vrsync', { signal })
}

/** A new address; the old one stops answering at once. */
export function rotatePortalFeed(request: AdminRequest): Promise<PortalFeed> {
  return request('/api/admin/feeds/vrsync', { method: 'POST' })
}

/** The address the portals post their leads to: its secret is its credential, as the feed's. */
export function getPortalLeadAddress(request: AdminRequest, signal?: AbortSignal): Promise<PortalFeed> {
  return request('/api/admin/portal-leads/address', { signal })
}

/** Makes a new address for the portals' leads: the old one stops at once. */
export function rotatePortalLeadAddress(request: AdminRequest): Promise<PortalFeed> {
  return request('/api/admin/portal-leads/address', { method: 'POST' })
}

// --- importing a VRSync file

/** One listing of an import. */
export type ImportResult = Schemas['ImportResult']

/** The last line of an import: the totals. */
export type ImportEnd = Schemas['ImportEnd']

/** `fetch`: each new photo is fetched and hosted as an upload; `link`: kept at its address. */
export type ImportPhotos = NonNullable<Query<'adminImportVRSync'>['photos']>

/**
 * Sends a VRSync file to import (or only to check, `dryRun`): each listing's result goes
 * to `onResult` as the server reports it; the answer is the last line, the totals.
 */
export async function importVRSync(
  request: AdminRequest,
  file: Blob,
  { dryRun, photos, onResult, signal }: { dryRun: boolean; photos: ImportPhotos; onResult: (r: ImportResult) => void; signal?: AbortSignal },
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

export type StaffMember = Schemas['User']
export type NewStaffMember = Schemas['UserCreate']
/** PATCH /api/admin/users/{id}: a new role, or `active` false to deactivate (true to reactivate). */
export type StaffUpdate = Schemas['UserUpdate']

export function listStaff(request: AdminRequest, signal?: AbortSignal): Promise<Schemas['UserList']> {
  return request('/api/admin/users', { signal })
}

export function addStaff(request: AdminRequest, person: NewStaffMember): Promise<StaffMember> {
  return request('/api/admin/users', { method: 'POST', body: person })
}

export function updateStaff(request: AdminRequest, id: number, change: StaffUpdate): Promise<StaffMember> {
  return request(`/api/admin/users/${id}`, { method: 'PATCH', body: change })
}

export function removeStaff(request: AdminRequest, id: number): Promise<void> {
  return request(`/api/admin/users/${id}`, { method: 'DELETE' })
}

export function listStaffSessions(request: AdminRequest, userId: number, signal?: AbortSignal): Promise<Schemas['SessionList']> {
  return request(`/api/admin/users/${userId}/sessions`, { signal })
}

export function revokeSession(request: AdminRequest, id: number): Promise<void> {
  return request(`/api/admin/sessions/${id}`, { method: 'DELETE' })
}

// --- admin API tokens

export type ApiToken = Schemas['Token']

/** A new token; `token`, the secret, is shown only in the answer to its creation. */
export type NewApiToken = Schemas['TokenCreated']

export function listTokens(request: AdminRequest, signal?: AbortSignal): Promise<Schemas['TokenList']> {
  return request('/api/admin/tokens', { signal })
}

export function createToken(request: AdminRequest, name: string): Promise<NewApiToken> {
  const body: Schemas['TokenCreate'] = { name }
  return request('/api/admin/tokens', { method: 'POST', body })
}

export function revokeToken(request: AdminRequest, name: string): Promise<void> {
  return request(`/api/admin/tokens/${enc(name)}`, { method: 'DELETE' })
}

export type BrokerProfile = Schemas['BrokerProfile']

/** Sets a staff member's broker profile; the pages of their listings show it at once. */
export function saveBrokerProfile(request: AdminRequest, userId: number, profile: BrokerProfile): Promise<StaffMember> {
  return request(`/api/admin/users/${userId}/profile`, { method: 'PUT', body: profile })
}

/**
 * Sends a staff member's photo, in place of the one they had. It comes back "processing" (or "ready"
 * when the same file was sent before); the pages of their listings show it once it is ready.
 */
export function uploadStaffPhoto(upload: AdminUpload, userId: number, file: File): Promise<StaffMember> {
  const body = new FormData()
  body.append('file', file, file.name)
  return upload(`/api/admin/users/${userId}/photo`, body, { method: 'PUT' })
}

/** Removes a staff member's photo: the pages of their listings show none from then on. */
export function removeStaffPhoto(request: AdminRequest, userId: number): Promise<void> {
  return request(`/api/admin/users/${userId}/photo`, { method: 'DELETE' })
}

// --- invitations

/** A pending invitation: who, with which role, by whom, until when. */
export type Invitation = Schemas['Invitation']

/** POST /api/admin/invitations: the invitee receives an e-mail with a single-use link valid 72 h. */
export type NewInvitation = Schemas['InvitationCreate']

export function listInvitations(request: AdminRequest, signal?: AbortSignal): Promise<Schemas['InvitationList']> {
  return request('/api/admin/invitations', { signal })
}

export function invite(request: AdminRequest, invitation: NewInvitation): Promise<Invitation> {
  return request('/api/admin/invitations', { method: 'POST', body: invitation })
}

/** A new link (and a new id); the old link stops working. */
export function resendInvitation(request: AdminRequest, id: number): Promise<Invitation> {
  return request(`/api/admin/invitations/${id}/resend`, { method: 'POST' })
}

export function cancelInvitation(request: AdminRequest, id: number): Promise<void> {
  return request(`/api/admin/invitations/${id}`, { method: 'DELETE' })
}
