import { describe, expect, it } from 'vitest'
import { business, floorLabel, isRental, statusLabel, typeLabel } from './labels'

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

describe('business', () => {
  it('says whether the price is a sale, a rent or both', () => {
    expect(business('venda')).toEqual({ sale: true, rent: false })
    expect(business('aluguel')).toEqual({ sale: false, rent: true })
    expect(business('venda_aluguel')).toEqual({ sale: true, rent: true })
    expect(business('Temporada')).toEqual({ sale: false, rent: true })
    expect(business('Permuta')).toEqual({ sale: true, rent: false })
  })
})

describe('floorLabel and statusLabel', () => {
  it('name floors and statuses in Portuguese', () => {
    expect([0, -1, -3, 1, 12].map(floorLabel)).toEqual(['Térreo', 'Subsolo', '3º subsolo', '1º andar', '12º andar'])
    expect(['disponivel', 'reservado', 'vendido', 'alugado', 'outro'].map(statusLabel)).toEqual([
      'Disponível',
      'Reservado',
      'Vendido',
      'Alugado',
      null,
    ])
  })
})
