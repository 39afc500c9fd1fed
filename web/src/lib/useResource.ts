import { useCallback, useEffect, useEffectEvent, useState } from 'react'

export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }

interface Settled<T> {
  key: string
  data?: T
  error?: unknown
  failed: boolean
}

/**
 * Loads data for `key` (abortable) and reloads it when `key` changes or
 * `retry()` is called. Results of superseded requests are ignored.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0)
  const requestKey = `${key}\u0000${attempt}`
  const [settled, setSettled] = useState<Settled<T> | null>(null)
  const run = useEffectEvent((signal: AbortSignal) => load(signal))

  useEffect(() => {
    const controller = new AbortController()
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key: requestKey, data, failed: false })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key: requestKey, error, failed: true })
      },
    )
    return () => controller.abort()
  }, [requestKey])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const current = settled?.key === requestKey ? settled : null

  let resource: Resource<T>
  if (!current) resource = { status: 'loading' }
  else if (current.failed) resource = { status: 'error', error: current.error }
  else resource = { status: 'ready', data: current.data as T }
  return { ...resource, retry } as Resource<T> & { retry: () => void }
}
