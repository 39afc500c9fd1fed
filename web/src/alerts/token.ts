import { readSearchAddress } from '../search/searchAddress'
import { searchHeading } from '../search/searchTitle'

/** The `token` of an e-mail's link, from the page's address ("" when none). */
export function tokenOf(path: string): string {
  const query = path.split('#', 1)[0].split('?')[1] ?? ''
  return new URLSearchParams(query).get('token') ?? ''
}

/** A saved search's query ("business=venda&city=…") as its results page's heading says it. */
export function describeQuery(query: string): string {
  const state = readSearchAddress(`/busca?${query}`)
  return state ? searchHeading(state, null) : 'Busca salva'
}

export const LINK_INVALID = 'Este link não vale mais: o alerta foi excluído ou o endereço está incompleto.'
