import { ApiError, normaliseDetails } from '../../lib/api'

/** How far a file has been sent: bytes sent of the total. */
export type UploadProgress = (loaded: number, total: number) => void

export interface SendOptions {
  token?: string
  onProgress?: UploadProgress
  signal?: AbortSignal
  /** POST (a new resource, the default) or PUT (one that is replaced, such as a user's photo). */
  method?: 'POST' | 'PUT'
}

function parse(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that
 * reports how much of a request body has been sent (fetch does not).
 * Answers and failures read as `request` (lib/api) reads them: the JSON
 * body, or an ApiError with the server's `error` and `details`; status 0
 * when no answer came. An aborted send rejects with the signal's reason.
 */
export function sendForm<T>(path: string, body: FormData, { token, onProgress, signal, method = 'POST' }: SendOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const xhr = new XMLHttpRequest()
    const onAbort = () => xhr.abort()
    const settle = () => signal?.removeEventListener('abort', onAbort)
    xhr.open(method, path)
    xhr.setRequestHeader('Accept', 'application/json')
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total)
    })
    xhr.addEventListener('load', () => {
      settle()
      const payload = parse(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T)
        return
      }
      const record = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}
      const message = typeof record.error === 'string' ? record.error : null
      reject(new ApiError(xhr.status, message, normaliseDetails(record.details)))
    })
    xhr.addEventListener('error', () => {
      settle()
      reject(new ApiError(0, null))
    })
    xhr.addEventListener('abort', () => {
      settle()
      reject(signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'))
    })
    signal?.addEventListener('abort', onAbort, { once: true })
    xhr.send(body)
  })
}
