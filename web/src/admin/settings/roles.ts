import type { Role } from '../session/types'

/** Each role as a person reads it; the keys are the API document's roles. */
export const ROLE_LABELS: Record<Role, string> = {
  administrador: 'Administrador',
  assistente: 'Assistente',
  corretor: 'Corretor',
}

/** What each role may do, in a line, for the select that gives it. */
export const ROLE_HINTS: Record<Role, string> = {
  administrador: 'tudo, inclusive equipe, tokens, dados da imobiliária, portais e LGPD',
  assistente: 'todos os imóveis e contatos, sem equipe, tokens, configurações, portais, importação e LGPD',
  corretor: 'cria imóveis, cuida dos seus imóveis e dos contatos atribuídos a ele',
}

export const ROLES = Object.keys(ROLE_LABELS) as Role[]
