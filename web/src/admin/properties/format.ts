import type { Actor } from '../session/types'

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** "2026-11-02T10:00:00Z" → "02/11/2026, 07:00" (Brasília time). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d)
}

/** "por Ana Souza em 02/11/2026, 07:00", or "em …" when nobody is recorded. */
export function byWhom(actor: Actor | null | undefined, iso: string): string {
  return `${actor ? `por ${actor.name} ` : ''}em ${formatDateTime(iso)}`
}
