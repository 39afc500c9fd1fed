import { request } from '../../lib/api'
import type { Schemas } from '../../lib/types'
import type { SignedIn } from '../session/types'

/**
 * The routes a link's token opens, without a session. The token comes from
 * the address's fragment (never sent to the server) and goes in a JSON body.
 */
export type AccountLink = Schemas['AccountLink']
export type LinkKind = AccountLink['kind']

/** Whom the link is for; a 410 when it opens nothing. */
export function readLink(token: string, signal?: AbortSignal): Promise<AccountLink> {
  const body: Schemas['LinkToken'] = { token }
  return request('/api/admin/account/link', { method: 'POST', body, signal })
}

/** Uses the link with the chosen password: the account is ready and signed in. */
export function redeemLink(kind: LinkKind, token: string, password: string): Promise<SignedIn> {
  const body: Schemas['LinkUse'] = { token, password }
  const path = kind === 'invite' ? '/api/admin/account/accept-invitation' : '/api/admin/account/reset-password'
  return request(path, { method: 'POST', body })
}

/** Asks for a reset link; the answer is the same whether the e-mail is an account's or not. */
export function forgotPassword(email: string): Promise<Schemas['Message']> {
  const body: Schemas['ForgotPassword'] = { email }
  return request('/api/admin/account/forgot-password', { method: 'POST', body })
}
