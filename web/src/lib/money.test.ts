import { describe, expect, it } from 'vitest'
import { formatArea, formatBRL, parseDecimal, plural } from './money'

// Intl separates "R$" from the amount with U+00A0 (no-break space).
const nbsp = '\u00a0'

describe('money', () => {
  it('formats decimal strings as BRL', () => {
    expect(formatBRL('450000.00')).toBe(`R$${nbsp}450.000,00`)
    expect(formatBRL('850.50')).toBe(`R$${nbsp}850,50`)
    expect(formatBRL('0.00')).toBe(`R$${nbsp}0,00`)
    expect(formatBRL('1234567.89')).toBe(`R$${nbsp}1.234.567,89`)
  })

  it('returns null for missing or malformed values', () => {
    expect(formatBRL(null)).toBeNull()
    expect(formatBRL(undefined)).toBeNull()
    expect(formatBRL('')).toBeNull()
    expect(formatBRL('abc')).toBeNull()
    expect(formatBRL('1e5')).toBeNull()
    expect(parseDecimal(' 12.30 ')).toBe(12.3)
  })

  it('formats areas and plurals', () => {
    expect(formatArea(72.5)).toBe('72,5 m²')
    expect(formatArea(1200)).toBe('1.200 m²')
    expect(formatArea(Number.NaN)).toBeNull()
    expect(plural(1, 'quarto', 'quartos')).toBe('1 quarto')
    expect(plural(3, 'quarto', 'quartos')).toBe('3 quartos')
    expect(plural(0, 'vaga', 'vagas')).toBe('0 vagas')
  })
})
