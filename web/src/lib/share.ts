/**
 * The property page's share buttons: the link they share and the count
 * they report. The link is the page's address with a campaign tag, so
 * that the visits it brings back can be told apart in analytics.
 */

export type ShareChannel = 'whatsapp' | 'link' | 'nativo'

/** The listing's page at origin, tagged with the channel it was shared through. */
export function shareUrl(origin: string, slug: string, channel: ShareChannel): string {
  const params = new URLSearchParams({ utm_source: 'compartilhar', utm_medium: channel, utm_campaign: 'imovel' })
  return `${origin}/imoveis/${encodeURIComponent(slug)}?${params}`
}

/** https://wa.me/?text=…: WhatsApp opens with the message, for the visitor to pick a contact. */
export function whatsappShareLink(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title}: ${url}`)}`
}

/**
 * Tells the server the listing was shared through channel, kept alive
 * past the page (the WhatsApp link may leave it); a failure is of no
 * concern to the visitor.
 */
export function reportShare(slug: string, channel: ShareChannel): void {
  if (typeof fetch !== 'function') return
  fetch(`/api/v1/properties/${encodeURIComponent(slug)}/share`, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ channel }),
  }).catch(() => {})
}
