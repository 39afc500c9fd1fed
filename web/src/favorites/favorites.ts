import { useSyncExternalStore } from 'react'

/**
 * The visitor's favourites: listing slugs kept in this browser's
 * localStorage, newest first, with no account and nothing sent to the
 * server. The key carries a version, so that a later shape can be read
 * beside this one; whatever the key holds that is not this shape is
 * ignored (a corrupt or foreign value never breaks the page). Other tabs
 * follow through the storage event.
 */
export const FAVORITES_KEY = 'vitrine:favoritos:v1'

/** How many favourites are kept: the Favoritos page reads each one. */
export const MAX_FAVORITES = 100

const SLUG = /^[a-z0-9-]{1,120}$/

const listeners = new Set<() => void>()
let current: readonly string[] = read()

/** The stored slugs, or none when storage is unavailable or holds something else. */
function read(): readonly string[] {
  let raw: string | null
  try {
    raw = window.localStorage.getItem(FAVORITES_KEY)
  } catch {
    return [] // storage refused (a privacy mode): favourites last as long as the page
  }
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return []
    const slugs = value.filter((s): s is string => typeof s === 'string' && SLUG.test(s))
    return [...new Set(slugs)].slice(0, MAX_FAVORITES)
  } catch {
    return []
  }
}

function write(slugs: readonly string[]) {
  current = slugs
  try {
    window.localStorage.setItem(FAVORITES_KEY, JSON.stringify(slugs))
  } catch {
    // Full or refused: the list still holds for this page.
  }
  listeners.forEach((l) => l())
}

function onStorage(event: StorageEvent) {
  // key null: the other tab cleared the whole storage.
  if (event.key !== null && event.key !== FAVORITES_KEY) return
  current = read()
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}

const snapshot = () => current

/** The favourite slugs, newest first; re-renders when they change here or in another tab. */
export function useFavorites(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

/** Saves slug as the newest favourite, or removes it when it is one. */
export function toggleFavorite(slug: string) {
  if (current.includes(slug)) removeFavorite(slug)
  else write([slug, ...current].slice(0, MAX_FAVORITES))
}

export function removeFavorite(slug: string) {
  write(current.filter((s) => s !== slug))
}

/** Reads the storage again (tests, and a page that changed it by hand). */
export function reloadFavorites() {
  current = read()
  listeners.forEach((l) => l())
}
