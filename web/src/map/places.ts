import type { PropertyLocation } from '../lib/types'

/** The tile server the site's maps are drawn from (GET /api/v1/agency, `map`). */
export interface MapTiles {
  /** A tile's address, with {z}, {x} and {y}. */
  tiles: string
  /** The credit the tiles' licence asks for, plain text. */
  attribution: string
}

/** One thing on a map: a listing's point (a pin) or the area that holds it (a circle). */
export interface MapPlace {
  key: string
  latitude: number
  longitude: number
  /** Null for the listing's own point; else the radius, in metres, of the area around it. */
  radius: number | null
  /** What the place is, for its accessible name and its card. */
  label: string
  /** The listing's page, for the card of a results map; null on the listing's own page. */
  href: string | null
  /** A second line for the card: the price, the place. */
  detail?: string
}

/** The `map` of an agency answer, when it names a tile server; null otherwise (no map). */
export function mapTilesOf(value: unknown): MapTiles | null {
  if (!value || typeof value !== 'object') return null
  const map = (value as Record<string, unknown>).map
  if (!map || typeof map !== 'object') return null
  const { tiles, attribution } = map as Record<string, unknown>
  if (typeof tiles !== 'string' || !/^https?:\/\/[^/{}]+\/.*\{z\}/.test(tiles)) return null
  return { tiles, attribution: typeof attribution === 'string' ? attribution : '' }
}

/** Whether a location is shown as an area (a circle) rather than the listing's own point (a pin). */
export function isArea(location: PropertyLocation): boolean {
  return location.radius_m !== null
}

interface Located {
  slug: string
  title: string
  location: PropertyLocation | null
}

/**
 * The places of listings with a location, in their order; those without one are left out
 * (the caller says how many). `detail` writes each card's second line.
 */
export function placesOf<T extends Located>(items: T[], detail?: (item: T) => string): MapPlace[] {
  return items.flatMap((item) =>
    item.location
      ? [
          {
            key: item.slug,
            latitude: item.location.latitude,
            longitude: item.location.longitude,
            radius: item.location.radius_m,
            label: isArea(item.location) ? `${item.title} (região aproximada)` : item.title,
            href: `/imoveis/${item.slug}`,
            detail: detail?.(item),
          },
        ]
      : [],
  )
}

/** Text made safe for HTML (Leaflet takes its attribution as HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
