import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../../lib/api'
import { useAdminSession } from '../../session/AdminSession'
import { uploadPhoto, type AdminPhoto } from './api'

/** How many files are sent at the same time; the others wait their turn. */
export const PARALLEL_UPLOADS = 2

export interface UploadItem {
  key: string
  file: File
  state: 'queued' | 'sending' | 'failed'
  /** Bytes sent, of `total` (0 until the browser tells). */
  loaded: number
  total: number
  error: string | null
  /** Whether sending the same file again may work (a network or server failure, not a refusal). */
  retryable: boolean
}

const TOO_BIG = 'A foto tem mais de 20 MB.'
const UNSUPPORTED = 'Formato não suportado. Envie fotos JPEG, PNG ou WebP.'
const INVALID = 'O servidor recusou esta foto.'
const OFFLINE = 'Não foi possível enviar a foto. Verifique a conexão e tente novamente.'
const FAILED = 'Não foi possível enviar a foto. Tente novamente.'
const GONE = 'Imóvel não encontrado. Ele pode ter sido removido.'

/**
 * What to tell about a photo the server did not take: its own words when it sent them.
 * `gone` says that what the photo was for (a property, by default) is not there any more.
 */
export function uploadFailure(error: unknown, gone = GONE): { error: string; retryable: boolean } {
  if (!(error instanceof ApiError)) return { error: FAILED, retryable: true }
  switch (error.status) {
    case 0:
      return { error: OFFLINE, retryable: true }
    case 413:
      return { error: error.serverMessage ?? TOO_BIG, retryable: false }
    case 415:
      return { error: error.serverMessage ?? UNSUPPORTED, retryable: false }
    case 422: {
      const messages = error.details?.file ?? Object.values(error.details ?? {}).flat()
      return { error: messages.length > 0 ? messages.join(' ') : (error.serverMessage ?? INVALID), retryable: false }
    }
    case 404:
      return { error: gone, retryable: false }
    default:
      return { error: error.status >= 500 ? FAILED : (error.serverMessage ?? FAILED), retryable: error.status >= 500 }
  }
}

let uploadCount = 0

/**
 * The files being sent to a property, PARALLEL_UPLOADS at a time, each
 * with its progress, or why it was refused. A file the server took leaves
 * the list and goes to `onUploaded`. Leaving the page stops the sends.
 */
export function useUploads(propertyId: string, onUploaded: (photo: AdminPhoto, file: File) => void) {
  const { upload } = useAdminSession()
  const [items, setItems] = useState<UploadItem[]>([])
  const waiting = useRef<UploadItem[]>([])
  const running = useRef(0)
  const stop = useRef<AbortController | null>(null)
  const done = useRef(onUploaded)
  useEffect(() => {
    done.current = onUploaded
  })
  useEffect(() => {
    const controller = new AbortController()
    stop.current = controller
    return () => {
      controller.abort()
      waiting.current = []
      running.current = 0
    }
  }, [])

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)))
  }, [])

  const send = useCallback(
    async (item: UploadItem, signal: AbortSignal) => {
      patch(item.key, { state: 'sending', loaded: 0, total: item.file.size, error: null })
      try {
        const photo = await uploadPhoto(
          upload,
          propertyId,
          item.file,
          (loaded, total) => patch(item.key, { loaded, total: total || item.file.size }),
          signal,
        )
        setItems((list) => list.filter((i) => i.key !== item.key))
        done.current(photo, item.file)
      } catch (error) {
        if (signal.aborted) return
        patch(item.key, { state: 'failed', ...uploadFailure(error) })
      }
    },
    [upload, propertyId, patch],
  )

  /** Starts senders up to PARALLEL_UPLOADS; each takes the next waiting file until none is left. */
  const pump = useCallback(() => {
    const controller = stop.current
    if (!controller || controller.signal.aborted) return
    const sender = async () => {
      for (let item = waiting.current.shift(); item; item = waiting.current.shift()) {
        await send(item, controller.signal)
        if (controller.signal.aborted) return
      }
    }
    while (running.current < PARALLEL_UPLOADS && waiting.current.length > 0) {
      running.current += 1
      void sender().finally(() => {
        if (!controller.signal.aborted) running.current -= 1
      })
    }
  }, [send])

  const add = useCallback(
    (files: File[]) => {
      if (files.length === 0) return
      const added = files.map(
        (file): UploadItem => ({
          key: `upload-${++uploadCount}`,
          file,
          state: 'queued',
          loaded: 0,
          total: file.size,
          error: null,
          retryable: false,
        }),
      )
      setItems((list) => [...list, ...added])
      waiting.current.push(...added)
      pump()
    },
    [pump],
  )

  const retry = useCallback(
    (key: string) => {
      const item = items.find((i) => i.key === key)
      if (!item || item.state !== 'failed') return
      const again = { ...item, state: 'queued' as const, loaded: 0, error: null }
      patch(key, again)
      waiting.current.push(again)
      pump()
    },
    [items, patch, pump],
  )

  const dismiss = useCallback((key: string) => {
    setItems((list) => list.filter((i) => i.key !== key))
  }, [])

  const busy = items.some((i) => i.state !== 'failed')
  return { items, busy, add, retry, dismiss }
}
