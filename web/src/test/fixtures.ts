import { summaryOf } from '../lib/summary'
import type { AdminListItem, AdminProperty } from '../admin/properties/api'
import type {
  Agency,
  Photo,
  PropertyDetail,
  PropertySummary,
  SearchFacets,
  SearchResult,
} from '../lib/types'

const VARIANT_WIDTHS = [480, 960, 1440, 1920]

/**
 * A photo uploaded to Vitrine as the public API gives it: its url is the largest variant,
 * `width` (one of the variant widths) × `height`, and its srcset lists every variant up to
 * that width, in JPEG and in WebP.
 */
export function uploadedPhoto(id: string, alt_text: string, display_order: number, width = 1920, height = (width * 3) / 4): Photo {
  const widths = VARIANT_WIDTHS.filter((w) => w <= width)
  const list = (ext: string) => widths.map((w) => `https://vitrine.example/media/${id}-${w}.${ext} ${w}w`).join(', ')
  return {
    url: `https://vitrine.example/media/${id}-${widths[widths.length - 1]}.jpg`,
    alt_text,
    display_order,
    width,
    height,
    srcset: { jpeg: list('jpg'), webp: list('webp') },
  }
}

/** A photo whose address staff typed: no size, no variants. */
export function externalPhoto(url: string, alt_text: string, display_order: number): Photo {
  return { url, alt_text, display_order, width: null, height: null, srcset: null }
}

export function makeProperty(overrides: Partial<PropertyDetail> = {}): PropertyDetail {
  return {
    id: '6f1c1f7e-8a51-4a8e-9d53-0d2b5a0f3c11',
    title: 'Apartamento 3 quartos com vista para o mar',
    slug: 'apartamento-3-quartos-vista-mar',
    code: 'AP-0042',
    description: 'Apartamento amplo e iluminado.\n\nPróximo à Beira-Mar Norte.',
    address: 'Rua Bocaiúva, 1200',
    price: '450000.00',
    condo_fee: '850.50',
    type: 'venda',
    bedrooms: 3,
    bathrooms: 2,
    parking_spots: 1,
    area_m2: 98.5,
    is_featured: true,
    subtype: { id: 1, name: 'Apartamento', slug: 'apartamento' },
    city: { id: 1, name: 'Florianópolis', slug: 'florianopolis', state: 'SC' },
    neighborhood: { id: 3, name: 'Centro', slug: 'centro' },
    photos: [
      externalPhoto('https://img.example.com/1.jpg', 'Sala com varanda', 0),
      uploadedPhoto('9f2c4b7e1d0a4c3e8b6f5a2d1c0e9b8a', 'Cozinha', 1),
    ],
    amenities: [
      { id: 1, name: 'Varanda gourmet', slug: 'varanda-gourmet', group: 'caracteristica' },
      { id: 2, name: 'Ar-condicionado', slug: 'ar-condicionado', group: 'caracteristica' },
      { id: 3, name: 'Piscina', slug: 'piscina', group: 'lazer' },
    ],
    video_url: null,
    video_position: 'section',
    rent_price: null,
    rent_period: null,
    iptu: null,
    iptu_period: null,
    status: 'disponivel',
    suites: 0,
    useful_area_m2: null,
    total_area_m2: null,
    floor: null,
    year_built: null,
    address_visibility: 'all',
    cep: null,
    street: null,
    number: null,
    latitude: null,
    longitude: null,
    location: null,
    broker: null,
    ...overrides,
  }
}

export function makeAgency(overrides: Partial<Agency> = {}): Agency {
  return {
    name: 'Imobiliária Ilha Bela',
    creci: 'CRECI/SC 12345-J',
    creci_display: 'CRECI/SC 12345-J',
    state: 'SC',
    phone: '+554833334444',
    whatsapp: '+5548999990000',
    email: 'contato@ilhabela.example',
    address: 'Rua Felipe Schmidt, 300, Centro, Florianópolis – SC',
    logo_url: null,
    logo: null,
    brand_color: null,
    financing_rate: 11.5,
    privacy_email: null,
    ...overrides,
  }
}

export function makeSummary(overrides: Partial<PropertySummary> = {}): PropertySummary {
  return { ...summaryOf(makeProperty()), ...overrides }
}

export function makeAdminSummary(overrides: Partial<AdminListItem> = {}): AdminListItem {
  return {
    ...makeSummary(),
    is_active: true,
    code: 'AP-0042',
    video_url: null,
    video_position: 'section',
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-02T10:00:00Z',
    updated_by: null,
    lead_count: 0,
    unread_leads: 0,
    whatsapp_clicks: 0,
    shares: 0,
    publish_to_portals: false,
    ...overrides,
  }
}

export function makeAdminDetail(overrides: Partial<AdminProperty> = {}): AdminProperty {
  return {
    ...makeProperty(),
    is_active: true,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-02T10:00:00Z',
    complement: null,
    created_by: null,
    updated_by: null,
    whatsapp_clicks: 0,
    shares: 0,
    publish_to_portals: false,
    portal_problems: [],
    broker_id: null,
    ...overrides,
  }
}

/** Facets as GET /api/v1/search gives them for a sale search in Florianópolis. */
export function makeFacets(overrides: Partial<SearchFacets> = {}): SearchFacets {
  return {
    business: [
      { value: 'venda', label: 'Venda', count: 30 },
      { value: 'aluguel', label: 'Aluguel', count: 15 },
    ],
    subtype: [
      { value: 'apartamento', label: 'Apartamento', count: 20 },
      { value: 'casa', label: 'Casa', count: 8 },
      { value: 'sala-comercial', label: 'Sala comercial', count: 2 },
    ],
    city: [
      { value: 'florianopolis-sc', label: 'Florianópolis – SC', count: 40 },
      { value: 'sao-jose-sc', label: 'São José – SC', count: 5 },
    ],
    neighborhood: [
      { value: 'centro', label: 'Centro', count: 12 },
      { value: 'trindade', label: 'Trindade', count: 9 },
      { value: 'lagoa-da-conceicao', label: 'Lagoa da Conceição', count: 4 },
    ],
    bedrooms: [
      { value: '1', label: '1+', count: 40 },
      { value: '2', label: '2+', count: 31 },
      { value: '3', label: '3+', count: 12 },
      { value: '4', label: '4+', count: 3 },
    ],
    price: [
      { value: '0-300000', label: 'Até R$ 300 mil', min: null, max: 300000, count: 9 },
      { value: '300000-500000', label: 'R$ 300 mil a R$ 500 mil', min: 300000, max: 500000, count: 7 },
      { value: '500000-1000000', label: 'R$ 500 mil a R$ 1 milhão', min: 500000, max: 1000000, count: 10 },
      { value: '1000000-2000000', label: 'R$ 1 milhão a R$ 2 milhões', min: 1000000, max: 2000000, count: 3 },
      { value: '2000000-', label: 'Acima de R$ 2 milhões', min: 2000000, max: null, count: 1 },
    ],
    ...overrides,
  }
}

/** A search answer: `items` on `page`, out of `total`. */
export function makeSearchResult(items: PropertySummary[], overrides: Partial<SearchResult> = {}): SearchResult {
  return { items, total: items.length, page: 1, per_page: 24, facets: makeFacets(), ...overrides }
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>

/** Stubs fetch with "METHOD /path" handlers; unmatched requests fail the test loudly. */
export function routeFetch(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; url: URL; init: RequestInit }> = []
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    calls.push({ method, url, init })
    const handler = routes[`${method} ${url.pathname}`]
    if (!handler) throw new Error(`unexpected request ${method} ${url.pathname}`)
    return handler(url, init)
  }
  return { fetchMock, calls }
}
