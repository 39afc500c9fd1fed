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
