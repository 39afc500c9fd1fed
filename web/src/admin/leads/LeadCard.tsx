import { useId, useRef, useState } from 'react'
import { ApiError } from '../../lib/api'
import { mailtoHref } from '../../lib/mailto'
import { formatPhone, telHref } from '../../lib/phone'
import { whatsappLink } from '../../lib/whatsapp'
import { Link } from '../../lib/router'
import { byWhom, formatDateTime } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import type { Actor } from '../session/types'
import {
  LEAD_STATUSES,
  getLead,
  isLeadStatus,
  updateLead,
  type Lead,
  type LeadDetail,
  type LeadEvent,
  type LeadStatus,
} from './api'
import { portalSummary } from './portal'
import { describeEvent } from './timeline'
import { useUnread } from './unread'

export const NOTE_MAX = 2000

/** A staff member a lead can be assigned to. */
export interface Assignee {
  id: number
  name: string
}

interface Props {
  lead: Lead
  /** Changes this lead in the list (the change is applied to its latest state). */
  onChange: (change: (lead: Lead) => Lead) => void
  /** The staff a lead can go to; empty while their list is not known. */
  staff?: readonly Assignee[]
  /** The lead's timeline when it is already loaded (the lead's own page): shown open. */
  timeline?: LeadEvent[]
}

/** The server's reason for refusing a change of `field`, or null when it gave none. */
function refusal(error: unknown, field: 'status' | 'note' | 'assigned_to'): string | null {
  if (error instanceof ApiError) {
    if (error.isValidation) return error.details?.[field]?.[0] ?? error.serverMessage
    if (error.isNotFound) return 'Este contato não existe mais.'
  }
  return null
}

/** One lead of the inbox: who wrote, about which property, and the agency's work on it. */
export function LeadCard({ lead, onChange, staff = [], timeline: loadedTimeline }: Props) {
  const id = useId()
  const { request } = useAdminSession()
  const unread = useUnread()

  // The timeline: loaded when staff open it, and replaced by every change's answer.
  const [timeline, setTimeline] = useState<LeadEvent[] | null>(loadedTimeline ?? null)
  const [historyOpen, setHistoryOpen] = useState(loadedTimeline !== undefined)
  const [historyError, setHistoryError] = useState(false)
  const took = (saved: Partial<LeadDetail>) => {
    if (saved.timeline) setTimeline(saved.timeline)
  }
  const toggleHistory = async () => {
    const open = !historyOpen
    setHistoryOpen(open)
    if (!open || timeline) return
    setHistoryError(false)
    try {
      took(await getLead(request, lead.id))
    } catch {
      setHistoryError(true)
    }
  }

  const [assignError, setAssignError] = useState<string | null>(null)
  const reassign = async (to: number | null) => {
    setAssignError(null)
    try {
      const saved = await updateLead(request, lead.id, { assigned_to: to })
      took(saved)
      onChange((l) => ({ ...l, assigned_to: saved.assigned_to, updated_at: saved.updated_at, updated_by: saved.updated_by }))
    } catch (error) {
      setAssignError(`Não foi possível mudar o responsável. ${refusal(error, 'assigned_to') ?? 'Tente novamente.'}`)
    }
  }

  // The status the server last confirmed; a failed change goes back to it.
  const confirmed = useRef(lead.status)
  const lastAsk = useRef(0)
  const [statusError, setStatusError] = useState<string | null>(null)

  const changeStatus = async (next: LeadStatus) => {
    const ask = ++lastAsk.current
    setStatusError(null)
    onChange((l) => ({ ...l, status: next }))
    try {
      const saved = await updateLead(request, lead.id, { status: next })
      took(saved)
      confirmed.current = saved.status
      if (ask === lastAsk.current) {
        onChange((l) => ({ ...l, status: saved.status, updated_at: saved.updated_at, updated_by: saved.updated_by }))
      }
      unread.refresh()
    } catch (error) {
      if (ask !== lastAsk.current) return
      onChange((l) => ({ ...l, status: confirmed.current }))
      setStatusError(`Não foi possível mudar a situação. ${refusal(error, 'status') ?? 'Tente novamente.'}`)
    }
  }

  const [note, setNote] = useState(lead.note ?? '')
  const [noteState, setNoteState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  })
  const saveNote = async () => {
    if (noteState.kind === 'saving') return
    setNoteState({ kind: 'saving' })
    const text = note.trim()
    try {
      const saved = await updateLead(request, lead.id, { note: text === '' ? null : text })
      took(saved)
      setNote(saved.note ?? '')
      onChange((l) => ({ ...l, note: saved.note, updated_at: saved.updated_at, updated_by: saved.updated_by }))
      setNoteState({ kind: 'saved' })
    } catch (error) {
      setNoteState({ kind: 'error', message: `Não foi possível salvar a nota. ${refusal(error, 'note') ?? 'Tente novamente.'}` })
    }
  }

  // A plain chat with the visitor: wa.me with the number alone.
  const whatsapp = whatsappLink(lead.phone)
  const status = isLeadStatus(lead.status) ? lead.status : 'novo'
  const nameId = `${id}-name`
  const noteId = `${id}-note`
  const noteError = noteState.kind === 'error' ? `${id}-note-error` : undefined

  return (
    <article className={`lead-card lead-card--${status}`} aria-labelledby={nameId}>
      <header className="lead-card__head">
        <h2 id={nameId} className="lead-card__name">
          {lead.anonymized_at ? 'Contato anonimizado' : lead.name}
        </h2>
        <time dateTime={lead.created_at} className="lead-card__date">
          {formatDateTime(lead.created_at)}
        </time>
      </header>

      {lead.portal && <p className="lead-card__meta lead-card__origin">{portalSummary(lead.portal).join(' · ')}</p>}
      {lead.visit && (
        <p className="lead-card__meta lead-card__visit">
          <strong>Visita</strong> em {formatDateTime(lead.visit.starts_at)}
          {lead.visit.status === 'cancelled' && ' · cancelada pelo visitante'}
        </p>
      )}
      {lead.anonymized_at && (
        <p className="lead-card__meta muted">Dados pessoais anonimizados em {formatDateTime(lead.anonymized_at)} (LGPD).</p>
      )}
      <ul className="lead-card__contact">
        {lead.phone && (
          <li>
            <a className="lead-card__action" href={telHref(lead.phone)} aria-label={`Ligar para ${formatPhone(lead.phone)}`}>
              {formatPhone(lead.phone)}
            </a>
          </li>
        )}
        {whatsapp && (
          <li>
            <a className="lead-card__action" href={whatsapp} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp de ${lead.name}`}>
              WhatsApp
            </a>
          </li>
        )}
        {lead.email && (
          <li>
            <a className="lead-card__action" href={mailtoHref(lead.email)}>
              {lead.email}
            </a>
          </li>
        )}
      </ul>

      <p className="lead-card__property">
        {lead.property_id ? (
          <>
            <span className="muted">Imóvel: </span>
            {lead.property_slug ? (
              <Link to={`/imoveis/${encodeURIComponent(lead.property_slug)}`}>{lead.property_title ?? lead.property_slug}</Link>
            ) : (
              lead.property_title
            )}
            {' · '}
            <Link
              to={`/admin/imoveis/${encodeURIComponent(lead.property_id)}`}
              aria-label={`Editar imóvel ${lead.property_title ?? ''}`.trim()}
            >
              Editar imóvel
            </Link>
          </>
        ) : lead.portal ? (
          <span className="muted">
            {lead.portal.client_listing_id
              ? `Imóvel não encontrado (código ${lead.portal.client_listing_id} no portal)`
              : 'Imóvel não informado pelo portal'}
          </span>
        ) : (
          <span className="muted">Imóvel removido</span>
        )}
      </p>

      {lead.message && <p className="lead-card__message">{lead.message}</p>}
      {lead.marketing_consent && !lead.anonymized_at && (
        <p className="lead-card__meta">Aceita receber novidades e ofertas por e-mail, telefone ou WhatsApp.</p>
      )}

      <div className="lead-card__work">
        <div className="field">
          <label htmlFor={`${id}-status`}>Situação</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => {
              if (isLeadStatus(e.target.value)) void changeStatus(e.target.value)
            }}
            aria-invalid={statusError ? true : undefined}
            aria-describedby={statusError ? `${id}-status-error` : undefined}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          {statusError && (
            <p id={`${id}-status-error`} role="alert" className="field__error">
              {statusError}
            </p>
          )}
        </div>

        <div className="field">
          <label htmlFor={`${id}-assignee`}>Responsável</label>
          <select
            id={`${id}-assignee`}
            value={lead.assigned_to ? String(lead.assigned_to.id) : ''}
            onChange={(e) => void reassign(e.target.value ? Number(e.target.value) : null)}
            aria-invalid={assignError ? true : undefined}
            aria-describedby={assignError ? `${id}-assignee-error` : undefined}
          >
            <option value="">Sem responsável</option>
            {lead.assigned_to && !staff.some((p) => p.id === lead.assigned_to?.id) && (
              <option value={String(lead.assigned_to.id)}>{lead.assigned_to.name}</option>
            )}
            {staff.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
          {assignError && (
            <p id={`${id}-assignee-error`} role="alert" className="field__error">
              {assignError}
            </p>
          )}
        </div>

        <div className={`field${noteError ? ' field--invalid' : ''}`}>
          <label htmlFor={noteId}>Nota interna</label>
          <textarea
            id={noteId}
            rows={2}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => {
              setNote(e.target.value)
              if (noteState.kind !== 'saving') setNoteState({ kind: 'idle' })
            }}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError}
          />
          {noteState.kind === 'error' && (
            <p id={noteError} role="alert" className="field__error">
              {noteState.message}
            </p>
          )}
          <div className="lead-card__note-actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void saveNote()}
              disabled={noteState.kind === 'saving'}
            >
              {noteState.kind === 'saving' ? 'Salvando…' : 'Salvar nota'}
            </button>
            <span role="status" className="lead-card__saved">
              {noteState.kind === 'saved' ? 'Nota salva' : ''}
            </span>
          </div>
        </div>
      </div>

      {lead.updated_at && <p className="lead-card__meta muted">{updatedLine(lead.updated_by, lead.updated_at)}</p>}
      <div className="lead-card__history">
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={historyOpen}
          aria-controls={`${id}-history`}
          onClick={() => void toggleHistory()}
        >
          {historyOpen ? 'Ocultar histórico' : 'Ver histórico'}
        </button>
        {historyOpen && (
          <div id={`${id}-history`}>
            {historyError && (
              <p role="alert" className="field__error">
                Não foi possível carregar o histórico.
              </p>
            )}
            {!historyError && !timeline && <p role="status">Carregando histórico…</p>}
            {timeline && <Timeline events={timeline} />}
          </div>
        )}
      </div>
      {lead.delivery_status && <p className="lead-card__meta muted">{deliveryLine(lead)}</p>}
    </article>
  )
}

/** A lead's timeline, oldest first: what happened, when, and by whom. */
function Timeline({ events }: { events: readonly LeadEvent[] }) {
  return (
    <ol className="lead-timeline" aria-label="Histórico do contato">
      {events.map((event, i) => (
        <li key={i} className={`lead-timeline__event lead-timeline__event--${event.kind}`}>
          <span className="lead-timeline__what">{describeEvent(event)}</span>
          <span className="lead-timeline__when muted">{byWhom(event.by, event.at)}</span>
        </li>
      ))}
    </ol>
  )
}

function updatedLine(by: Actor | null, at: string): string {
  return `Atualizado ${byWhom(by, at)}`
}

function deliveryLine(lead: Lead): string {
  const attempts = lead.delivery_attempts === 1 ? '1 tentativa' : `${lead.delivery_attempts} tentativas`
  switch (lead.delivery_status) {
    case 'delivered':
      return 'Webhook: entregue'
    case 'pending':
      return lead.delivery_attempts > 0 ? `Webhook: aguardando nova tentativa (${attempts})` : 'Webhook: aguardando envio'
    case 'failed':
      return `Webhook: falhou após ${attempts}${lead.delivery_error ? ` (${lead.delivery_error})` : ''}`
    case 'cancelled':
      return 'Webhook: envio cancelado (dados anonimizados)'
    default:
      return ''
  }
}
