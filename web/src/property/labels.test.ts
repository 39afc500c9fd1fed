import { describe, expect, it } from 'vitest'
import { isRental, typeLabel } from './labels'

describe('typeLabel', () => {
  it('names the three businesses of the API', () => {
    expect(typeLabel('venda')).toBe('Venda')
    expect(typeLabel('aluguel')).toBe('Aluguel')
    expect(typeLabel('venda_aluguel')).toBe('Venda e aluguel')
  })

  it('shows a text stored before the businesses were fixed as it came, capitalised', () => {
    expect(typeLabel('Permuta')).toBe('Permuta')
    expect(typeLabel('  ')).toBe('Imóvel')
  })
})

describe('isRental', () => {
  it('is true for a rental only', () => {
    expect(isRental('aluguel')).toBe(true)
    expect(isRental('venda')).toBe(false)
    expect(isRental('venda_aluguel')).toBe(false)
  })
})
