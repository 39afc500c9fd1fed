import { cityLabel } from '../lib/place'
import type { SearchFacets } from '../lib/types'
import type { SearchState } from './searchState'

const PREPOSITIONS = new Set(['de', 'do', 'da', 'dos', 'das', 'em', 'no', 'na', 'com', 'para', 'sem'])

/** One Portuguese noun or adjective in the plural: casa → casas, comercial → comerciais, jardim → jardins. */
function pluralWord(word: string): string {
  const lower = word.toLowerCase()
  if (/ão$/.test(lower)) return `${word.slice(0, -2)}ões` // the common ending (galpão); not mão, pão
  if (/[aeiouáéíóúâêôãõ]$/.test(lower)) return `${word}s`
  if (/[aeou]l$/.test(lower)) return `${word.slice(0, -1)}is`
  if (/il$/.test(lower)) return `${word.slice(0, -1)}s`
  if (/m$/.test(lower)) return `${word.slice(0, -1)}ns`
  if (/[rz]$/.test(lower)) return `${word}es`
  return word
}

/**
 * A subtype's name in the plural, its words before the first preposition
 * turned: "Apartamento" → "Apartamentos", "Sala comercial" → "Salas
 * comerciais", "Casa em condomínio" → "Casas em condomínio".
 */
export function pluralName(name: string): string {
  const words = name.trim().split(/\s+/)
  const stop = words.findIndex((w) => PREPOSITIONS.has(w.toLowerCase()))
  const end = stop === -1 ? words.length : stop
  return words.map((w, i) => (i < end ? pluralWord(w) : w)).join(' ')
}

/** A slug shown while its label is not known yet: "sao-jose-sc" → "Sao Jose – SC". */
function slugLabel(slug: string, withState: boolean): string {
  const parts = slug.split('-')
  const state = withState && parts.length > 1 ? parts.pop()!.toUpperCase() : null
  const name = parts.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join(' ')
  return state ? cityLabel(name, state) : name
}

type Labels = Pick<SearchFacets, 'subtype' | 'city' | 'neighborhood'> | null | undefined

const labelOf = (values: Array<{ value: string; label: string }> | undefined, value: string) =>
  values?.find((v) => v.value === value)?.label

/**
 * What a search looks for, in words: "Apartamentos para alugar em
 * Florianópolis – SC", "Imóveis à venda em Centro, Florianópolis – SC",
 * "Imóveis". Labels come from the answer's facets (a selected value is
 * always among them); before it arrives, from the slugs.
 */
export function searchHeading(s: SearchState, facets: Labels): string {
  const what =
    s.subtypes.length === 1 ? pluralName(labelOf(facets?.subtype, s.subtypes[0]) ?? slugLabel(s.subtypes[0], false)) : 'Imóveis'
  const business = s.business === 'venda' ? ' à venda' : s.business === 'aluguel' ? ' para alugar' : ''
  let place = ''
  if (s.city) {
    const city = labelOf(facets?.city, s.city) ?? slugLabel(s.city, true)
    const hood = s.neighborhoods.length === 1 ? s.neighborhoods[0] : null
    place = hood ? ` em ${labelOf(facets?.neighborhood, hood) ?? slugLabel(hood, false)}, ${city}` : ` em ${city}`
  }
  const text = s.q ? `: “${s.q}”` : ''
  return `${what}${business}${place}${text}`
}

/** The page's title: the heading and its page past the first (usePageTitle adds the agency's name). */
export function searchTitle(s: SearchState, facets: Labels): string {
  const page = s.page > 1 ? `, página ${s.page}` : ''
  return `${searchHeading(s, facets)}${page}`
}
