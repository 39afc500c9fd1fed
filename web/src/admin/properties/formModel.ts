import { formatMoneyInput, formatNumberInput, parseMoneyInput, parseNumberInput } from '../../lib/money'
import type { FieldErrors } from '../../lib/types'
import type { AdminProperty, PropertyBody } from './api'

/**
 * The property form's values, as typed (text), and their conversion to
 * the API's write model (PropertyWrite). Field names are the API's, so a
 * 422's `details` key names the input it belongs to.
 */

export interface AmenityRow {
  key: string
  name: string
  group: 'caracteristica' | 'lazer'
}

export interface FormValues {
  title: string
  slug: string
  code: string
  description: string
  type: string
  price: string
  rent_price: string
  rent_period: string
  condo_fee: string
  iptu: string
  iptu_period: '' | 'yearly' | 'monthly'
  status: string
  is_active: boolean
  is_featured: boolean
  publish_to_portals: boolean
  /** The responsible broker's user id; '' for none. */
  broker_id: string
  cep: string
  street: string
  number: string
  complement: string
  neighborhood: string
  city: string
  state: string
  address: string
  address_visibility: string
  latitude: string
  longitude: string
  subtype: string
  bedrooms: string
  suites: string
  bathrooms: string
  parking_spots: string
  area_m2: string
  useful_area_m2: string
  total_area_m2: string
  floor: string
  year_built: string
  amenities: AmenityRow[]
  video_url: string
  video_position: string
}

export const BUSINESSES = [
  { value: 'venda', label: 'Venda' },
  { value: 'aluguel', label: 'Aluguel' },
  { value: 'venda_aluguel', label: 'Venda e aluguel' },
] as const

/** Which prices a business asks for. A type from before the values were enumerated shows both, neither required. */
export function pricesOf(type: string): { sale: boolean; rent: boolean; canonical: boolean } {
  switch (type) {
    case 'venda':
      return { sale: true, rent: false, canonical: true }
    case 'aluguel':
      return { sale: false, rent: true, canonical: true }
    case 'venda_aluguel':
      return { sale: true, rent: true, canonical: true }
    default:
      return { sale: true, rent: true, canonical: false }
  }
}

let rowCount = 0
/** A key for a new amenity row (React keys survive reordering). */
export function rowKey(): string {
  rowCount += 1
  return `row-${rowCount}`
}

/** A new property: the server's defaults (active, available, whole address public, video in its own section). */
export function blankValues(): FormValues {
  return {
    title: '',
    slug: '',
    code: '',
    description: '',
    type: 'venda',
    price: '',
    rent_price: '',
    rent_period: 'monthly',
    condo_fee: '',
    iptu: '',
    iptu_period: '',
    status: 'disponivel',
    // A new listing starts as a draft: not on the site until staff tick
    // "Ativo" (the form always sends it; the API's own default stays active).
    is_active: false,
    is_featured: false,
    publish_to_portals: false,
    broker_id: '',
    cep: '',
    street: '',
    number: '',
    complement: '',
    neighborhood: '',
    city: '',
    state: '',
    address: '',
    address_visibility: 'all',
    latitude: '',
    longitude: '',
    subtype: '',
    bedrooms: '0',
    suites: '0',
    bathrooms: '0',
    parking_spots: '0',
    area_m2: '',
    useful_area_m2: '',
    total_area_m2: '',
    floor: '',
    year_built: '',
    amenities: [],
    video_url: '',
    video_position: 'section',
  }
}

const int = (n: number | null) => (n === null ? '' : String(n))

/** The form's values for a stored property. */
export function valuesOf(p: AdminProperty): FormValues {
  return {
    title: p.title,
    slug: p.slug,
    code: p.code ?? '',
    description: p.description ?? '',
    type: p.type,
    // For a rental, price is the rent: its one field is rent_price.
    price: p.type === 'aluguel' ? '' : formatMoneyInput(p.price),
    rent_price: formatMoneyInput(p.rent_price),
    rent_period: p.rent_period ?? 'monthly',
    condo_fee: formatMoneyInput(p.condo_fee),
    iptu: formatMoneyInput(p.iptu),
    iptu_period: p.iptu_period ?? '',
    status: p.status,
    is_active: p.is_active,
    is_featured: p.is_featured,
    publish_to_portals: p.publish_to_portals,
    broker_id: p.broker_id === null ? '' : String(p.broker_id),
    cep: p.cep ?? '',
    street: p.street ?? '',
    number: p.number ?? '',
    complement: p.complement ?? '',
    neighborhood: p.neighborhood.name,
    city: p.city.name,
    state: p.city.state,
    address: p.address ?? '',
    address_visibility: p.address_visibility,
    latitude: formatNumberInput(p.latitude),
    longitude: formatNumberInput(p.longitude),
    subtype: p.subtype.name,
    bedrooms: String(p.bedrooms),
    suites: String(p.suites),
    bathrooms: String(p.bathrooms),
    parking_spots: String(p.parking_spots),
    area_m2: formatNumberInput(p.area_m2),
    useful_area_m2: formatNumberInput(p.useful_area_m2),
    total_area_m2: formatNumberInput(p.total_area_m2),
    floor: int(p.floor),
    year_built: int(p.year_built),
    amenities: [...p.amenities]
      .map((a) => ({ key: rowKey(), name: a.name, group: a.group === 'lazer' ? ('lazer' as const) : ('caracteristica' as const) })),
    video_url: p.video_url ?? '',
    video_position: p.video_position,
  }
}

/** "88010400" → "88010-400" as the user types; at most eight digits. */
export function maskCEP(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8)
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits
}

const REQUIRED = 'Campo obrigatório.'
const NOT_MONEY = 'Informe um valor como 1.250.000,00.'
const NOT_NUMBER = 'Informe um número, como 72,5.'
const NOT_INTEGER = 'Informe um número inteiro.'

/** The write model of the form, field by field (undefined: not part of the write), and what could not be read. */
export interface Wire {
  body: Record<string, unknown>
  errors: FieldErrors
  /** The form row of each amenity sent, by its index in the body (empty rows are left out). */
  amenityRows: number[]
}

/** Converts the form's values to the API's write model. */
export function toWire(v: FormValues): Wire {
  const errors: FieldErrors = {}
  const fail = (field: string, message: string) => {
    errors[field] = [message]
  }
  const text = (s: string) => (s.trim() === '' ? null : s.trim())
  const required = (field: string, s: string) => {
    if (s.trim() === '') fail(field, REQUIRED)
    return s.trim()
  }
  const money = (field: string, s: string, mandatory = false) => {
    const m = parseMoneyInput(s)
    if (!m.ok) return fail(field, NOT_MONEY)
    if (mandatory && m.value === null) return fail(field, REQUIRED)
    return m.value
  }
  const number = (field: string, s: string, empty: number | null = null) => {
    const n = parseNumberInput(s)
    if (!n.ok) return fail(field, NOT_NUMBER)
    return n.value ?? empty
  }
  const integer = (field: string, s: string, empty: number | null = null) => {
    const n = parseNumberInput(s)
    if (!n.ok || (n.value !== null && !Number.isInteger(n.value))) return fail(field, NOT_INTEGER)
    return n.value ?? empty
  }

  const prices = pricesOf(v.type)
  const amenityRows: number[] = []
  const amenities = v.amenities.flatMap((row, i) => {
    if (row.name.trim() === '') return []
    amenityRows.push(i)
    return [{ name: row.name.trim(), group: row.group }]
  })

  const body: Record<string, unknown> = {
    title: required('title', v.title),
    slug: v.slug.trim() === '' ? undefined : v.slug.trim(),
    code: text(v.code),
    description: text(v.description),
    type: v.type,
    // A rental's price is its rent (rent_price); the server sets both from it.
    price: prices.sale ? money('price', v.price, true) : undefined,
    rent_price: prices.rent ? money('rent_price', v.rent_price, prices.canonical) : null,
    rent_period: prices.rent ? v.rent_period : undefined,
    condo_fee: money('condo_fee', v.condo_fee),
    iptu: money('iptu', v.iptu),
    iptu_period: v.iptu_period === '' ? null : v.iptu_period,
    status: v.status,
    is_active: v.is_active,
    is_featured: v.is_featured,
    publish_to_portals: v.publish_to_portals,
    broker_id: v.broker_id === '' ? null : Number(v.broker_id),
    cep: text(v.cep),
    street: text(v.street),
    number: text(v.number),
    complement: text(v.complement),
    neighborhood: { name: required('neighborhood.name', v.neighborhood) },
    city: { name: required('city.name', v.city), state: required('city.state', v.state) },
    address: text(v.address),
    address_visibility: v.address_visibility,
    latitude: number('latitude', v.latitude),
    longitude: number('longitude', v.longitude),
    subtype: { name: required('subtype.name', v.subtype) },
    bedrooms: integer('bedrooms', v.bedrooms, 0),
    suites: integer('suites', v.suites, 0),
    bathrooms: integer('bathrooms', v.bathrooms, 0),
    parking_spots: integer('parking_spots', v.parking_spots, 0),
    area_m2: number('area_m2', v.area_m2, 0),
    useful_area_m2: number('useful_area_m2', v.useful_area_m2),
    total_area_m2: number('total_area_m2', v.total_area_m2),
    floor: integer('floor', v.floor),
    year_built: integer('year_built', v.year_built),
    amenities,
    video_url: text(v.video_url),
    video_position: v.video_position,
  }
  return { body, errors, amenityRows }
}

/** The body of a creation: every field the form holds (the slug only when given). */
export function createBody(wire: Wire): PropertyBody {
  return Object.fromEntries(Object.entries(wire.body).filter(([, value]) => value !== undefined))
}

/** Fields the server reads together: a change to one sends the others. */
const TOGETHER: string[][] = [
  ['city', 'neighborhood'], // a new city needs its neighborhood
  ['latitude', 'longitude'],
  ['iptu', 'iptu_period'],
]

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The body of an update: only the fields whose value differs from the
 * stored one, so nothing the user did not touch is written (a null stays
 * null, an empty text stays as it is).
 */
export function changedBody(wire: Wire, stored: Wire): PropertyBody {
  const out: PropertyBody = {}
  for (const [field, value] of Object.entries(wire.body)) {
    if (value !== undefined && !same(value, stored.body[field])) out[field] = value
  }
  for (const group of TOGETHER) {
    if (group.some((f) => f in out)) for (const f of group) if (wire.body[f] !== undefined) out[f] = wire.body[f]
  }
  if ('type' in out) {
    // A new business: its prices go with it (for aluguel, rent_price sets price too).
    for (const f of ['price', 'rent_price']) if (wire.body[f] !== undefined) out[f] = wire.body[f]
  }
  return out
}

/** A details key of the server as the form names it: its fields' aliases and the rows' indexes in the form. */
export function formKey(key: string, wire: Wire): string {
  const alias: Record<string, string> = { subtype: 'subtype.name', city: 'city.name', neighborhood: 'neighborhood.name' }
  if (alias[key]) return alias[key]
  const row = /^amenities\[(\d+)\](.*)$/.exec(key)
  if (row) {
    const index = wire.amenityRows[Number(row[1])] ?? Number(row[1])
    return `amenities[${index}]${row[2]}`
  }
  return key
}

/** The id of the input of a field: "amenities[2].name" → "f-amenities-2-name". */
export function inputId(field: string): string {
  return `f-${field.replace(/[^a-zA-Z0-9_]+/g, '-').replace(/-+$/, '')}`
}

const LABELS: Record<string, string> = {
  title: 'Título',
  slug: 'Endereço da página',
  code: 'Código',
  description: 'Descrição',
  type: 'Negócio',
  price: 'Preço de venda',
  rent_price: 'Aluguel',
  rent_period: 'Período do aluguel',
  condo_fee: 'Condomínio',
  iptu: 'IPTU',
  iptu_period: 'Período do IPTU',
  status: 'Situação',
  is_active: 'Ativo',
  is_featured: 'Destaque',
  publish_to_portals: 'Publicar nos portais',
  broker_id: 'Corretor responsável',
  cep: 'CEP',
  street: 'Rua',
  number: 'Número',
  complement: 'Complemento',
  'neighborhood.name': 'Bairro',
  'city.name': 'Cidade',
  'city.state': 'UF',
  address: 'Endereço (texto livre)',
  address_visibility: 'Visibilidade do endereço',
  latitude: 'Latitude',
  longitude: 'Longitude',
  'subtype.name': 'Tipo do imóvel',
  bedrooms: 'Quartos',
  suites: 'Suítes',
  bathrooms: 'Banheiros',
  parking_spots: 'Vagas',
  area_m2: 'Área principal',
  useful_area_m2: 'Área útil',
  total_area_m2: 'Área total',
  floor: 'Andar',
  year_built: 'Ano de construção',
  amenities: 'Comodidades',
  video_url: 'Endereço do vídeo',
  video_position: 'Onde mostrar o vídeo',
}

/** Fields the form shows without an input of their own. */
const OTHER_LABELS: Record<string, string> = {
  photos: 'Fotos',
  // What the agency lacks for the portals (its problems come first in portal_problems).
  'agency.email': 'E-mail da imobiliária',
  'agency.name': 'Nome da imobiliária',
}

/**
 * The name of a field of the admin API as the form calls it: "price" → "Preço de venda",
 * "city" (a reference, as the import and the portals name it) → "Cidade",
 * "amenities[2].name" → "Comodidade 3: nome".
 */
export function fieldLabel(field: string): string {
  const label = LABELS[field] ?? LABELS[`${field}.name`] ?? OTHER_LABELS[field]
  if (label) return label
  const row = /^amenities\[(\d+)\]\.(\w+)$/.exec(field)
  if (row) {
    const n = Number(row[1]) + 1
    const part: Record<string, string> = { name: 'nome', group: 'grupo' }
    return `Comodidade ${n}: ${part[row[2]] ?? row[2]}`
  }
  return field
}

/** Whether a field has an input in the form (else its message is only in the summary). */
export function hasInput(field: string): boolean {
  return field in LABELS || /^amenities\[\d+\]\.(name|group)$/.test(field)
}

/** The periods a rent may be for, as the form offers them. */
export const RENT_PERIODS = [
  { value: 'monthly', label: 'Por mês', adjective: 'mensal' },
  { value: 'daily', label: 'Por dia (temporada)', adjective: 'diário' },
  { value: 'weekly', label: 'Por semana (temporada)', adjective: 'semanal' },
  { value: 'quarterly', label: 'Por trimestre', adjective: 'trimestral' },
  { value: 'yearly', label: 'Por ano', adjective: 'anual' },
]

/** The rent field's label for a period: "Aluguel mensal (R$)". */
export function rentLabel(period: string): string {
  const p = RENT_PERIODS.find((r) => r.value === period) ?? RENT_PERIODS[0]
  return `Aluguel ${p.adjective} (R$)`
}
