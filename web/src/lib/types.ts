/** Wire types of the Vitrine API (spec section 2.1 and the listing envelope). */

/**
 * A photo as the public API gives it. An uploaded photo comes in several widths;
 * an external one (an address staff typed) comes as it is.
 */
export interface Photo {
  /** Uploaded: its largest JPEG variant (absolute). External: the address as typed. */
  url: string
  alt_text: string
  display_order: number
  /** Pixel size of the url's image for an uploaded photo; null for an external one. */
  width: number | null
  height: number | null
  /**
   * Uploaded: candidate lists for the srcset attribute ("https://…-480.jpg 480w, …-960.jpg 960w, …"),
   * ascending widths among 480, 960, 1440 and 1920, never wider than the original; one in JPEG and
   * the same widths in WebP. Null for an external photo.
   */
  srcset: PhotoSrcset | null
}

export interface PhotoSrcset {
  jpeg: string
  webp: string
}

export interface Amenity {
  id: number
  name: string
  slug: string
  /** 'caracteristica' and 'lazer' occur; other values are possible. */
  group: string
}

export interface Subtype {
  id: number
  name: string
  slug: string
}

export interface City {
  id: number
  name: string
  slug: string
  state: string
}

export interface Neighborhood {
  id: number
  name: string
  slug: string
}

export type VideoPosition = 'carousel' | 'section'

/** The facts shared by a property's detail (spec 2.1) and a list item. */
interface PropertyFacts {
  id: string
  title: string
  slug: string
  /** Decimal string with two fraction digits, e.g. "450000.00". */
  price: string
  condo_fee: string | null
  type: string
  bedrooms: number
  bathrooms: number
  parking_spots: number
  area_m2: number
  is_featured: boolean
  subtype: Subtype
  city: City
  neighborhood: Neighborhood
}

export interface PropertyDetail extends PropertyFacts {
  code: string | null
  description: string | null
  address: string | null
  photos: Photo[]
  amenities: Amenity[]
  video_url: string | null
  video_position: VideoPosition
  // The listing model, after the spec's fields (docs/api.md, "The listing model").
  /** Monthly rent; null unless the business includes rent (for 'aluguel' it equals price). */
  rent_price: string | null
  iptu: string | null
  iptu_period: IptuPeriod | null
  status: PropertyStatus
  /** Bedrooms with their own bathroom; 0 when none. */
  suites: number
  useful_area_m2: number | null
  total_area_m2: number | null
  /** 0 is the ground floor, negative a basement. */
  floor: number | null
  year_built: number | null
  address_visibility: AddressVisibility
  /** Address parts are null when the agency hides them. */
  cep: string | null
  street: string | null
  number: string | null
  latitude: number | null
  longitude: number | null
}

export type IptuPeriod = 'yearly' | 'monthly'
export type PropertyStatus = 'disponivel' | 'reservado' | 'vendido' | 'alugado'
export type AddressVisibility = 'all' | 'street' | 'neighborhood'

/** The agency as every public page shows it; each field null until set. */
export interface Agency {
  name: string | null
  creci: string | null
  /** "CRECI 12345-J", as advertising must show it. */
  creci_display: string | null
  /** E.164. */
  phone: string | null
  /** E.164. */
  whatsapp: string | null
  email: string | null
  /** Where data subjects send their requests (LGPD); null: `email`. */
  privacy_email?: string | null
  address: string | null
  logo_url: string | null
}

export interface PropertySummary extends PropertyFacts {
  cover: Photo | null
  /** Monthly rent; null unless the business includes rent. */
  rent_price: string | null
  status: PropertyStatus
}

export interface Page<T> {
  items: T[]
  total: number
  page: number
  per_page: number
}

export interface AdminPropertySummary extends PropertySummary {
  is_active: boolean
  code: string | null
  video_url: string | null
  video_position: VideoPosition
  created_at: string
  updated_at: string
}

export interface AdminPropertyDetail extends PropertyDetail {
  is_active: boolean
  created_at: string
  updated_at: string
}

export interface ContactData {
  name: string
  email: string
  phone?: string
  message: string
  /** The version of the privacy notice the form showed (GET /api/v1/privacy-notice). */
  notice_version?: string
  /** The marketing checkbox, separate from the enquiry; it starts unticked. */
  marketing_consent?: boolean
}

/** The privacy notice shown beside the contact form (LGPD). */
export interface PrivacyNotice {
  version: string
  /** One statement a line. */
  text: string
  /** The marketing checkbox's label, part of the version. */
  consent_label: string
  /** "/privacidade". */
  policy_url: string
}

/** The agency's privacy policy (/privacidade). */
export interface PrivacyPolicy {
  /** Plain text; paragraphs are separated by a blank line. */
  text: string
  /** True while the agency has not written its own. */
  is_default: boolean
  updated_at: string | null
}

export interface ContactResult {
  id: number
  message: string
}

export type FieldErrors = Record<string, string[]>

// --- search (GET /api/v1/search and /api/v1/search/places)

export type SearchBusiness = 'venda' | 'aluguel'
export type SearchSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'area_desc'

/** One value of a facet: how many properties it would find with every other filter kept. */
export interface FacetValue {
  value: string
  label: string
  count: number
}

/** A price band; `min` is null for the lowest band, `max` for the open top one. Inclusive at both ends. */
export interface PriceFacetValue extends FacetValue {
  min: number | null
  max: number | null
}

export interface SearchFacets {
  /** Always both values, count 0 included. */
  business: FacetValue[]
  /** Values with properties, plus any selected one; by count, then label. */
  subtype: FacetValue[]
  /** As subtype; values are "<city slug>-<uf>" ("florianopolis-sc"), labels "Florianópolis - SC". */
  city: FacetValue[]
  /** Empty unless a city is chosen. */
  neighborhood: FacetValue[]
  /** "1".."4" labelled "1+".."4+", counting at least that many bedrooms. */
  bedrooms: FacetValue[]
  /** Sale bands, or rent bands when the business is aluguel. */
  price: PriceFacetValue[]
}

export interface SearchResult extends Page<PropertySummary> {
  facets: SearchFacets
}

export interface PlaceSuggestion {
  kind: 'city' | 'neighborhood'
  city: string
  neighborhood: string | null
  /** "Florianópolis - SC", "Centro, Florianópolis - SC". */
  label: string
  count: number
}
