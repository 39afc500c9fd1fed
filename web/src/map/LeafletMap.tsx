/**
 * The map itself, drawn by Leaflet: a chunk of its own, with Leaflet's CSS, loaded only
 * when a map is about to show (LazyMap). Everything it shows comes in its props.
 */
import { useEffect, useRef } from 'react'
import L from 'leaflet'
import 'leaflet/dist/leaflet.css'
import { escapeHtml, type MapPlace, type MapTiles } from './places'

export interface LeafletMapProps {
  tiles: MapTiles
  places: MapPlace[]
  /** Opens a listing's page through the client's router (a card's link, plain left click). */
  onOpen?: (href: string) => void
}

/** Zoom on a single point: a few streets around it. */
const POINT_ZOOM = 16

/** The pin: a drawing of the site's own, so that no image file is fetched for it. */
const PIN = L.divIcon({
  className: 'map-pin',
  html:
    '<svg viewBox="0 0 24 32" width="30" height="40" aria-hidden="true" focusable="false">' +
    '<path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0Z" fill="currentColor"/>' +
    '<circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>',
  iconSize: [30, 40],
  iconAnchor: [15, 40],
  popupAnchor: [0, -36],
})

export default function LeafletMap({ tiles, places, onOpen }: LeafletMapProps) {
  const box = useRef<HTMLDivElement>(null)
  const open = useRef(onOpen)
  useEffect(() => {
    open.current = onOpen
  }, [onOpen])

  useEffect(() => {
    const element = box.current
    if (!element || places.length === 0) return
    const map = L.map(element, { scrollWheelZoom: false, zoomControl: false, attributionControl: false })
    L.control.zoom({ zoomInTitle: 'Aproximar', zoomOutTitle: 'Afastar' }).addTo(map)
    L.control.attribution({ prefix: false }).addTo(map)
    L.tileLayer(tiles.tiles, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 }).addTo(map)

    const bounds = L.latLngBounds([])
    for (const place of places) {
      const at = L.latLng(place.latitude, place.longitude)
      const layer =
        place.radius === null
          ? L.marker(at, { icon: PIN, title: place.label, keyboard: true })
          : L.circle(at, { radius: place.radius, className: 'map-area', weight: 2 })
      if (place.href) layer.bindPopup(() => card(place, (href) => open.current?.(href)))
      // Leaflet draws a layer only once the map has its view, which is set below.
      layer.once('add', () => {
        if (layer instanceof L.Marker) layer.getElement()?.setAttribute('aria-label', place.label)
        else if (place.href) reachable(layer, place.label)
      })
      layer.addTo(map)
      // A circle's own bounds need the map's view, which these bounds are to set.
      bounds.extend(place.radius === null ? at : at.toBounds(place.radius * 2))
    }
    // The popup's close button names itself in English; the site speaks Portuguese.
    map.on('popupopen', (event) => {
      const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button')
      close?.setAttribute('aria-label', 'Fechar')
      close?.setAttribute('title', 'Fechar')
    })
    if (places.length === 1 && places[0].radius === null) map.setView(bounds.getCenter(), POINT_ZOOM)
    else map.fitBounds(bounds, { padding: [24, 24], maxZoom: POINT_ZOOM })
    return () => {
      map.remove()
    }
  }, [tiles, places])

  return <div ref={box} className="map__canvas" />
}

/**
 * Lets a keyboard reach an area as it reaches a pin: Leaflet makes its markers focusable
 * and opens their popup on Enter, but draws a circle as an SVG path that takes no focus.
 */
function reachable(circle: L.Circle, label: string) {
  const path = circle.getElement()
  if (!path) return
  path.setAttribute('tabindex', '0')
  path.setAttribute('role', 'button')
  path.setAttribute('aria-label', label)
  path.addEventListener('keydown', (event) => {
    if (!(event instanceof KeyboardEvent) || (event.key !== 'Enter' && event.key !== ' ')) return
    event.preventDefault()
    circle.openPopup()
  })
}

/** A listing's card in a popup: its title, a second line, and a link to its page. */
function card(place: MapPlace, open: (href: string) => void): HTMLElement {
  const box = document.createElement('div')
  box.className = 'map-card'
  const title = document.createElement('a')
  title.className = 'map-card__title'
  title.href = place.href ?? '#'
  title.textContent = place.label
  title.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !place.href) return
    event.preventDefault()
    open(place.href)
  })
  box.append(title)
  if (place.detail) {
    const detail = document.createElement('p')
    detail.className = 'map-card__detail'
    detail.textContent = place.detail
    box.append(detail)
  }
  return box
}
