import type { SearchBusiness, SearchSort } from '../lib/types'
import { BUSINESSES, EMPTY_SEARCH, SORTS, isSlug, normalSearch, type SearchState } from './searchState'

/**
 * The one mapping between a search and its page address (the search
 * contract's "Page addresses"):
 *
 * - `/imoveis/{business}/{city}[/{neighborhood}]?…` is the canonical address
 *   of a search with a business, a city and at most one neighborhood;
 * - `/busca?…` is the address of every other search.
 *
 * The query string uses the API's parameter names, in a fixed order, with
 * defaults (sort=relevance, page=1) left out and never `per_page`. Reading
 * an address keeps what the API would take and drops the rest (an unknown
 * parameter, a malformed value, a second value of a single one), so the
 * page never asks the API something it would refuse for its form.
 */

export const SEARCH_PATH = '/busca'
export const PLACE_PREFIX = '/imoveis'

/** The API's query string for a search (no page size: the API default, PER_PAGE, is what the client shows). */
export function searchParams(state: SearchState): URLSearchParams {
  const s = normalSearch(state)
  const p = new URLSearchParams()
  const set = (name: string, value: string | number | null) => {
    if (value !== null && value !== '') p.append(name, String(value))
  }
  set('q', s.q)
  set('business', s.business)
  for (const v of s.subtypes) p.append('subtype', v)
  set('city', s.city)
  for (const v of s.neighborhoods) p.append('neighborhood', v)
  set('price_min', s.priceMin)
  set('price_max', s.priceMax)
  set('bedrooms', s.bedrooms)
  set('bathrooms', s.bathrooms)
  set('suites', s.suites)
  set('parking', s.parking)
  set('area_min', s.areaMin)
  set('area_max', s.areaMax)
  for (const v of s.amenities) p.append('amenity', v)
  if (s.featured) p.append('featured', 'true')
  if (!s.available) p.append('available', 'false') // on by default, as the API
  if (s.sort !== 'relevance') p.append('sort', s.sort)
  if (s.page !== 1) p.append('page', String(s.page))
  return p
}

/** Whether a search has its own place page (business, city and at most one neighborhood). */
export function hasPlacePage(s: SearchState): boolean {
  return s.business !== null && s.city !== null && s.neighborhoods.length <= 1
}

/** The page address of a search: its canonical place page when it has one, else /busca. */
export function searchAddress(state: SearchState): string {
  const s = normalSearch(state)
  const params = searchParams(s)
  let path = SEARCH_PATH
  if (hasPlacePage(s)) {
    path = [PLACE_PREFIX, s.business, s.city, ...s.neighborhoods].join('/')
    params.delete('business')
    params.delete('city')
    params.delete('neighborhood')
  }
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

/** The canonical page of a place for a business (a home-page suggestion). */
export function placeAddress(business: SearchBusiness, city: string, neighborhood?: string | null): string {
  return searchAddress({ ...EMPTY_SEARCH, business, city, neighborhoods: neighborhood ? [neighborhood] : [] })
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * The place a search page's path names, or null when the path is not a
 * search page: `/busca`, `/imoveis/{business}/{city}` or
 * `/imoveis/{business}/{city}/{neighborhood}` (`/imoveis/{slug}`, one
 * segment, is a property). A path segment of the wrong form is not a search page.
 */
export function matchSearchPath(pathname: string): { business?: SearchBusiness; city?: string; neighborhood?: string } | null {
  const clean = pathname.replace(/\/+$/, '') || '/'
  if (clean === SEARCH_PATH) return {}
  const parts = clean.split('/').slice(1)
  if (parts[0] !== PLACE_PREFIX.slice(1) || (parts.length !== 3 && parts.length !== 4)) return null
  const [business, city, neighborhood] = parts.slice(1).map(decodeSegment)
  if (!BUSINESSES.includes(business as SearchBusiness) || !city || !isSlug(city)) return null
  if (parts.length === 4 && (!neighborhood || !isSlug(neighborhood))) return null
  return { business: business as SearchBusiness, city, ...(neighborhood ? { neighborhood } : {}) }
}

/** A whole number as the API reads one ("12"; not "1e3", "012", " 12", "12.0"). */
function wholeNumber(value: string | null): number | null {
  if (value === null || !/^(0|[1-9]\d{0,11})$/.test(value)) return null
  return Number(value)
}

/**
 * The search an address holds (path and query string), or null when the
 * address is not a search page. The path's place wins over the same
 * parameters in the query; further neighborhoods in the query are added.
 */
export function readSearchAddress(address: string): SearchState | null {
  const url = new URL(address, 'http://localhost')
  const place = matchSearchPath(url.pathname)
  if (!place) return null
  const p = url.searchParams
  const one = (name: string) => p.get(name)
  const bool = (name: string) => one(name) === 'true'
  const sort = one('sort') as SearchSort | null
  const business = place.business ?? (one('business') as SearchBusiness | null)
  const city = place.city ?? one('city')
  return normalSearch({
    q: one('q') ?? '',
    business: business && BUSINESSES.includes(business) ? business : null,
    subtypes: p.getAll('subtype'),
    city,
    neighborhoods: [...(place.neighborhood ? [place.neighborhood] : []), ...p.getAll('neighborhood')],
    priceMin: wholeNumber(one('price_min')),
    priceMax: wholeNumber(one('price_max')),
    bedrooms: wholeNumber(one('bedrooms')),
    bathrooms: wholeNumber(one('bathrooms')),
    suites: wholeNumber(one('suites')),
    parking: wholeNumber(one('parking')),
    areaMin: wholeNumber(one('area_min')),
    areaMax: wholeNumber(one('area_max')),
    amenities: p.getAll('amenity'),
    featured: bool('featured'),
    available: one('available') !== 'false',
    sort: sort && SORTS.includes(sort) ? sort : 'relevance',
    page: wholeNumber(one('page')) ?? 1,
  })
}
