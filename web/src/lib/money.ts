const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 })

/** Strict decimal string as the API sends it ("450000.00"); numbers only for display. */
const DECIMAL = /^-?\d+(\.\d+)?$/

export function parseDecimal(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (!DECIMAL.test(text)) return null
  const n = Number(text)
  return Number.isFinite(n) ? n : null
}

/** "450000.00" or 450000 → "R$ 450.000,00" (Intl puts a no-break space after "R$"). */
export function formatBRL(value: string | number | null | undefined): string | null {
  const n = parseDecimal(value)
  return n === null ? null : brl.format(n)
}

/** 72.5 → "72,5 m²" */
export function formatArea(m2: number | null | undefined): string | null {
  if (typeof m2 !== 'number' || !Number.isFinite(m2)) return null
  return `${decimal.format(m2)} m²`
}

/** Portuguese singular/plural: plural(1, 'quarto', 'quartos') → "1 quarto". */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** The largest amount the API takes: R$ 99.999.999.999,99. */
const MAX_WHOLE_DIGITS = 11

/** A money field as typed: the API's decimal string, null when left empty, or not an amount. */
export type MoneyInput = { ok: true; value: string | null } | { ok: false }

const GROUPED = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/ // 1.250.000,00 · 3.500
const COMMA = /^\d+(,\d{1,2})?$/ // 1250000,00 · 3500
const POINT = /^\d+\.\d{1,2}$/ // 3500.50, as the API writes it

/**
 * Reads an amount typed the Brazilian way ("1.250.000,00", "R$ 3.500",
 * "850,5") into the decimal string the API takes ("1250000.00"). A point
 * followed by one or two digits is a decimal point ("3500.50", the API's
 * own form); followed by three, it groups thousands ("3.500"). Empty text
 * is null; signs, letters and more than R$ 99.999.999.999,99 are not an
 * amount.
 */
export function parseMoneyInput(text: string): MoneyInput {
  const s = text.replace(/^\s*R\$/i, '').replace(/[\s\u00a0]/g, '')
  if (s === '') return { ok: true, value: null }
  let whole: string
  let frac: string
  if (GROUPED.test(s) || COMMA.test(s)) {
    ;[whole, frac = ''] = s.replace(/\./g, '').split(',')
  } else if (POINT.test(s)) {
    ;[whole, frac] = s.split('.')
  } else {
    return { ok: false }
  }
  whole = whole.replace(/^0+(?=\d)/, '')
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false }
  return { ok: true, value: `${whole}.${frac.padEnd(2, '0')}` }
}

/** "1250000.00" → "1.250.000,00", for a money field to edit; null → "". */
export function formatMoneyInput(value: string | null | undefined): string {
  if (value === null || value === undefined || !DECIMAL.test(value.trim())) return ''
  const [whole, frac = ''] = value.trim().split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${grouped},${frac.padEnd(2, '0').slice(0, 2)}`
}

/** A number field as typed: the number, null when left empty, or not a number. */
export type NumberInput = { ok: true; value: number | null } | { ok: false }

/**
 * Reads a number typed with a decimal comma or point ("72,5", "-27.5954");
 * empty text is null. Thousands separators are not taken: "1.200" would be
 * ambiguous.
 */
export function parseNumberInput(text: string): NumberInput {
  const s = text.trim().replace(',', '.')
  if (s === '') return { ok: true, value: null }
  if (!/^-?\d+(\.\d+)?$/.test(s)) return { ok: false }
  const n = Number(s)
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false }
}

/** 72.5 → "72,5", for a number field to edit; null → "". */
export function formatNumberInput(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : ''
}
