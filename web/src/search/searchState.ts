import type { SearchBusiness, SearchSort } from '../lib/types'

/**
 * A visitor's search: every filter of GET /api/v1/search, its order and
 * page. The page address holds it whole (see searchAddress), so a search
 * can be shared, reloaded and walked with back and forward.
 *
 * A state is kept normal: text trimmed, lists sorted without repeats,
 * numbers within the API's bounds, neighborhoods only with a city. Absent
 * filters are '' / null / [] / false; `sort` 'relevance' and `page` 1 are
 * the defaults.
 */
export interface SearchState {
  q: string
  business: SearchBusiness | null
  subtypes: string[]
  /** "<city slug>-<uf>", e.g. "florianopolis-sc". */
  city: string | null
  /** Slugs within `city`. */
  neighborhoods: string[]
  /** Whole reais, inclusive. */
  priceMin: number | null
  priceMax: number | null
  bedrooms: number | null
  bathrooms: number | null
  suites: number | null
  parking: number | null
  /** m², inclusive. */
  areaMin: number | null
  areaMax: number | null
  amenities: string[]
  featured: boolean
  available: boolean
  sort: SearchSort
  page: number
}

export const PER_PAGE = 24
/** The API pages through the first 10,000 results. */
export const MAX_PAGE = Math.floor(10_000 / PER_PAGE)
export const MAX_PRICE = 100_000_000_000
export const MAX_AREA = 10_000_000
export const MAX_COUNT = 99
export const MAX_LIST = 20
export const MAX_QUERY_LENGTH = 100
export const MAX_QUERY_WORDS = 8

export const BUSINESSES: readonly SearchBusiness[] = ['venda', 'aluguel']
export const SORTS: readonly SearchSort[] = ['relevance', 'newest', 'price_asc', 'price_desc', 'area_desc']
export const COUNT_FILTERS = ['bedrooms', 'bathrooms', 'suites', 'parking'] as const
export type CountFilter = (typeof COUNT_FILTERS)[number]

export const EMPTY_SEARCH: SearchState = {
  q: '',
  business: null,
  subtypes: [],
  city: null,
  neighborhoods: [],
  priceMin: null,
  priceMax: null,
  bedrooms: null,
  bathrooms: null,
  suites: null,
  parking: null,
  areaMin: null,
  areaMax: null,
  amenities: [],
  featured: false,
  available: true,
  sort: 'relevance',
  page: 1,
}

/** A slug as the API writes them: lower-case letters and digits in hyphen-separated runs. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const isSlug = (value: string) => SLUG.test(value)

/** The text query as the API takes it: trimmed, spaces collapsed, at most 8 words and 100 characters. */
export function normalQuery(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_WORDS)
  // Cut by code points, not UTF-16 units: half an emoji would not survive the address.
  return Array.from(words.join(' ')).slice(0, MAX_QUERY_LENGTH).join('').trim()
}

function normalList(values: readonly string[]): string[] {
  return [...new Set(values.filter(isSlug))].sort().slice(0, MAX_LIST)
}

function inRange(n: number | null, min: number, max: number): number | null {
  return n !== null && Number.isSafeInteger(n) && n >= min && n <= max ? n : null
}

/** A min/max pair in bounds, swapped when given the wrong way round. */
function normalRange(lo: number | null, hi: number | null, max: number): [number | null, number | null] {
  const a = inRange(lo, 0, max)
  const b = inRange(hi, 0, max)
  return a !== null && b !== null && a > b ? [b, a] : [a, b]
}

/** Brings any state to its normal form (the one the address round-trips exactly). */
export function normalSearch(s: SearchState): SearchState {
  const city = s.city !== null && isSlug(s.city) ? s.city : null
  const [priceMin, priceMax] = normalRange(s.priceMin, s.priceMax, MAX_PRICE)
  const [areaMin, areaMax] = normalRange(s.areaMin, s.areaMax, MAX_AREA)
  return {
    q: normalQuery(s.q),
    business: s.business && BUSINESSES.includes(s.business) ? s.business : null,
    subtypes: normalList(s.subtypes),
    city,
    neighborhoods: city ? normalList(s.neighborhoods) : [],
    priceMin,
    priceMax,
    bedrooms: inRange(s.bedrooms, 1, MAX_COUNT),
    bathrooms: inRange(s.bathrooms, 1, MAX_COUNT),
    suites: inRange(s.suites, 1, MAX_COUNT),
    parking: inRange(s.parking, 1, MAX_COUNT),
    areaMin,
    areaMax,
    amenities: normalList(s.amenities),
    featured: s.featured === true,
    available: s.available !== false,
    sort: SORTS.includes(s.sort) ? s.sort : 'relevance',
    page: inRange(s.page, 1, MAX_PAGE) ?? 1,
  }
}

/** Filters the visitor set (the text query included; order and page are not filters). */
export function activeFilterCount(s: SearchState): number {
  const set = [
    s.q !== '',
    s.business !== null,
    s.city !== null,
    s.priceMin !== null || s.priceMax !== null,
    s.bedrooms !== null,
    s.bathrooms !== null,
    s.suites !== null,
    s.parking !== null,
    s.areaMin !== null || s.areaMax !== null,
    s.featured,
    !s.available,
  ].filter(Boolean).length
  return set + s.subtypes.length + s.neighborhoods.length + s.amenities.length
}

/** The same search with no filter at all, in the same order. */
export function clearedSearch(s: SearchState): SearchState {
  return { ...EMPTY_SEARCH, sort: s.sort }
}
