/** Times of visits as visitors read them: Brazilian Portuguese, in the agency's zone. */
const ZONE = 'America/Sao_Paulo'

const dayLabel = new Intl.DateTimeFormat('pt-BR', { weekday: 'short', day: 'numeric', month: 'short', timeZone: ZONE })
const timeLabel = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: ZONE })
const longLabel = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: ZONE,
})

/** "2026-12-04" (a date of the agency's zone) → "sex., 4 de dez." */
export function formatDay(date: string): string {
  // Noon UTC is the same date in every Brazilian zone.
  return dayLabel.format(new Date(`${date}T15:00:00Z`))
}

/** An instant → "10:00" in the agency's zone. */
export function formatTime(iso: string): string {
  return timeLabel.format(new Date(iso))
}

/** An instant → "sexta-feira, 4 de dezembro de 2026 às 10:00". */
export function formatWhen(iso: string): string {
  return longLabel.format(new Date(iso))
}
