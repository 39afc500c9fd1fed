import type { Photo } from '../lib/types'
import './picture.css'

/** What a Picture shows: a photo, or an image with no description of its own (a broker's photo). */
type PictureImage = Pick<Photo, 'url' | 'width' | 'height' | 'srcset'> & { alt_text?: string }

interface PictureProps {
  photo: PictureImage
  /**
   * The width the image is shown at, as the HTML sizes attribute: with the srcset
   * it lets the browser fetch the smallest variant that fills it. Unused for an
   * external photo, which has a single address.
   */
  sizes: string
  /** "eager" only for an image in view at first paint; lazy images wait until they near the screen. */
  loading: 'eager' | 'lazy'
  /** "high" for the page's largest image in view at first paint (its Largest Contentful Paint). */
  fetchPriority?: 'high'
  className?: string
  /** The text alternative: by default the photo's own, else `fallbackAlt`. "" marks a decorative image. */
  alt?: string
  fallbackAlt?: string
  draggable?: boolean
  onError?: () => void
  /**
   * The size the page shows the image at, when it fixes one (a round portrait): the width and
   * height attributes then, in place of the image's own, so that its box is known before it loads.
   */
  box?: { width: number; height: number }
}

/**
 * One photo. An uploaded photo is a <picture>: WebP variants for browsers that take
 * them, JPEG variants otherwise, with its pixel size so that its box is known before
 * it loads. An external photo is a plain <img> of its address.
 */
export function Picture({
  photo,
  sizes,
  loading,
  fetchPriority,
  className,
  alt,
  fallbackAlt = '',
  draggable,
  onError,
  box,
}: PictureProps) {
  const srcset = photo.srcset
  // Both or neither: a lone width or height would distort the box.
  const size = box ?? (photo.width != null && photo.height != null ? { width: photo.width, height: photo.height } : {})
  const img = (
    <img
      className={className}
      src={photo.url}
      srcSet={srcset?.jpeg}
      sizes={srcset ? sizes : undefined}
      {...size}
      alt={alt ?? (photo.alt_text?.trim() || fallbackAlt)}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      draggable={draggable}
      onError={onError}
    />
  )
  if (!srcset) return img
  return (
    <picture className="picture">
      <source type="image/webp" srcSet={srcset.webp} sizes={sizes} />
      {img}
    </picture>
  )
}
