import type { Lead } from './api'

/** What the portal said of a lead it delivered (null for the site's). */
export type LeadPortal = NonNullable<Lead['portal']>

const PORTAL_NAMES: Record<string, string> = {
  zap: 'ZAP Imóveis',
  vivareal: 'VivaReal',
  olx: 'OLX',
  grupo: 'Grupo OLX',
}

/** The portal as staff know it ("ZAP Imóveis"); an unknown origin as sent. */
export function portalName(origin: string): string {
  return PORTAL_NAMES[origin] ?? origin
}

const TEMPERATURES: Record<string, string> = { alta: 'Alta', media: 'Média', baixa: 'Baixa' }

/** The portal's temperature ("Média"); another word as the portal sent it. */
export function temperatureLabel(temperature: string): string {
  return TEMPERATURES[temperature] ?? temperature
}

const BUSINESSES: Record<string, string> = { venda: 'compra', aluguel: 'aluguel' }

/** What the buyer is after, in the portal's lead: "Interesse: compra". */
export function portalSummary(portal: LeadPortal): string[] {
  const parts = [`Recebido pelo ${portalName(portal.origin)}`]
  if (portal.temperature) parts.push(`Temperatura: ${temperatureLabel(portal.temperature)}`)
  if (portal.business) parts.push(`Interesse: ${BUSINESSES[portal.business] ?? portal.business}`)
  return parts
}
