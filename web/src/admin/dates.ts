/** Dates as the back office shows them: Brazilian Portuguese, the agency's time zone. */
const ZONE = 'America/Sao_Paulo'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: ZONE })
const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ZONE })

/** "2026-11-25T12:30:00Z" → "25/11/2026, 09:30"; "" for a missing or unreadable value. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date)
}

/** Today's date in the agency's time zone, as YYYY-MM-DD. */
export function todayISO(now = new Date()): string {
  return isoDay.format(now)
}

/**
 * Who made a write and when, as the back office words it: "por Ana Souza
 * em 02/11/2026, 07:00", "pelo token importador em …", or "em …" when
 * nobody is recorded.
 */
export function byWhom(actor: { kind: 'user' | 'token'; name: string } | null | undefined, iso: string): string {
  const who = !actor ? '' : actor.kind === 'token' ? `pelo token ${actor.name} ` : `por ${actor.name} `
  return `${who}em ${formatDateTime(iso)}`
}
