import { phoneDigits } from './phone'

/**
 * The property page's WhatsApp link. The agency's number is stored in
 * E.164 ("+5548999990000", docs/api.md); wa.me takes the international
 * number as digits alone (phoneDigits).
 */

/** A property as the visitor's first words name it: its title, and its code when it has one. */
export function propertyName(property: { code?: string | null; title: string }): string {
  return property.code ? `${property.title} (cód. ${property.code})` : property.title
}

/** The visitor's first message: which property, and its address on this site. */
export function whatsappMessage(property: { code: string | null; title: string }, pageUrl: string): string {
  return `Olá! Tenho interesse no imóvel ${propertyName(property)}: ${pageUrl}`
}

/**
 * https://wa.me/<digits>?text=<message>, or https://wa.me/<digits> for a
 * plain chat (no message); null when the number is not one.
 */
export function whatsappLink(phone: string | null | undefined, message = ''): string | null {
  const digits = phoneDigits(phone)
  if (!digits) return null
  return message ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : `https://wa.me/${digits}`
}

/**
 * Tells the server a visitor went to WhatsApp from a property's page,
 * without holding the visitor back: a beacon, which the browser sends
 * even as the page goes away, else a request kept alive past the page.
 * Failures are of no concern to the visitor.
 */
export function reportWhatsAppClick(slug: string): void {
  const url = `/api/v1/properties/${encodeURIComponent(slug)}/whatsapp`
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return
  } catch {
    // fall through to fetch
  }
  if (typeof fetch === 'function') {
    fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => {})
  }
}
