import { parseDecimal } from '../lib/money'

const TYPE_LABELS: Record<string, string> = {
  venda: 'Venda',
  aluguel: 'Aluguel',
  venda_aluguel: 'Venda e aluguel',
  locacao: 'Aluguel',
  'locação': 'Aluguel',
  temporada: 'Temporada',
}

/** "venda" → "Venda"; unknown values are shown capitalised as they come. */
export function typeLabel(type: string): string {
  const key = type.trim().toLowerCase()
  if (TYPE_LABELS[key]) return TYPE_LABELS[key]
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Imóvel'
}

export function isRental(type: string): boolean {
  return ['aluguel', 'locacao', 'locação', 'temporada'].includes(type.trim().toLowerCase())
}

/** What a property's business offers: its `price` is a sale price only when it includes a sale. */
export function business(type: string): { sale: boolean; rent: boolean } {
  const key = type.trim().toLowerCase()
  if (key === 'venda_aluguel') return { sale: true, rent: true }
  if (isRental(key)) return { sale: false, rent: true }
  return { sale: true, rent: false }
}

/**
 * The sale price and the monthly rent a listing asks, as numbers; null
 * where its business has none. For 'aluguel' the API sends the rent in
 * both fields; a property stored before rent_price existed has it in
 * price only.
 */
export function askingPrices(listing: { type: string; price: string; rent_price: string | null }): {
  sale: number | null
  rent: number | null
} {
  const offers = business(listing.type)
  const price = parseDecimal(listing.price)
  return {
    sale: offers.sale ? price : null,
    rent: offers.rent ? (parseDecimal(listing.rent_price) ?? (offers.sale ? null : price)) : null,
  }
}

const RENT_PERIOD_SUFFIXES: Record<string, string> = {
  daily: '/dia',
  weekly: '/semana',
  monthly: '/mês',
  quarterly: '/trimestre',
  yearly: '/ano',
}

/** What a rent is for, after its amount: "/dia" for a season rental by the day; "/mês" when the API gives none. */
export function rentPeriodSuffix(period: string | null | undefined): string {
  return RENT_PERIOD_SUFFIXES[period ?? 'monthly'] ?? '/mês'
}

/** Whether a rent is by the month (one stored without a period is). */
export function isMonthlyRent(period: string | null | undefined): boolean {
  return period === null || period === undefined || period === 'monthly'
}

const STATUS_LABELS: Record<string, string> = {
  disponivel: 'Disponível',
  reservado: 'Reservado',
  vendido: 'Vendido',
  alugado: 'Alugado',
}

/** "reservado" → "Reservado"; null for a value this client does not know. */
export function statusLabel(status: string): string | null {
  return STATUS_LABELS[status] ?? null
}

/** 0 → "Térreo", -1 → "Subsolo", -2 → "2º subsolo", 7 → "7º andar". */
export function floorLabel(floor: number): string {
  if (floor === 0) return 'Térreo'
  if (floor === -1) return 'Subsolo'
  if (floor < 0) return `${-floor}º subsolo`
  return `${floor}º andar`
}
