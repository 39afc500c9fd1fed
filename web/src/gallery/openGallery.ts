import type { Photo } from '../lib/types'

export interface GalleryOptions {
  /** The property's photos, in any order: the gallery shows them in display order. */
  photos: readonly Photo[]
  /** The photo to open at, counted in display order. */
  index: number
  /** The accessible name of the gallery's dialog ("Fotos de …"). */
  label: string
}

let loading: Promise<typeof import('./lightbox')> | undefined

/**
 * Starts fetching the gallery's code (its own chunk, PhotoSwipe included)
 * without opening it: called when a visitor begins to touch a photo, so
 * that the code is there, or nearly, by the time the tap ends.
 */
export function preloadGallery(): Promise<typeof import('./lightbox')> {
  loading ??= import('./lightbox').catch((error: unknown) => {
    loading = undefined // a failed fetch (offline) is tried again at the next tap
    throw error
  })
  return loading
}

let shown: Promise<void> | undefined

/**
 * Opens the photos full screen; resolves once the visitor has closed them.
 * While one gallery is open, or its code is on its way, another tap opens
 * nothing more.
 */
export function openGallery(options: GalleryOptions): Promise<void> {
  shown ??= preloadGallery()
    .then(({ showGallery }) => showGallery(options))
    .finally(() => {
      shown = undefined
    })
  return shown
}
