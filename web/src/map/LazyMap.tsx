import { lazy, Suspense, useEffect, useId, useRef, useState, type RefObject } from 'react'
import type { MapPlace, MapTiles } from './places'
import './map.css'

// Leaflet and its CSS are a chunk of their own, out of the first paint and of the pages'
// bundle budget (scripts/size.mjs): fetched when a map is about to show.
const LeafletMap = lazy(() => import('./LeafletMap'))

/** How far below the screen a map starts loading, so that it is drawn when the visitor reaches it. */
const NEAR = '400px'

interface LazyMapProps {
  tiles: MapTiles
  places: MapPlace[]
  /** The map's accessible name. */
  label: string
  /** Load at once (the visitor asked for the map) rather than when it comes near the screen. */
  eager?: boolean
  onOpen?: (href: string) => void
  className?: string
}

/**
 * A map of `places`, with a link before it to skip it (a keyboard user would otherwise
 * tab through its controls and markers). Nothing is shown without places.
 */
export function LazyMap({ tiles, places, label, eager = false, onOpen, className }: LazyMapProps) {
  const box = useRef<HTMLDivElement>(null)
  const near = useNear(box, eager)
  const after = useId()
  if (places.length === 0) return null
  return (
    <div className={`map ${className ?? ''}`}>
      <a className="map__skip" href={`#${after}`}>
        Pular o mapa
      </a>
      <div ref={box} className="map__box" role="region" aria-label={label}>
        {near && (
          <Suspense fallback={<MapLoading />}>
            <LeafletMap tiles={tiles} places={places} onOpen={onOpen} />
          </Suspense>
        )}
      </div>
      <span id={after} tabIndex={-1} className="map__after" />
    </div>
  )
}

function MapLoading() {
  return (
    <p className="map__loading" role="status">
      Carregando o mapa…
    </p>
  )
}

/**
 * Whether the element has come near the screen (once true, stays true); at once when `eager`,
 * or where the browser cannot tell (no IntersectionObserver).
 */
function useNear(ref: RefObject<HTMLElement | null>, eager: boolean): boolean {
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true)
      },
      { rootMargin: NEAR },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, near])
  return near || eager
}
