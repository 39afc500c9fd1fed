import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react'
import { openGallery, preloadGallery } from '../gallery/openGallery'
import type { Photo } from '../lib/types'
import { getEmbedUrl } from '../video/embed'
import { VideoPlayer } from '../video/VideoPlayer'
import { ChevronIcon, ExpandIcon, NoPhotoIcon, PlayIcon } from './icons'
import { Picture } from './Picture'
import './carousel.css'

interface PhotoCarouselProps {
  photos: Photo[]
  /**
   * When it resolves to a playable video, slide 0 is that video (spec 4.4):
   * shown as the cover photo with a play button, its player loaded only on
   * a tap, so that the page paints the cover first and loads nothing of
   * the video's platform until the visitor asks.
   */
  videoUrl?: string | null
  /** Accessible name of the carousel region. */
  label?: string
  /**
   * The carousel's width on the page, as an HTML sizes attribute: the page's layout
   * decides it. A slide is as wide as the carousel.
   */
  sizes?: string
}

type Slide = { kind: 'video'; url: string } | { kind: 'photo'; photo: Photo; number: number }

/** Minimum horizontal travel, in CSS pixels, for a pointer movement to count as a swipe. */
const SWIPE_THRESHOLD = 40
/** Most travel, in CSS pixels, for a press on a photo to count as a tap (a click) that opens it full screen. */
const TAP_SLOP = 10

/** A thumbnail's width (.carousel__thumb in carousel.css): the smallest variant is plenty. */
const THUMB_SIZES = '(max-width: 640px) 68px, 84px'

export function PhotoCarousel({ photos, videoUrl, label = 'Fotos do imóvel', sizes = '100vw' }: PhotoCarouselProps) {
  const slides = useMemo<Slide[]>(() => {
    const ordered = [...photos].sort((a, b) => a.display_order - b.display_order)
    const list: Slide[] = ordered.map((photo, i) => ({ kind: 'photo', photo, number: i + 1 }))
    if (videoUrl && getEmbedUrl(videoUrl).type !== 'unknown') list.unshift({ kind: 'video', url: videoUrl })
    return list
  }, [photos, videoUrl])
  const cover = slides.find((s) => s.kind === 'photo')?.photo ?? null

  const total = slides.length
  const [requested, setRequested] = useState(0)
  // Whether the visitor asked for the video: its player is loaded then,
  // and unloaded when they move to another slide.
  const [playing, setPlaying] = useState(false)
  const index = Math.min(requested, Math.max(total - 1, 0))
  const thumbsRef = useRef<HTMLUListElement>(null)
  const userMoved = useRef(false)
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null)
  // Where the last press began: a click that ends a swipe does not open the gallery.
  const press = useRef<{ x: number; y: number } | null>(null)

  const goTo = (next: number, play = false) => {
    if (total === 0) return
    userMoved.current = true
    setRequested(((next % total) + total) % total)
    setPlaying(play)
  }

  // Keep the active thumbnail visible, but never scroll the page on first render.
  useEffect(() => {
    if (!userMoved.current) return
    const active = thumbsRef.current?.querySelector<HTMLElement>('[aria-current="true"]')
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: 'smooth' })
  }, [index])

  if (total === 0) {
    return (
      <div className="carousel carousel--empty">
        <NoPhotoIcon />
        <p>Sem fotos disponíveis</p>
      </div>
    )
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const keys: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: total - 1 }
    if (!(event.key in keys) || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    goTo(keys[event.key])
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    const target = event.target as HTMLElement
    if (target.closest('button')) return
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY }
    press.current = { x: event.clientX, y: event.clientY }
    // A press on a photo may become a tap that opens the gallery: fetch its code now.
    if (target.closest('[data-photo]')) preloadGallery().catch(() => {})
  }

  /** Opens the photos full screen at the photo of slide `i`. */
  const openAt = (slide: Slide) => {
    if (slide.kind !== 'photo') return
    // Offline, the code of the gallery may not arrive: the carousel stays as it is, and the next tap tries again.
    openGallery({ photos, index: slide.number - 1, label }).catch(() => {})
  }
  const onSlideClick = (event: MouseEvent<HTMLDivElement>, slide: Slide) => {
    const start = press.current
    press.current = null
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > TAP_SLOP) return
    openAt(slide)
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current
    swipe.current = null
    if (!start || start.id !== event.pointerId) return
    const dx = event.clientX - start.x
    const dy = event.clientY - start.y
    if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) < Math.abs(dy)) return
    goTo(dx < 0 ? index + 1 : index - 1)
  }

  const many = total > 1
  return (
    <section
      className="carousel"
      aria-roledescription="carrossel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div
        className="carousel__viewport"
        data-testid="carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        <div className="carousel__track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {slides.map((slide, i) => {
            const active = i === index
            return (
              <div
                key={slide.kind === 'video' ? 'video' : `photo-${i}`}
                className="carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} de ${total}`}
                aria-hidden={!active}
                inert={!active}
                data-photo={slide.kind === 'photo' ? '' : undefined}
                // A tap or click on a photo opens the gallery; the keyboard's way is the "Ver em tela cheia" button.
                onClick={slide.kind === 'photo' ? (event) => onSlideClick(event, slide) : undefined}
              >
                {slide.kind === 'video' ? (
                  active && playing ? (
                    <VideoPlayer url={slide.url} className="carousel__video" />
                  ) : (
                    // The poster: the cover (the page's first paint, fetched first),
                    // and the button that loads the player.
                    <div className="carousel__video-poster">
                      {cover && (
                        <Picture
                          photo={cover}
                          className="carousel__image"
                          sizes={sizes}
                          alt=""
                          loading={i === 0 ? 'eager' : 'lazy'}
                          fetchPriority={i === 0 ? 'high' : undefined}
                          draggable={false}
                        />
                      )}
                      <button type="button" className="carousel__play" aria-label="Assistir ao vídeo" onClick={() => setPlaying(true)}>
                        <PlayIcon />
                      </button>
                    </div>
                  )
                ) : (
                  // Only slide 0 is on screen at first: when it is a photo (the cover),
                  // it is the page's largest image and is fetched first. When the video
                  // is slide 0, its poster is the cover, and the photos load lazily.
                  <SlideImage photo={slide.photo} number={slide.number} sizes={sizes} first={i === 0} />
                )}
              </div>
            )
          })}
        </div>

        {many && (
          <>
            <button
              type="button"
              className="carousel__nav carousel__nav--prev"
              aria-label="Foto anterior"
              onClick={() => goTo(index - 1)}
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="carousel__nav carousel__nav--next"
              aria-label="Próxima foto"
              onClick={() => goTo(index + 1)}
            >
              <ChevronIcon direction="right" />
            </button>
          </>
        )}
        {slides[index].kind === 'photo' && (
          <button
            type="button"
            className="carousel__expand"
            aria-label="Ver em tela cheia"
            onPointerDown={() => void preloadGallery().catch(() => {})}
            onClick={() => openAt(slides[index])}
          >
            <ExpandIcon />
          </button>
        )}
        <p className="carousel__counter" aria-live="polite" aria-atomic="true">
          {index + 1} / {total}
        </p>
      </div>

      {many && (
        <ul className="carousel__thumbs" ref={thumbsRef} aria-label="Miniaturas">
          {slides.map((slide, i) => (
            <li key={slide.kind === 'video' ? 'video' : `thumb-${i}`}>
              <button
                type="button"
                className={`carousel__thumb${slide.kind === 'video' ? ' carousel__thumb--video' : ''}`}
                aria-label={slide.kind === 'video' ? 'Ver vídeo' : `Ver foto ${slide.number}`}
                aria-current={i === index ? 'true' : undefined}
                // "Ver vídeo" is a request for the video: it plays.
                onClick={() => goTo(i, slide.kind === 'video')}
              >
                {slide.kind === 'video' ? <PlayIcon /> : <ThumbImage photo={slide.photo} />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function SlideImage({ photo, number, sizes, first }: { photo: Photo; number: number; sizes: string; first: boolean }) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    return (
      <div className="carousel__broken">
        <NoPhotoIcon />
        <p>Imagem indisponível</p>
      </div>
    )
  }
  return (
    <Picture
      photo={photo}
      className="carousel__image"
      sizes={sizes}
      fallbackAlt={`Foto ${number} do imóvel`}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      draggable={false}
      onError={() => setFailed(true)}
    />
  )
}

function ThumbImage({ photo }: { photo: Photo }) {
  const [failed, setFailed] = useState(false)
  if (failed) return <span className="carousel__thumb-missing" />
  return (
    <Picture photo={photo} alt="" sizes={THUMB_SIZES} loading="lazy" draggable={false} onError={() => setFailed(true)} />
  )
}
