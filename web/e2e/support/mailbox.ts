/**
 * The mailbox of the test SMTP server (mailpit, started by the global
 * setup), read through its HTTP API.
 */

const api = process.env.E2E_MAILPIT
if (!api) throw new Error('E2E_MAILPIT is not set: run through "npm run e2e" (global setup)')

export interface Mailbox {
  Name: string
  Address: string
}

/** A message as mailpit lists it. */
export interface MailSummary {
  ID: string
  From: Mailbox
  To: Mailbox[]
  Subject: string
  Created: string
}

/** A message in full: its headers as mailpit reads them, and its text and HTML parts. */
export interface Mail extends MailSummary {
  ReplyTo: Mailbox[]
  Date: string
  Text: string
  HTML: string
}

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${api}${path}`)
  if (!res.ok) throw new Error(`mailpit ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** The messages sent to `address`, newest first. */
export async function messagesTo(address: string): Promise<MailSummary[]> {
  const query = encodeURIComponent(`to:"${address}"`)
  const found = await get<{ messages: MailSummary[] }>(`/api/v1/search?query=${query}&limit=200`)
  // The search matches words; keep only the exact recipient.
  return found.messages.filter((m) => m.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()))
}

/** One message in full. */
export function readMessage(id: string): Promise<Mail> {
  return get<Mail>(`/api/v1/message/${encodeURIComponent(id)}`)
}

/**
 * Waits until a message to `address` arrives for which `match` holds (read
 * in full), polling until a generous deadline, and returns it.
 */
export async function waitForMessage(
  address: string,
  match: (mail: Mail) => boolean,
  { timeout = 60_000 }: { timeout?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeout
  const seen = new Map<string, Mail>()
  for (;;) {
    for (const summary of await messagesTo(address)) {
      if (!seen.has(summary.ID)) seen.set(summary.ID, await readMessage(summary.ID))
      const mail = seen.get(summary.ID)!
      if (match(mail)) return mail
    }
    if (Date.now() > deadline) {
      const subjects = [...seen.values()].map((m) => m.Subject)
      throw new Error(`no matching message to ${address} within ${timeout} ms; received: ${JSON.stringify(subjects)}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The addresses of the links in an HTML part, in order. */
export function links(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1].replaceAll('&amp;', '&'))
}

/** A message's source as the SMTP server received it. */
export async function rawMessage(id: string): Promise<string> {
  const res = await fetch(`${api}/api/v1/message/${encodeURIComponent(id)}/raw`)
  if (!res.ok) throw new Error(`mailpit raw ${id}: ${res.status}`)
  return res.text()
}

/**
 * The body of the first part of a message's source whose Content-Type
 * starts with `type` (as "text/calendar; method=REQUEST"), decoded from
 * quoted-printable or base64; null when there is none.
 */
export function mimePart(raw: string, type: string): { contentType: string; body: string } | null {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/)
  for (const part of parts) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/)
    const contentType = /^Content-Type:\s*([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/im.exec(head)?.[1].replace(/\r?\n[ \t]+/g, ' ') ?? ''
    if (!contentType.toLowerCase().startsWith(type.toLowerCase())) continue
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1].toLowerCase()
    let body = rest.join('\r\n\r\n').replace(/\r?\n--[^\r\n]*--\s*$/, '')
    if (encoding === 'quoted-printable') {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      body = new TextDecoder().decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0)))
    } else if (encoding === 'base64') {
      body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    }
    return { contentType, body }
  }
  return null
}
