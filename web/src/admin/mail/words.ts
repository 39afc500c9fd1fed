import type { MailStatus } from './api'

/** The back office's words for the outbox: Brazilian Portuguese, by state and kind. */
export const STATUS_LABEL: Record<MailStatus, string> = {
  pending: 'Aguardando',
  sent: 'Enviado',
  failed: 'Falhou',
  cancelled: 'Cancelado',
}

/** Each state's tag: the shared colours where one fits. */
export const STATUS_TAG: Record<MailStatus, string> = {
  pending: 'tag mail-status--pending',
  sent: 'tag tag--ok',
  failed: 'tag tag--danger',
  cancelled: 'tag',
}

/** The counts' headings, in the order the page shows them. */
export const COUNT_LABEL: ReadonlyArray<{ status: MailStatus; label: string }> = [
  { status: 'pending', label: 'Aguardando' },
  { status: 'sent', label: 'Enviados' },
  { status: 'failed', label: 'Falharam' },
  { status: 'cancelled', label: 'Cancelados' },
]

const KIND_LABEL: Record<string, string> = {
  lead_notice: 'Aviso de novo contato',
  invitation: 'Convite para a equipe',
  password_reset: 'Nova senha',
  daily_summary: 'Resumo diário',
  saved_search_confirm: 'Confirmação de alerta de busca',
  saved_search_alert: 'Alerta de busca',
}

/**
 * A kind as staff read it. The server may add kinds before this client
 * knows them; those show as the server names them rather than vanish.
 */
export function kindLabel(kind: string): string {
  return KIND_LABEL[kind] ?? `E-mail (${kind})`
}

/** "Nenhuma tentativa", "1 tentativa", "3 tentativas". */
export function attemptsLabel(n: number): string {
  if (n <= 0) return 'Nenhuma tentativa'
  return n === 1 ? '1 tentativa' : `${n} tentativas`
}

/** The banner's sentence about the notices waiting for e-mail to be configured. */
export function waitingSentence(pending: number): string {
  if (pending <= 0) return 'os avisos de novos contatos vão aguardar até que seja configurado.'
  if (pending === 1) return '1 aviso de novo contato está aguardando.'
  return `${pending} avisos de novos contatos estão aguardando.`
}
