import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import type { Photo } from '../lib/types'
import { getEmbedUrl } from '../video/embed'
import { VideoPlayer } from '../video/VideoPlayer'
import { ChevronIcon, NoPhotoIcon, PlayIcon } from './icons'
import './carousel.css'

interface PhotoCarouselProps {
  photos: Photo[]
  /** When it resolves to a playable video, slide 0 is that video. */
  videoUrl?: string | null
  /** Accessible name of the carousel region. */
  label?: string
}

type Slide = { kind: 'video'; url: string } | { kind: 'photo'; photo: Photo; number: number }

/** Minimum horizontal travel, in CSS pixels, for a pointer movement to count as a swipe. */
const SWIPE_THRESHOLD = 40

export function PhotoCarousel({ photos, videoUrl, label = 'Fotos do imóvel' }: PhotoCarouselProps) {
  const slides = useMemo<Slide[]>(() => {
    const ordered = [...photos].sort((a, b) => a.display_order - b.display_order)
    const list: Slide[] = ordered.map((photo, i) => ({ kind: 'photo', photo, number: i + 1 }))
    if (videoUrl && getEmbedUrl(videoUrl).type !== 'unknown') list.unshift({ kind: 'video', url: videoUrl })
    return list
  }, [photos, videoUrl])

  const total = slides.length
  const [requested, setRequested] = useState(0)
  const index = Math.min(requested, Math.max(total - 1, 0))
  const thumbsRef = useRef<HTMLUListElement>(null)
  const userMoved = useRef(false)
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null)

  const goTo = (next: number) => {
    if (total === 0) return
    userMoved.current = true
    setRequested(((next % total) + total) % total)
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
    if ((event.target as HTMLElement).closest('button')) return
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY }
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
              >
                {slide.kind === 'video' ? (
                  active ? (
                    <VideoPlayer url={slide.url} className="carousel__video" />
                  ) : (
                    <div className="carousel__video-poster">
                      <PlayIcon />
                    </div>
                  )
                ) : (
                  <SlideImage photo={slide.photo} number={slide.number} />
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
                onClick={() => goTo(i)}
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

function SlideImage({ photo, number }: { photo: Photo; number: number }) {
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
    <img
      className="carousel__image"
      src={photo.url}
      alt={photo.alt_text.trim() || `Foto ${number} do imóvel`}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  )
}

function ThumbImage({ photo }: { photo: Photo }) {
  const [failed, setFailed] = useState(false)
  if (failed) return <span className="carousel__thumb-missing" />
  return <img src={photo.url} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setFailed(true)} />
}
