import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { getAgency } from './api'
import type { Agency } from './types'
import { mapTilesOf, type MapTiles } from '../map/places'
import { useResource } from './useResource'

const AgencyContext = createContext<Agency | null>(null)
const MapTilesContext = createContext<MapTiles | null>(null)
const AgencySettledContext = createContext(false)
const FinancingRateContext = createContext<number | null>(null)
const ReplaceAgencyContext = createContext<(record: unknown) => void>(() => {})

const FIELDS = ['name', 'creci', 'creci_display', 'phone', 'whatsapp', 'email', 'address', 'logo_url', 'brand_color'] as const

/** The uploaded logo of an answer, when it has one with an address to show. */
function logoOf(value: unknown): Agency['logo'] {
  if (!value || typeof value !== 'object') return null
  const logo = value as Record<string, unknown>
  return typeof logo.url === 'string' && logo.url ? (logo as unknown as Agency['logo']) : null
}

/** Keeps the string fields of an answer and its logo; null when it names no agency (not set yet, or not an agency). */
function normaliseAgency(value: unknown): Agency | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const record = value as Record<string, unknown>
  const agency = {
    ...Object.fromEntries(
      FIELDS.map((field) => {
        const v = record[field]
        return [field, typeof v === 'string' && v.trim() ? v.trim() : null]
      }),
    ),
    logo: logoOf(record.logo),
  } as unknown as Agency
  return agency.name || agency.creci_display ? agency : null
}

/**
 * Reads the agency once for every page below it. A failed or empty read
 * leaves it null: pages show no agency and work as before. The back
 * office hands it the record it has just saved (useReplaceAgency), so
 * every page shows the new data without reading it again.
 */
export function AgencyProvider({ children }: { children: ReactNode }) {
  const resource = useResource('agency', (signal) => getAgency(signal))
  const [saved, setSaved] = useState<{ agency: Agency | null } | null>(null)
  const [savedRate, setSavedRate] = useState<number | null>(null)
  const replace = useCallback((record: unknown) => {
    setSaved({ agency: normaliseAgency(record) })
    setSavedRate(financingRateOf(record))
  }, [])
  const agency = saved ? saved.agency : resource.status === 'ready' ? normaliseAgency(resource.data) : null
  // The simulator's rate is there even before the agency is set (the server's default).
  const rate = saved ? savedRate : resource.status === 'ready' ? financingRateOf(resource.data) : null
  const settled = saved !== null || resource.status !== 'loading'
  // The server's setting, in the public read only: a record saved in the back office leaves it as it is.
  const data = resource.status === 'ready' ? resource.data : null
  const tiles = useMemo(() => mapTilesOf(data), [data])
  return (
    <ReplaceAgencyContext value={replace}>
      <AgencySettledContext value={settled}>
        <MapTilesContext value={tiles}>
          <AgencyContext value={agency}>
            <FinancingRateContext value={rate}>{children}</FinancingRateContext>
          </AgencyContext>
        </MapTilesContext>
      </AgencySettledContext>
    </ReplaceAgencyContext>
  )
}

/** The agency, or null while it loads, when its read failed or when it is not set. */
export function useAgency(): Agency | null {
  return use(AgencyContext)
}

/** The tile server of the site's maps; null while the agency loads, when its read failed, or when the site shows no map. */
export function useMapTiles(): MapTiles | null {
  return use(MapTilesContext)
}

/** The yearly rate (percent) the financing simulator starts from; null while unknown. */
export function useFinancingRate(): number | null {
  return use(FinancingRateContext)
}

function financingRateOf(value: unknown): number | null {
  const rate = value && typeof value === 'object' ? (value as Record<string, unknown>).financing_rate : null
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : null
}

/** Whether the agency's read is over (done or failed): until then, useAgency's null tells nothing. */
export function useAgencySettled(): boolean {
  return use(AgencySettledContext)
}

/**
 * The site's name, the agency's: empty while no agency is known, as the
 * site is the agency's and no other name stands in for it (seo.SiteName).
 */
export function siteName(agency: Agency | null): string {
  return agency?.name ?? ''
}

/** A page's title and the agency's name, as the server joins them (seo.Titled); the title alone without an agency. */
export function titled(title: string, agency: Agency | null): string {
  const name = siteName(agency)
  return name ? `${title} — ${name}` : title
}

/**
 * Writes the document's title: the page's own, followed by the agency's
 * name (titled). It waits until the agency's read is over, so that the
 * title the server wrote with the agency's name is not replaced by one
 * without it while the agency loads; null keeps the title as it is.
 */
export function usePageTitle(title: string | null): void {
  const agency = useAgency()
  const settled = useAgencySettled()
  useEffect(() => {
    if (settled && title !== null) document.title = titled(title, agency)
  }, [agency, settled, title])
}

/** Replaces the agency every page shows with a record just saved (GET/PUT /api/admin/agency answer the same fields). */
export function useReplaceAgency(): (record: unknown) => void {
  return use(ReplaceAgencyContext)
}

/** The id of the style element with which the server paints a public page's first frame in the brand colour (seo.BrandStyleID). */
export const BRAND_STYLE_ID = 'vitrine-brand'

/**
 * Paints the public pages in the agency's brand colour: --brand, from which styles.css derives the
 * darker and the softer shades, on the document's root while active; the site's default otherwise.
 * The server only stores a colour dark enough for white text on it. The server's own rule
 * (BRAND_STYLE_ID), which paints the first frame before this runs, is turned off where the
 * colour is not worn (the back office).
 */
export function useBrandColor(active: boolean): void {
  const color = useAgency()?.brand_color
  useEffect(() => {
    const served = document.getElementById(BRAND_STYLE_ID)
    if (served instanceof HTMLStyleElement) served.disabled = !active
  }, [active])
  useEffect(() => {
    if (!active || !color || !/^#[0-9a-f]{6}$/.test(color)) return
    const root = document.documentElement.style
    root.setProperty('--brand', color)
    return () => {
      root.removeProperty('--brand')
    }
  }, [active, color])
}
