import { describe, expect, it } from 'vitest'
import { makeFacets } from '../test/fixtures'
import { EMPTY_SEARCH, type SearchState } from './searchState'
import { pluralName, searchHeading, searchTitle } from './searchTitle'

const search = (changes: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH, ...changes })

describe('search heading and title', () => {
  it.each([
    ['Apartamento', 'Apartamentos'],
    ['Casa em condomínio', 'Casas em condomínio'],
    ['Sala comercial', 'Salas comerciais'],
    ['Studio', 'Studios'],
    ['Terreno', 'Terrenos'],
    ['Galpão', 'Galpões'],
    ['Imóvel rural', 'Imóveis rurais'],
  ])('%s → %s', (name, plural) => {
    expect(pluralName(name)).toBe(plural)
  })

  it.each<[Partial<SearchState>, string]>([
    [{}, 'Imóveis'],
    [{ business: 'aluguel', city: 'florianopolis-sc', subtypes: ['apartamento'] }, 'Apartamentos para alugar em Florianópolis – SC'],
    [{ business: 'venda', city: 'florianopolis-sc', neighborhoods: ['centro'] }, 'Imóveis à venda em Centro, Florianópolis – SC'],
    [{ city: 'florianopolis-sc', neighborhoods: ['centro', 'trindade'] }, 'Imóveis em Florianópolis – SC'],
    [{ subtypes: ['casa', 'apartamento'], business: 'venda' }, 'Imóveis à venda'],
    [{ subtypes: ['sala-comercial'], q: 'paulista' }, 'Salas comerciais: “paulista”'],
  ])('%j reads "%s"', (changes, heading) => {
    expect(searchHeading(search(changes), makeFacets())).toBe(heading)
  })

  it('names a place from its slug until the answer brings its label', () => {
    expect(searchHeading(search({ business: 'venda', city: 'sao-jose-sc', neighborhoods: ['kobrasol'] }), null)).toBe(
      'Imóveis à venda em Kobrasol, Sao Jose – SC',
    )
  })

  it('adds the page past the first and the site', () => {
    expect(searchTitle(search({ business: 'venda', city: 'florianopolis-sc', page: 2 }), makeFacets())).toBe(
      'Imóveis à venda em Florianópolis – SC, página 2',
    )
  })
})
