import type { AdminPropertyDetail, AdminPropertySummary, Page, VideoPosition } from '../../lib/types'
import type { AdminRequest } from '../session/types'

const enc = encodeURIComponent

export interface VideoUpdate {
  video_url: string | null
  video_position: VideoPosition
}

export function listProperties(
  request: AdminRequest,
  page = 1,
  perPage = 50,
  signal?: AbortSignal,
): Promise<Page<AdminPropertySummary>> {
  return request(`/api/admin/properties?page=${page}&per_page=${perPage}`, { signal })
}

export function getProperty(request: AdminRequest, id: string, signal?: AbortSignal): Promise<AdminPropertyDetail> {
  return request(`/api/admin/properties/${enc(id)}`, { signal })
}

export function updateProperty(
  request: AdminRequest,
  id: string,
  changes: Partial<VideoUpdate>,
): Promise<AdminPropertyDetail> {
  return request(`/api/admin/properties/${enc(id)}`, { method: 'PUT', body: changes })
}
