import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  matchSearchPath,
  placeAddress,
  readSearchAddress,
  searchAddress,
  searchParams,
} from './searchAddress'
import {
  EMPTY_SEARCH,
  MAX_AREA,
  MAX_PAGE,
  MAX_PRICE,
  SORTS,
  activeFilterCount,
  normalSearch,
  type SearchState,
} from './searchState'

const search = (changes: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH, ...changes })

describe('searchAddress: state to address', () => {
  it.each<[string, Partial<SearchState>, string]>([
    ['no filter', {}, '/busca'],
    ['a text query', { q: 'casa com piscina' }, '/busca?q=casa+com+piscina'],
    ['a business alone', { business: 'aluguel' }, '/busca?business=aluguel'],
    ['a city alone', { city: 'florianopolis-sc' }, '/busca?city=florianopolis-sc'],
    ['business and city', { business: 'venda', city: 'florianopolis-sc' }, '/imoveis/venda/florianopolis-sc'],
    [
      'business, city and one neighborhood',
      { business: 'aluguel', city: 'florianopolis-sc', neighborhoods: ['centro'] },
      '/imoveis/aluguel/florianopolis-sc/centro',
    ],
    [
      'two neighborhoods: no place page',
      { business: 'venda', city: 'florianopolis-sc', neighborhoods: ['trindade', 'centro'] },
      '/busca?business=venda&city=florianopolis-sc&neighborhood=centro&neighborhood=trindade',
    ],
    [
      'a city and a neighborhood without business',
      { city: 'sao-paulo-sp', neighborhoods: ['jardins'] },
      '/busca?city=sao-paulo-sp&neighborhood=jardins',
    ],
    [
      'a place page keeps its other filters in the query, in the API order',
      {
        business: 'venda',
        city: 'florianopolis-sc',
        neighborhoods: ['centro'],
        q: 'vista mar',
        subtypes: ['casa', 'apartamento'],
        priceMin: 300000,
        priceMax: 500000,
        bedrooms: 2,
        bathrooms: 1,
        suites: 1,
        parking: 2,
        areaMin: 50,
        areaMax: 120,
        amenities: ['piscina', 'academia'],
        featured: true,
        available: false,
        sort: 'price_asc',
        page: 3,
      },
      '/imoveis/venda/florianopolis-sc/centro?q=vista+mar&subtype=apartamento&subtype=casa&price_min=300000&price_max=500000' +
        '&bedrooms=2&bathrooms=1&suites=1&parking=2&area_min=50&area_max=120&amenity=academia&amenity=piscina' +
        '&featured=true&available=false&sort=price_asc&page=3',
    ],
    ['defaults are left out', { sort: 'relevance', page: 1, featured: false, available: true }, '/busca'],
    ['a price of 0 is a bound', { priceMin: 0 }, '/busca?price_min=0'],
    ['bounds given the wrong way round are swapped', { areaMin: 200, areaMax: 80 }, '/busca?area_min=80&area_max=200'],
    ['neighborhoods need a city', { neighborhoods: ['centro'] }, '/busca'],
    ['words past the eighth are dropped', { q: ' a  b c d e f g h i j ' }, '/busca?q=a+b+c+d+e+f+g+h'],
    ['repeated choices count once', { subtypes: ['casa', 'casa'] }, '/busca?subtype=casa'],
  ])('%s', (_name, changes, address) => {
    expect(searchAddress(search(changes))).toBe(address)
  })

  it('gives the API the same parameters, the place included, never per_page', () => {
    const s = search({ business: 'venda', city: 'florianopolis-sc', neighborhoods: ['centro'], bedrooms: 3, page: 2 })
    expect(searchParams(s).toString()).toBe('business=venda&city=florianopolis-sc&neighborhood=centro&bedrooms=3&page=2')
    expect(searchParams(EMPTY_SEARCH).toString()).toBe('')
  })

  it('builds a place page for a suggestion', () => {
    expect(placeAddress('venda', 'florianopolis-sc')).toBe('/imoveis/venda/florianopolis-sc')
    expect(placeAddress('aluguel', 'florianopolis-sc', 'lagoa-da-conceicao')).toBe(
      '/imoveis/aluguel/florianopolis-sc/lagoa-da-conceicao',
    )
  })
})

describe('readSearchAddress: address to state', () => {
  it.each<[string, string, Partial<SearchState> | null]>([
    ['the search page', '/busca', {}],
    ['a trailing slash', '/busca/', {}],
    ['a place page', '/imoveis/venda/florianopolis-sc', { business: 'venda', city: 'florianopolis-sc' }],
    [
      'a neighborhood page',
      '/imoveis/aluguel/florianopolis-sc/centro?bedrooms=2',
      { business: 'aluguel', city: 'florianopolis-sc', neighborhoods: ['centro'], bedrooms: 2 },
    ],
    [
      'the path wins over the query; more neighborhoods are added',
      '/imoveis/venda/florianopolis-sc/centro?business=aluguel&city=sao-paulo-sp&neighborhood=trindade',
      { business: 'venda', city: 'florianopolis-sc', neighborhoods: ['centro', 'trindade'] },
    ],
    [
      'every parameter',
      '/busca?q=casa&business=venda&subtype=casa&subtype=apartamento&city=florianopolis-sc&neighborhood=centro' +
        '&price_min=1&price_max=2&bedrooms=3&bathrooms=4&suites=5&parking=6&area_min=7&area_max=8&amenity=piscina' +
        '&featured=true&available=false&sort=area_desc&page=9',
      {
        q: 'casa',
        business: 'venda',
        subtypes: ['apartamento', 'casa'],
        city: 'florianopolis-sc',
        neighborhoods: ['centro'],
        priceMin: 1,
        priceMax: 2,
        bedrooms: 3,
        bathrooms: 4,
        suites: 5,
        parking: 6,
        areaMin: 7,
        areaMax: 8,
        amenities: ['piscina'],
        featured: true,
        available: false,
        sort: 'area_desc',
        page: 9,
      },
    ],
    [
      'unknown parameters, per_page and malformed values are dropped',
      '/busca?utm_source=x&per_page=48&business=compra&bedrooms=0&bathrooms=100&price_min=1e3&price_max=-5' +
        '&area_min=12.5&sort=random&page=0&featured=1&subtype=Casa&city=Florian%C3%B3polis',
      {},
    ],
    ['a page past the API limit is the first', `/busca?page=${MAX_PAGE + 1}`, {}],
    ['the last page the API serves', `/busca?page=${MAX_PAGE}`, { page: MAX_PAGE }],
    ['the first of a repeated single value', '/busca?bedrooms=2&bedrooms=3', { bedrooms: 2 }],
    ['a neighborhood without city', '/busca?neighborhood=centro', {}],
    ['featured=false and available=true are no filters', '/busca?featured=false&available=true', {}],
    ['available anything but false is the default', '/busca?available=1', {}],
    ['an encoded text query', '/busca?q=S%C3%A3o%20Jos%C3%A9%20%20centro', { q: 'São José centro' }],
    ['a property page is not a search', '/imoveis/apartamento-3-quartos', null],
    ['an unknown business is not a search', '/imoveis/compra/florianopolis-sc', null],
    ['a malformed city is not a search', '/imoveis/venda/Floripa', null],
    ['too many segments', '/imoveis/venda/florianopolis-sc/centro/mais', null],
    ['the home page', '/', null],
  ])('%s', (_name, address, expected) => {
    const state = readSearchAddress(address)
    expect(state).toEqual(expected === null ? null : search(expected))
  })

  it('tells search pages from property pages by segment count', () => {
    expect(matchSearchPath('/imoveis/casa-no-campeche')).toBeNull()
    expect(matchSearchPath('/imoveis/venda/florianopolis-sc')).toEqual({ business: 'venda', city: 'florianopolis-sc' })
    expect(matchSearchPath('/imoveis/venda/florianopolis-sc/centro')).toEqual({
      business: 'venda',
      city: 'florianopolis-sc',
      neighborhood: 'centro',
    })
  })
})

const slug = fc
  .array(fc.stringMatching(/^[a-z0-9]{1,6}$/), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join('-'))
const optional = <T,>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null })
const word = fc.stringMatching(/^[^\s]{1,12}$/)

/** Any state, normal or not: odd text, repeats, bounds out of range, neighborhoods with no city. */
const anyState: fc.Arbitrary<SearchState> = fc.record({
  q: fc.oneof(fc.constant(''), fc.array(word, { maxLength: 10 }).map((w) => ` ${w.join('  ')} `), fc.string({ unit: 'grapheme', maxLength: 120 })),
  business: fc.constantFrom(null, 'venda' as const, 'aluguel' as const),
  subtypes: fc.array(slug, { maxLength: 4 }),
  city: optional(slug),
  neighborhoods: fc.array(fc.oneof(slug, fc.string()), { maxLength: 3 }),
  priceMin: optional(fc.integer({ min: -10, max: MAX_PRICE + 10 })),
  priceMax: optional(fc.integer({ min: 0, max: MAX_PRICE })),
  bedrooms: optional(fc.integer({ min: 0, max: 120 })),
  bathrooms: optional(fc.integer({ min: 1, max: 99 })),
  suites: optional(fc.integer({ min: 1, max: 99 })),
  parking: optional(fc.integer({ min: 0, max: 100 })),
  areaMin: optional(fc.integer({ min: 0, max: MAX_AREA })),
  areaMax: optional(fc.integer({ min: 0, max: MAX_AREA + 1 })),
  amenities: fc.array(slug, { maxLength: 4 }),
  featured: fc.boolean(),
  available: fc.boolean(),
  sort: fc.constantFrom(...SORTS),
  page: fc.integer({ min: -1, max: MAX_PAGE + 2 }),
})

describe('address mapping: round trips', () => {
  it('reads back every normal state from its address', () => {
    fc.assert(
      fc.property(anyState, (raw) => {
        const state = normalSearch(raw)
        expect(readSearchAddress(searchAddress(state))).toEqual(state)
      }),
      { numRuns: 500 },
    )
  })

  it('writes one address per search: reading and writing an address again changes nothing', () => {
    fc.assert(
      fc.property(anyState, (raw) => {
        const address = searchAddress(raw)
        expect(searchAddress(readSearchAddress(address)!)).toBe(address)
      }),
      { numRuns: 500 },
    )
  })

  it('uses the place page exactly for a business, a city and at most one neighborhood', () => {
    fc.assert(
      fc.property(anyState, (raw) => {
        const s = normalSearch(raw)
        const address = searchAddress(s)
        const place = s.business !== null && s.city !== null && s.neighborhoods.length <= 1
        expect(address.startsWith(place ? `/imoveis/${s.business}/${s.city}` : '/busca')).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('reads any query string without throwing, into a normal state', () => {
    const names = ['q', 'business', 'subtype', 'city', 'neighborhood', 'price_min', 'bedrooms', 'sort', 'page', 'x']
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...names), fc.string()), { maxLength: 8 }), (pairs) => {
        const state = readSearchAddress(`/busca?${new URLSearchParams(pairs)}`)!
        expect(normalSearch(state)).toEqual(state)
      }),
    )
  })
})

describe('activeFilterCount', () => {
  it('counts each choice, a range once, and neither sort nor page', () => {
    expect(activeFilterCount(EMPTY_SEARCH)).toBe(0)
    expect(
      activeFilterCount(
        search({ business: 'venda', subtypes: ['a', 'b'], priceMin: 1, priceMax: 2, featured: true, sort: 'newest', page: 3 }),
      ),
    ).toBe(5)
  })
})
