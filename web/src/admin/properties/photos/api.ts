import type { Schemas } from '../../../lib/types'
import type { AdminRequest, AdminUpload } from '../../session/types'

/**
 * A photo of a property as the back office reads it. An upload is "processing"
 * until its sizes are made (url null until then, error set when it failed); a
 * "url" photo, an address typed by staff, is always "ready".
 */
export type AdminPhoto = Schemas['AdminPhoto']
type PhotoList = Schemas['AdminPhotoList']

const enc = encodeURIComponent
const base = (propertyId: string) => `/api/admin/properties/${enc(propertyId)}/photos`

/** The property's photos, in the gallery's order (the first is the cover). */
export async function listPhotos(request: AdminRequest, propertyId: string, signal?: AbortSignal): Promise<AdminPhoto[]> {
  const { photos } = await request<PhotoList>(base(propertyId), { signal })
  return photos
}

/** Sends one image file; the photo comes back "processing" (or "ready" when the same file was sent before), last. */
export function uploadPhoto(
  upload: AdminUpload,
  propertyId: string,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<AdminPhoto> {
  const body = new FormData()
  body.append('file', file, file.name)
  return upload<AdminPhoto>(base(propertyId), body, { onProgress, signal })
}

/** Adds a photo by its address (kept on its own host), last. */
export function addPhotoByUrl(
  request: AdminRequest,
  propertyId: string,
  photo: Schemas['PhotoAdd'],
): Promise<AdminPhoto> {
  return request(base(propertyId), { method: 'POST', body: photo })
}

export function updatePhotoAlt(request: AdminRequest, propertyId: string, photoId: string, altText: string): Promise<AdminPhoto> {
  const body: Schemas['PhotoAlt'] = { alt_text: altText }
  return request(`${base(propertyId)}/${enc(photoId)}`, { method: 'PATCH', body })
}

/** Puts the photos in a new order: `ids` holds every photo of the property. */
export async function reorderPhotos(request: AdminRequest, propertyId: string, ids: string[]): Promise<AdminPhoto[]> {
  const body: Schemas['PhotoOrder'] = { ids }
  const { photos } = await request<PhotoList>(base(propertyId), { method: 'PUT', body })
  return photos
}

export function deletePhoto(request: AdminRequest, propertyId: string, photoId: string): Promise<void> {
  return request(`${base(propertyId)}/${enc(photoId)}`, { method: 'DELETE' })
}
