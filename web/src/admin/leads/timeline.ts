import type { LeadEvent, LeadStatus } from './api'
import { formatDateTime } from '../dates'
import { portalName } from './portal'

const STATUS_WORDS: Record<LeadStatus, string> = {
  novo: 'novo',
  em_atendimento: 'em atendimento',
  concluido: 'concluído',
  descartado: 'descartado',
}

function statusWord(status: string | null): string {
  return status && status in STATUS_WORDS ? STATUS_WORDS[status as LeadStatus] : (status ?? '?')
}

/** One event of a lead's timeline as the back office reads it ("Status: novo → em atendimento"). */
export function describeEvent(event: LeadEvent): string {
  switch (event.kind) {
    case 'created':
      return event.source === 'site' || !event.source ? 'Contato recebido pelo site' : `Contato recebido pelo ${portalName(event.source)}`
    case 'assigned': {
      if (!event.assignee) return event.previous ? `Sem responsável (antes: ${event.previous.name})` : 'Sem responsável'
      const why = event.rule === 'imovel' ? ' (corretor do imóvel)' : event.rule === 'roleta' ? ' (roleta)' : ''
      return event.previous
        ? `Reatribuído de ${event.previous.name} para ${event.assignee.name}${why}`
        : `Atribuído a ${event.assignee.name}${why}`
    }
    case 'status':
      return `Status: ${statusWord(event.from)} → ${statusWord(event.to)}`
    case 'note':
      return event.text ? `Nota: ${event.text}` : 'Nota (texto anonimizado)'
    case 'email_sent':
      return `E-mail enviado${event.email_to ? ` para ${event.email_to}` : ''}${event.email_subject ? ` (${event.email_subject})` : ''}`
    case 'visit':
      if (!event.visit) return 'Visita'
      return event.visit.status === 'cancelled'
        ? `Visita de ${formatDateTime(event.visit.starts_at)} cancelada pelo visitante`
        : `Visita marcada para ${formatDateTime(event.visit.starts_at)}`
  }
}
