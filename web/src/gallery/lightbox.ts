// The full-screen gallery proper: PhotoSwipe and its styles. Only
// openGallery.ts imports this module, dynamically, so that none of it is
// in the public bundle or delays the page's first paint.
import PhotoSwipe, { type SlideData } from 'photoswipe'
import 'photoswipe/style.css'
import './gallery.css'
import { galleryItems, photoLabel, type ImageFormat } from './items'
import type { GalleryOptions } from './openGallery'

/** What the history entry the open gallery adds carries, so that Back closes it. */
const HISTORY_KEY = 'vitrineGallery'

/** A 1×1 lossy WebP: the browser that decodes it takes the WebP variants. */
const WEBP_PROBE = 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA'
let format: Promise<ImageFormat> | undefined
/**
 * Settles once the history entry of the last gallery is gone. history.back()
 * completes later; a gallery opened before then would push its entry first
 * and have it taken off by that back.
 */
let leaving: Promise<void> = Promise.resolve()

/**
 * The format of the variants to show. The page's <picture> lets the browser
 * choose; the gallery draws a plain <img> whose srcset PhotoSwipe keeps
 * sized to the zoom, so it asks the browser once whether it decodes WebP.
 */
function imageFormat(): Promise<ImageFormat> {
  format ??= new Promise((resolve) => {
    const probe = new Image()
    probe.onload = () => resolve(probe.width === 1 ? 'webp' : 'jpeg')
    probe.onerror = () => resolve('jpeg')
    probe.src = WEBP_PROBE
  })
  return format
}

/** The natural size of an image at `src`, once it has loaded (null when it cannot). */
function measure(src: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image()
    img.onload = () => resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null)
    img.onerror = () => resolve(null)
    img.src = src
  })
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false

/**
 * Opens the photos full screen at `index` (in display order) and resolves
 * when the gallery has closed. Back closes it: opening adds a history entry
 * for the same address, and closing in any other way takes it off again.
 */
export async function showGallery({ photos, index, label }: GalleryOptions): Promise<void> {
  const [found] = await Promise.all([imageFormat(), leaving])
  const items: SlideData[] = galleryItems(photos, found)
  if (items.length === 0) return
  const still = reducedMotion()
  const pswp = new PhotoSwipe({
    dataSource: items,
    index: Math.min(Math.max(index, 0), items.length - 1),
    mainClass: 'vitrine-gallery',
    // The carousel crops its photos: a zoom from the slide would jump at its end.
    showHideAnimationType: still ? 'none' : 'fade',
    zoomAnimationDuration: still ? 0 : 333,
    bgOpacity: 1,
    counter: false,
    closeTitle: 'Fechar',
    zoomTitle: 'Ampliar',
    arrowPrevTitle: 'Foto anterior',
    arrowNextTitle: 'Próxima foto',
    errorMsg: 'Não foi possível carregar esta foto.',
    // A tap shows or hides the controls; a double tap or a click zooms; Esc and the close button close.
    imageClickAction: 'zoom',
    bgClickAction: 'close',
    tapAction: 'toggle-controls',
    doubleTapAction: 'zoom',
  })

  pswp.on('uiRegister', () => {
    pswp.ui?.registerElement({
      name: 'vitrine-counter',
      className: 'vitrine-gallery__counter',
      order: 5,
      isButton: false,
      appendTo: 'bar',
      onInit: (el, gallery) => {
        el.setAttribute('aria-live', 'polite')
        el.setAttribute('aria-atomic', 'true')
        gallery.on('change', () => {
          el.textContent = photoLabel(gallery.currIndex, gallery.getNumItems())
        })
      },
    })
  })

  pswp.on('bindEvents', () => {
    const root = pswp.element
    root?.setAttribute('aria-modal', 'true')
    root?.setAttribute('aria-label', label)
    pswp.scrollWrap?.setAttribute('aria-roledescription', 'carrossel')
  })

  // Tab goes round the gallery's controls: PhotoSwipe only takes the focus
  // back once it has left the page, and past its last button it would.
  pswp.on('keydown', (event) => {
    const key = event.originalEvent
    if (key.key !== 'Tab' || key.altKey || key.ctrlKey || key.metaKey || !pswp.element) return
    const controls = [...pswp.element.querySelectorAll<HTMLButtonElement>('button')].filter(
      (b) => !b.disabled && b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden',
    )
    if (controls.length === 0) return
    const first = controls[0]
    const last = controls[controls.length - 1]
    const at = document.activeElement
    const wrap = key.shiftKey ? at === first || at === pswp.element : at === last
    if (!wrap) return
    key.preventDefault()
    event.preventDefault()
    ;(key.shiftKey ? last : first).focus()
  })

  // Each slide is named as the counter reads, and the zoom button says what it will do.
  const zoomButton = () => pswp.element?.querySelector<HTMLButtonElement>('.pswp__button--zoom') ?? null
  const updateZoomLabel = () => {
    const slide = pswp.currSlide
    const zoomedIn = slide ? slide.currZoomLevel > slide.zoomLevels.initial + 1e-3 : false
    const button = zoomButton()
    const text = zoomedIn ? 'Reduzir' : 'Ampliar'
    if (button && button.getAttribute('aria-label') !== text) {
      button.setAttribute('aria-label', text)
      button.title = text
    }
  }
  pswp.on('change', () => {
    pswp.currSlide?.holderElement?.setAttribute('aria-label', photoLabel(pswp.currIndex, pswp.getNumItems()))
    updateZoomLabel()
  })
  pswp.on('zoomPanUpdate', updateZoomLabel)

  // An address staff typed comes with no size; PhotoSwipe needs one to fit
  // and zoom. The slide shows the photo fitted to the screen at once and is
  // laid out again at the photo's own size once the browser has it.
  const measuring = new Set<number>()
  pswp.on('contentInit', ({ content }) => {
    const i = content.index
    const item = items[i]
    if (item.width || measuring.has(i) || !item.src) return
    measuring.add(i)
    void measure(item.src).then((size) => {
      if (!size || pswp.isDestroying) return
      item.width = size.width
      item.height = size.height
      pswp.refreshSlideContent(i)
    })
  })

  // Back closes the gallery instead of leaving the page.
  let closedByBack = false
  const onPopState = () => {
    closedByBack = true
    pswp.close()
  }
  const closed = new Promise<void>((resolve) => {
    pswp.on('close', () => {
      window.removeEventListener('popstate', onPopState)
      const state: unknown = window.history.state
      if (closedByBack || !(state && typeof state === 'object' && HISTORY_KEY in state)) return
      leaving = new Promise((gone) => window.addEventListener('popstate', () => gone(), { once: true }))
      window.history.back()
    })
    pswp.on('destroy', () => resolve())
  })

  const state: unknown = window.history.state
  window.history.pushState({ ...(state && typeof state === 'object' ? state : {}), [HISTORY_KEY]: true }, '')
  window.addEventListener('popstate', onPopState)
  pswp.init()
  return closed
}
