import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../../lib/api'
import { useAdminSession } from '../../session/AdminSession'
import { deletePhoto, listPhotos, reorderPhotos, updatePhotoAlt, type AdminPhoto } from './api'

/** How often the list is read again while a photo is being processed. */
export const POLL_MS = 2000

export const ORDER_FAILED = 'Não foi possível salvar a nova ordem das fotos. A ordem anterior foi restaurada.'
const ORDER_CHANGED = 'As fotos mudaram enquanto você reordenava (outra pessoa pode tê-las alterado). A lista foi atualizada.'

export interface PhotoList {
  /** The photos in the gallery's order, or null until the first answer. */
  photos: AdminPhoto[] | null
  loadFailed: boolean
  retryLoad: () => void
  /** Ids of the photos seen turning from "processing" to "ready" on this page. */
  turnedReady: ReadonlySet<string>
  /** Why the last change of order was undone, if it was. */
  orderError: string | null
  /** A photo the server has just added (an upload, an address), shown last. */
  added: (photo: AdminPhoto) => void
  /** Puts the photos in the order of `ids` at once, and tells the server (undone if it refuses). */
  reorder: (ids: string[]) => void
  saveAlt: (photoId: string, altText: string) => Promise<AdminPhoto>
  remove: (photoId: string) => Promise<void>
}

/**
 * The photos of a property as the server holds them, changed through the
 * photo endpoints at once (no form to save). While any photo is still
 * being processed the list is read again every POLL_MS, until none is
 * (and never after the page is left).
 */
export function usePhotos(propertyId: string): PhotoList {
  const { request } = useAdminSession()
  const [photos, setPhotos] = useState<AdminPhoto[] | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const [turnedReady, setTurnedReady] = useState<ReadonlySet<string>>(() => new Set())
  const [orderError, setOrderError] = useState<string | null>(null)
  const [tick, setTick] = useState(0)
  // What is on screen, for the callbacks (state is read at render).
  const current = useRef<AdminPhoto[] | null>(null)
  // Bumped by every change made here: a read of the list begun before one is stale and dropped.
  const version = useRef(0)
  // The order the server last confirmed, to go back to when a new order is refused.
  const confirmedOrder = useRef<string[]>([])
  const orderRequests = useRef(0)

  const show = useCallback((next: AdminPhoto[], fromServer: boolean) => {
    const before = new Map((current.current ?? []).map((p) => [p.id, p.status]))
    const ready = next.filter((p) => p.status === 'ready' && before.get(p.id) === 'processing').map((p) => p.id)
    current.current = next
    if (fromServer) confirmedOrder.current = next.map((p) => p.id)
    setPhotos(next)
    if (ready.length > 0) setTurnedReady((s) => new Set([...s, ...ready]))
  }, [])

  useEffect(() => {
    const controller = new AbortController()
    const started = version.current
    listPhotos(request, propertyId, controller.signal).then(
      (list) => {
        if (version.current === started) show(list, true)
      },
      () => {
        if (!controller.signal.aborted) setLoadFailed(true)
      },
    )
    return () => controller.abort()
  }, [request, propertyId, show, attempt])

  const processing = photos?.some((p) => p.status === 'processing') ?? false
  useEffect(() => {
    if (!processing) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      const started = version.current
      listPhotos(request, propertyId, controller.signal).then(
        (list) => {
          if (version.current === started) show(list, true)
          setTick((n) => n + 1)
        },
        () => {
          // A failed read is tried again at the next tick.
          if (!controller.signal.aborted) setTick((n) => n + 1)
        },
      )
    }, POLL_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [processing, tick, request, propertyId, show])

  const retryLoad = useCallback(() => {
    setLoadFailed(false)
    setAttempt((n) => n + 1)
  }, [])

  /** Reads the list again now (after the server refused a change made on a stale list). */
  const refresh = useCallback(() => {
    const started = ++version.current
    listPhotos(request, propertyId).then(
      (list) => {
        if (version.current === started) show(list, true)
      },
      () => {},
    )
  }, [request, propertyId, show])

  const added = useCallback(
    (photo: AdminPhoto) => {
      version.current += 1
      const list = current.current ?? []
      if (list.some((p) => p.id === photo.id)) return // a read of the list brought it already
      show([...list, photo], false)
    },
    [show],
  )

  const reorder = useCallback(
    (ids: string[]) => {
      const list = current.current
      if (!list) return
      const byId = new Map(list.map((p) => [p.id, p]))
      const next = ids.flatMap((id) => byId.get(id) ?? [])
      version.current += 1
      const mine = ++orderRequests.current
      show(next, false)
      setOrderError(null)
      reorderPhotos(request, propertyId, ids).then(
        (saved) => {
          confirmedOrder.current = saved.map((p) => p.id)
          // Only the last order asked for is shown: an earlier answer would undo a later move.
          if (mine !== orderRequests.current) return
          version.current += 1
          show(saved, true)
        },
        (error: unknown) => {
          if (mine !== orderRequests.current) return
          version.current += 1
          // Back to the order the server holds; photos added meanwhile stay, last.
          const now = current.current ?? []
          const rank = new Map(confirmedOrder.current.map((id, i) => [id, i]))
          const back = [...now].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity))
          show(back, false)
          if (error instanceof ApiError && error.isValidation) {
            setOrderError(ORDER_CHANGED)
            refresh()
          } else {
            setOrderError(ORDER_FAILED)
          }
        },
      )
    },
    [request, propertyId, show, refresh],
  )

  const saveAlt = useCallback(
    async (photoId: string, altText: string) => {
      const saved = await updatePhotoAlt(request, propertyId, photoId, altText)
      version.current += 1
      const list = current.current ?? []
      show(
        list.map((p) => (p.id === photoId ? saved : p)),
        false,
      )
      return saved
    },
    [request, propertyId, show],
  )

  const remove = useCallback(
    async (photoId: string) => {
      try {
        await deletePhoto(request, propertyId, photoId)
      } catch (error) {
        // Already gone (removed in another tab): the list drops it all the same.
        if (!(error instanceof ApiError && error.isNotFound)) throw error
      }
      version.current += 1
      show(
        (current.current ?? []).filter((p) => p.id !== photoId),
        false,
      )
    },
    [request, propertyId, show],
  )

  return { photos, loadFailed, retryLoad, turnedReady, orderError, added, reorder, saveAlt, remove }
}
