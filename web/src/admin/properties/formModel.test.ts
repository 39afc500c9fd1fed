import { describe, expect, it } from 'vitest'
import { fieldLabel } from './formModel'

describe('fieldLabel', () => {
  it('names a field of the admin API as the form labels it', () => {
    expect(fieldLabel('price')).toBe('Preço de venda')
    expect(fieldLabel('city.state')).toBe('UF')
    expect(fieldLabel('amenities[2].name')).toBe('Comodidade 3: nome')
  })

  it('names the references and the photos as the import and the portals report them', () => {
    expect(fieldLabel('city')).toBe('Cidade')
    expect(fieldLabel('neighborhood')).toBe('Bairro')
    expect(fieldLabel('subtype')).toBe('Tipo do imóvel')
    expect(fieldLabel('photos')).toBe('Fotos')
  })
})
