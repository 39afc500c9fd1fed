import { useEffect, useId, useMemo, useState } from 'react'
import { ApiError } from '../../lib/api'
import { Link, useRouter } from '../../lib/router'
import { useResource } from '../../lib/useResource'
import { todayISO } from '../dates'
import { useAdminSession, useCan } from '../session/AdminSession'
import {
  LEAD_STATUSES,
  exportLeads,
  filterParams,
  isLeadStatus,
  listLeads,
  listPropertyChoices,
  type Lead,
  type LeadFilters,
  type LeadPage,
} from './api'
import { LeadCard, type Assignee } from './LeadCard'
import { listStaff } from '../settings/api'
import { useUnread } from './unread'
import { DownloadButton } from '../ui/DownloadButton'
import { FilterSelect } from '../ui/FilterSelect'
import { LoadError } from '../ui/LoadError'
import './leads.css'

const BASE = '/admin/contatos'
const PER_PAGE = 50
const DAY = /^\d{4}-\d{2}-\d{2}$/
const ASSIGNEE = /^([1-9]\d*|me|none)$/

/** The filters the address holds (/admin/contatos?status=novo&from=2026-11-01); unreadable values are left out. */
export function filtersFromPath(path: string): LeadFilters {
  const query = new URLSearchParams(path.split('?')[1]?.split('#')[0] ?? '')
  const filters: LeadFilters = {}
  const status = query.get('status')
  if (isLeadStatus(status)) filters.status = status
  const property = query.get('property_id')?.trim()
  if (property) filters.property_id = property
  const assignee = query.get('assigned_to')
  if (assignee && ASSIGNEE.test(assignee)) filters.assigned_to = assignee
  for (const key of ['from', 'to'] as const) {
    const day = query.get(key)
    if (day && DAY.test(day)) filters[key] = day
  }
  return filters
}

function pathOf(filters: LeadFilters): string {
  const query = filterParams(filters).toString()
  return query ? `${BASE}?${query}` : BASE
}

/** The leads inbox: newest first, filtered by what the address says. */
export function LeadsInbox() {
  const { request } = useAdminSession()
  const can = useCan()
  const { path, navigate } = useRouter()
  const filters = filtersFromPath(path)
  const key = filterParams(filters).toString()
  const filtered = key !== ''
  const list = useResource(`admin-leads:${key}`, (signal) => listLeads(request, filters, { perPage: PER_PAGE }, signal))

  const setFilters = (next: LeadFilters) => navigate(pathOf(next))
  const team = useResource('admin-lead-staff', (signal) => listStaff(request, signal))
  const staff: Assignee[] = team.status === 'ready' ? team.data.items.map(({ id, name }) => ({ id, name })) : []

  return (
    <section className="leads" aria-labelledby="leads-heading">
      <div className="leads__head">
        <h1 id="leads-heading">Contatos</h1>
        {can('privacy') && <Link to="/admin/contatos/lgpd">Privacidade / LGPD</Link>}
        {can('leads.export') && <ExportButton filters={filters} />}
      </div>
      <Filters filters={filters} onChange={setFilters} staff={staff} />
      {list.status === 'loading' && <p role="status">Carregando contatos…</p>}
      {list.status === 'error' && (
        <LoadError onRetry={list.retry}>
          {list.error instanceof ApiError && list.error.isValidation
            ? `Filtros inválidos: ${Object.values(list.error.details ?? {}).flat().join(' ') || list.error.serverMessage}`
            : 'Não foi possível carregar os contatos.'}
        </LoadError>
      )}
      {list.status === 'ready' && (
        <LeadResults key={key} first={list.data} filtered={filtered} staff={staff} />
      )}
    </section>
  )
}

/** The inbox's choices of assignee: everyone's, the caller's, nobody's, each staff member's. */
function assigneeOptions(current: string | undefined, staff: readonly Assignee[]) {
  const options = [
    { value: '', label: 'Todos' },
    { value: 'me', label: 'Meus contatos' },
    { value: 'none', label: 'Sem responsável' },
    ...staff.map((p) => ({ value: String(p.id), label: p.name })),
  ]
  // An address may name someone the list does not (yet) hold.
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: 'Responsável selecionado' })
  return options
}

interface FiltersProps {
  filters: LeadFilters
  onChange: (f: LeadFilters) => void
  staff: readonly Assignee[]
}

function Filters({ filters, onChange, staff }: FiltersProps) {
  const id = useId()
  const { request } = useAdminSession()
  const choices = useResource('admin-lead-property-choices', (signal) => listPropertyChoices(request, signal))
  const properties = choices.status === 'ready' ? choices.data.items : []
  const known = !filters.property_id || properties.some((p) => p.id === filters.property_id)
  const set = (change: Partial<LeadFilters>) => {
    const next = { ...filters, ...change }
    for (const k of Object.keys(change) as Array<keyof LeadFilters>) if (!next[k]) delete next[k]
    onChange(next)
  }
  const any = filterParams(filters).toString() !== ''

  return (
    <form role="search" aria-label="Filtrar contatos" className="leads__filters" onSubmit={(e) => e.preventDefault()}>
      <FilterSelect
        id={`${id}-status`}
        label="Situação"
        value={filters.status ?? ''}
        onChange={(v) => set({ status: isLeadStatus(v) ? v : undefined })}
        options={[{ value: '', label: 'Todas' }, ...LEAD_STATUSES]}
      />
      <FilterSelect
        id={`${id}-assignee`}
        label="Responsável"
        value={filters.assigned_to ?? ''}
        onChange={(v) => set({ assigned_to: ASSIGNEE.test(v) ? v : undefined })}
        options={assigneeOptions(filters.assigned_to, staff)}
      />
      <div className="field leads__filter-property">
        <label htmlFor={`${id}-property`}>Imóvel</label>
        <select
          id={`${id}-property`}
          value={filters.property_id ?? ''}
          onChange={(e) => set({ property_id: e.target.value || undefined })}
          aria-describedby={choices.status === 'error' ? `${id}-property-note` : undefined}
        >
          <option value="">Todos os imóveis</option>
          {!known && <option value={filters.property_id}>Imóvel selecionado</option>}
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.code ? `${p.title} (${p.code})` : p.title}
            </option>
          ))}
        </select>
        {choices.status === 'error' && (
          <p id={`${id}-property-note`} className="field__hint field__hint--left">
            Não foi possível carregar a lista de imóveis.
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>De</label>
        <input
          id={`${id}-from`}
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => set({ from: DAY.test(e.target.value) ? e.target.value : undefined })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>Até</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => set({ to: DAY.test(e.target.value) ? e.target.value : undefined })}
        />
      </div>
      {any && (
        <button type="button" className="button button--ghost leads__clear" onClick={() => onChange({})}>
          Limpar filtros
        </button>
      )}
    </form>
  )
}

/** Where the next page starts: the cursor, or the page number when the server pages by number. */
function nextAsk(last: LeadPage): { cursor: string } | { page: number } | null {
  if (last.next_cursor) return { cursor: last.next_cursor }
  if (last.next_cursor === undefined && last.page && last.page * last.per_page < last.total) return { page: last.page + 1 }
  return null
}

interface ResultsProps {
  first: LeadPage
  filtered: boolean
  staff: readonly Assignee[]
}

/** The leads of one set of filters: "Carregar mais" appends pages; status and note changes stay in place. */
function LeadResults({ first, filtered, staff }: ResultsProps) {
  const { request } = useAdminSession()
  const { path } = useRouter()
  const { set: setUnread } = useUnread()
  const [more, setMore] = useState<LeadPage[]>([])
  const [changed, setChanged] = useState<Record<number, Lead>>({})
  const [loading, setLoading] = useState<'idle' | 'loading' | 'error'>('idle')

  useEffect(() => {
    if (typeof first.unread === 'number') setUnread(first.unread)
  }, [first, setUnread])

  const loaded = useMemo(() => {
    const byId = new Map<number, Lead>()
    for (const page of [first, ...more]) for (const lead of page.items) if (!byId.has(lead.id)) byId.set(lead.id, lead)
    return byId
  }, [first, more])

  const last = more.at(-1) ?? first
  const next = nextAsk(last)

  const loadMore = async () => {
    if (!next || loading === 'loading') return
    setLoading('loading')
    try {
      const page = await listLeads(request, filtersFromPath(path), { ...next, perPage: PER_PAGE })
      setMore((m) => [...m, page])
      setLoading('idle')
    } catch {
      setLoading('error')
    }
  }

  const change = (id: number) => (fn: (lead: Lead) => Lead) =>
    setChanged((c) => {
      const lead = c[id] ?? loaded.get(id)
      return lead ? { ...c, [id]: fn(lead) } : c
    })

  if (first.items.length === 0) {
    return filtered ? (
      <div className="leads__empty">
        <p>Nenhum contato para estes filtros.</p>
        <p className="muted">Mude os filtros ou use “Limpar filtros” para ver todos os contatos.</p>
      </div>
    ) : (
      <div className="leads__empty">
        <p>Nenhum contato recebido ainda.</p>
        <p className="muted">As mensagens enviadas pelo formulário de cada imóvel aparecem aqui.</p>
      </div>
    )
  }

  const leads = [...loaded.values()].map((l) => changed[l.id] ?? l)
  return (
    <>
      <p className="leads__count muted">
        {first.total === 1 ? '1 contato' : `${first.total} contatos`}
        {filtered ? ' para estes filtros' : ''}
        {leads.length < first.total ? `, ${leads.length} na tela` : ''}
      </p>
      <div className="leads__list">
        {leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} onChange={change(lead.id)} staff={staff} />
        ))}
      </div>
      {next && (
        <div className="leads__more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void loadMore()}
            disabled={loading === 'loading'}
          >
            {loading === 'loading' ? 'Carregando…' : 'Carregar mais'}
          </button>
          {loading === 'error' && (
            <p role="alert" className="notice notice--error">
              Não foi possível carregar mais contatos. Tente novamente.
            </p>
          )}
        </div>
      )}
    </>
  )
}

/** "Exportar CSV": every lead matching the filters, saved as contatos-YYYY-MM-DD.csv. */
function ExportButton({ filters }: { filters: LeadFilters }) {
  const { request } = useAdminSession()
  return (
    <div className="leads__export">
      <DownloadButton
        label="Exportar CSV"
        fetchFile={() => exportLeads(request, filters)}
        fileName={() => `contatos-${todayISO()}.csv`}
        failure="Não foi possível exportar os contatos. Tente novamente."
        statusClassName="leads__export-status"
      />
    </div>
  )
}
