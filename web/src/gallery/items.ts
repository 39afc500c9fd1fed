import type { Photo } from '../lib/types'

/** The image formats an uploaded photo comes in (Photo.srcset). */
export type ImageFormat = 'webp' | 'jpeg'

/**
 * One photo as the full-screen gallery shows it. `srcset` lists the
 * variants in one format; the gallery sets the sizes attribute to the
 * width it draws the photo at (larger when zoomed), so the browser fetches
 * the variant that fills the screen, and a larger one only on zoom.
 */
export interface GalleryItem {
  src: string
  srcset?: string
  /** Pixel size of the largest variant; absent for an address staff typed, measured once it loads. */
  width?: number
  height?: number
  alt: string
}

/**
 * The items of the gallery, in the order of the page's carousel (display
 * order). The gallery draws a plain <img>, not a <picture>: it takes the
 * variants of the one format the browser decodes.
 */
export function galleryItems(photos: readonly Photo[], format: ImageFormat): GalleryItem[] {
  return [...photos]
    .sort((a, b) => a.display_order - b.display_order)
    .map((photo, i) => {
      const item: GalleryItem = { src: photo.url, alt: photo.alt_text.trim() || `Foto ${i + 1} do imóvel` }
      if (photo.srcset) item.srcset = format === 'webp' ? photo.srcset.webp : photo.srcset.jpeg
      if (photo.width != null && photo.height != null) {
        item.width = photo.width
        item.height = photo.height
      }
      return item
    })
}

/** The counter's text and each slide's name: "Foto 3 de 12". */
export function photoLabel(index: number, total: number): string {
  return `Foto ${index + 1} de ${total}`
}
