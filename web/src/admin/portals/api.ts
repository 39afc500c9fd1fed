import type { Schemas } from '../../lib/types'
import type { AdminRequest } from '../session/types'

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

/** What the feed carries now, what it holds back and why, and when each portal last read it. */
export type PortalsState = Schemas['Portals']
export type PortalBlocked = Schemas['PortalBlocked']
export type PortalCrawler = Schemas['PortalCrawler']

export function getPortals(request: AdminRequest, signal?: AbortSignal): Promise<PortalsState> {
  return request('/api/admin/portals', { signal })
}
