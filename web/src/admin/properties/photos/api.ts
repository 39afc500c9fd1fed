import type { AdminRequest, AdminUpload } from '../../session/types'

/** A photo of a property as the back office reads it (AdminPhoto of the photos API). */
export interface AdminPhoto {
  id: string
  /** "upload": a file sent here, resized by the server; "url": an address typed by staff. */
  source: 'upload' | 'url'
  /** An upload is "processing" until its sizes are made; "url" photos are always "ready". */
  status: 'processing' | 'ready' | 'failed'
  /** Why processing failed (pt-BR), for a "failed" photo. */
  error: string | null
  /** Null while an upload is processing or when it failed. */
  url: string | null
  /** A small JPEG of a ready upload; the address itself for a "url" photo. */
  thumbnail_url: string | null
  alt_text: string
  display_order: number
  width: number | null
  height: number | null
  srcset: { jpeg: string; webp: string } | null
}

const enc = encodeURIComponent
const base = (propertyId: string) => `/api/admin/properties/${enc(propertyId)}/photos`

/** The property's photos, in the gallery's order (the first is the cover). */
export async function listPhotos(request: AdminRequest, propertyId: string, signal?: AbortSignal): Promise<AdminPhoto[]> {
  const { photos } = await request<{ photos: AdminPhoto[] }>(base(propertyId), { signal })
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
  return upload<AdminPhoto>(base(propertyId), body, onProgress, signal)
}

/** Adds a photo by its address (kept on its own host), last. */
export function addPhotoByUrl(
  request: AdminRequest,
  propertyId: string,
  photo: { url: string; alt_text: string },
): Promise<AdminPhoto> {
  return request(base(propertyId), { method: 'POST', body: photo })
}

export function updatePhotoAlt(request: AdminRequest, propertyId: string, photoId: string, altText: string): Promise<AdminPhoto> {
  return request(`${base(propertyId)}/${enc(photoId)}`, { method: 'PATCH', body: { alt_text: altText } })
}

/** Puts the photos in a new order: `ids` holds every photo of the property. */
export async function reorderPhotos(request: AdminRequest, propertyId: string, ids: string[]): Promise<AdminPhoto[]> {
  const { photos } = await request<{ photos: AdminPhoto[] }>(base(propertyId), { method: 'PUT', body: { ids } })
  return photos
}

export function deletePhoto(request: AdminRequest, propertyId: string, photoId: string): Promise<void> {
  return request(`${base(propertyId)}/${enc(photoId)}`, { method: 'DELETE' })
}
