import { describe, expect, it } from 'vitest'
import {
  formatArea,
  formatBRL,
  formatMoneyInput,
  formatNumberInput,
  parseDecimal,
  parseMoneyInput,
  parseNumberInput,
  plural,
} from './money'

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

describe('money typed in a form', () => {
  it('reads Brazilian amounts into the API decimal string', () => {
    const cases: Array<[string, string | null]> = [
      ['1.250.000,00', '1250000.00'],
      ['R$ 3.500', '3500.00'],
      [`R$${nbsp}3.500,5`, '3500.50'],
      ['r$3500', '3500.00'],
      ['850,5', '850.50'],
      ['1250000', '1250000.00'],
      ['3500.50', '3500.50'],
      ['3.500', '3500.00'],
      ['0,99', '0.99'],
      ['007', '7.00'],
      ['  ', null],
      ['', null],
      ['99.999.999.999,99', '99999999999.99'],
    ]
    for (const [text, value] of cases) expect(parseMoneyInput(text), text).toEqual({ ok: true, value })
  })

  it('refuses what is not an amount', () => {
    for (const text of ['abc', '-10', '1,2,3', '1.25.000', '3,505', '1e5', '12.3456', '100.000.000.000,00', '1.000.', 'R$']) {
      expect(parseMoneyInput(text), text).toEqual(text === 'R$' ? { ok: true, value: null } : { ok: false })
    }
  })

  it('writes API amounts back for editing, and round-trips them', () => {
    expect(formatMoneyInput('1250000.00')).toBe('1.250.000,00')
    expect(formatMoneyInput('850.5')).toBe('850,50')
    expect(formatMoneyInput('0.00')).toBe('0,00')
    expect(formatMoneyInput(null)).toBe('')
    for (const v of ['0.01', '999.99', '1000.00', '99999999999.99']) {
      expect(parseMoneyInput(formatMoneyInput(v))).toEqual({ ok: true, value: v })
    }
  })

  it('reads numbers with a decimal comma or point', () => {
    expect(parseNumberInput('72,5')).toEqual({ ok: true, value: 72.5 })
    expect(parseNumberInput('-27.5954')).toEqual({ ok: true, value: -27.5954 })
    expect(parseNumberInput(' 3 ')).toEqual({ ok: true, value: 3 })
    expect(parseNumberInput('')).toEqual({ ok: true, value: null })
    expect(parseNumberInput('1.200,5')).toEqual({ ok: false })
    expect(parseNumberInput('doze')).toEqual({ ok: false })
    expect(formatNumberInput(72.5)).toBe('72,5')
    expect(formatNumberInput(null)).toBe('')
  })
})
