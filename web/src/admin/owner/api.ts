import type { Schemas } from '../../lib/types'
import type { AdminRequest, AdminUpload } from '../session/types'

const enc = encodeURIComponent

/** The owner's record of a listing (captação), with its documents: back office only. */
export type OwnerRecord = Schemas['OwnerRecord']
export type OwnerDocument = Schemas['OwnerDocument']
export type OwnerRecordInput = Schemas['OwnerRecordInput']

const base = (id: string) => `/api/admin/properties/${enc(id)}/owner`

export function getOwner(request: AdminRequest, id: string, signal?: AbortSignal): Promise<OwnerRecord> {
  return request(base(id), { signal })
}

export function putOwner(request: AdminRequest, id: string, body: OwnerRecordInput): Promise<OwnerRecord> {
  return request(base(id), { method: 'PUT', body })
}

export function uploadOwnerDocument(upload: AdminUpload, id: string, file: File): Promise<OwnerDocument> {
  const form = new FormData()
  form.append('file', file)
  return upload(`${base(id)}/documents`, form)
}

export function downloadOwnerDocument(request: AdminRequest, id: string, docID: string): Promise<Blob> {
  return request(`${base(id)}/documents/${enc(docID)}`, { as: 'blob' })
}

export function deleteOwnerDocument(request: AdminRequest, id: string, docID: string): Promise<void> {
  return request(`${base(id)}/documents/${enc(docID)}`, { method: 'DELETE' })
}
