/** Browser-side copy of the server's contact limits (trimmed, counted in code points). */

export interface ContactValues {
  name: string
  email: string
  phone: string
  message: string
}

export type ContactField = keyof ContactValues
export type ContactErrors = Partial<Record<ContactField, string[]>>

export const CONTACT_FIELDS: ContactField[] = ['name', 'email', 'phone', 'message']
export const LIMITS = {
  name: { min: 2, max: 150 },
  email: { max: 254 },
  phone: { max: 20 },
  message: { min: 10, max: 2000 },
} as const

/** Length in Unicode code points, as the server counts it. */
export function length(value: string): number {
  return [...value.trim()].length
}

// local@domain.tld: no spaces, no RFC 5322 specials, one "@", and at least one dot between
// non-empty domain labels. Finer points (dot placement in the local part) are left to the
// server, whose 422 answer the form shows under the field.
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\.]+(?:\.[^\s@"(),:;<>[\]\\.]+)+$/u

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {}
  const add = (field: ContactField, message: string) => {
    errors[field] = [...(errors[field] ?? []), message]
  }

  const name = length(values.name)
  if (name === 0) add('name', 'Informe seu nome.')
  else if (name < LIMITS.name.min) add('name', `O nome deve ter pelo menos ${LIMITS.name.min} caracteres.`)
  else if (name > LIMITS.name.max) add('name', `O nome deve ter no máximo ${LIMITS.name.max} caracteres.`)

  const email = values.email.trim()
  if (email === '') add('email', 'Informe seu e-mail.')
  else if (length(email) > LIMITS.email.max) add('email', `O e-mail deve ter no máximo ${LIMITS.email.max} caracteres.`)
  else if (!EMAIL.test(email)) add('email', 'Informe um e-mail válido, como nome@exemplo.com.br.')

  if (length(values.phone) > LIMITS.phone.max) {
    add('phone', `O telefone deve ter no máximo ${LIMITS.phone.max} caracteres.`)
  }

  const message = length(values.message)
  if (message === 0) add('message', 'Escreva sua mensagem.')
  else if (message < LIMITS.message.min) {
    add('message', `A mensagem deve ter pelo menos ${LIMITS.message.min} caracteres.`)
  } else if (message > LIMITS.message.max) {
    add('message', `A mensagem deve ter no máximo ${LIMITS.message.max} caracteres.`)
  }
  return errors
}
