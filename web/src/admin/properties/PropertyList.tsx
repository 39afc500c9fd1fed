import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { formatBRL, plural } from '../../lib/money'
import { Link, useRouter } from '../../lib/router'
import type { PropertyStatus } from '../../lib/types'
import { useResource } from '../../lib/useResource'
import { business, rentPeriodSuffix, statusLabel, typeLabel } from '../../property/labels'
import { useAdminSession } from '../session/AdminSession'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import {
  deleteProperty,
  listProperties,
  listSearch,
  updateProperty,
  type ActiveFilter,
  type AdminListItem,
  type BusinessFilter,
  type ListQuery,
  type ListSort,
} from './api'
import { byWhom } from '../dates'
import { FilterSelect } from '../ui/FilterSelect'
import { LoadError } from '../ui/LoadError'
import './properties.css'
import { cityLabel } from '../../lib/place'
import { Picture } from '../../property/Picture'

const PER_PAGES = [20, 50, 100]
const DEFAULT_PER_PAGE = 20
const SEARCH_DELAY_MS = 350

const STATUSES: Array<{ value: PropertyStatus; label: string }> = [
  { value: 'disponivel', label: 'Disponível' },
  { value: 'reservado', label: 'Reservado' },
  { value: 'vendido', label: 'Vendido' },
  { value: 'alugado', label: 'Alugado' },
]
const BUSINESSES: Array<{ value: BusinessFilter; label: string }> = [
  { value: 'venda', label: 'Venda' },
  { value: 'aluguel', label: 'Aluguel' },
  { value: 'venda_aluguel', label: 'Venda e aluguel' },
]
const SORTS: Array<{ value: ListSort; label: string }> = [
  { value: 'newest', label: 'Mais recentes' },
  { value: 'oldest', label: 'Mais antigos' },
  { value: 'updated', label: 'Atualizados recentemente' },
  { value: 'price_asc', label: 'Menor preço' },
  { value: 'price_desc', label: 'Maior preço' },
  { value: 'title', label: 'Título (A–Z)' },
]

function oneOf<T extends string>(value: string | null, allowed: ReadonlyArray<{ value: T }>): T | undefined {
  return allowed.find((a) => a.value === value)?.value
}

/** The list's state as the address holds it (/admin?q=casa&status=vendido&page=2). */
export function readListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search)
  const page = Number(params.get('page'))
  const perPage = Number(params.get('per_page'))
  const active = params.get('active')
  const sort = oneOf(params.get('sort'), SORTS)
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100) || undefined,
    active: active === 'true' || active === 'false' ? (active as ActiveFilter) : undefined,
    status: oneOf(params.get('status'), STATUSES),
    business: oneOf(params.get('business'), BUSINESSES),
    sort: sort === 'newest' ? undefined : sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: PER_PAGES.includes(perPage) ? perPage : DEFAULT_PER_PAGE,
  }
}

/** The address of a state of the list; defaults are left out. */
export function listAddress(query: ListQuery): string {
  const params = new URLSearchParams(listSearch(query))
  if (query.page === 1) params.delete('page')
  if (query.per_page === DEFAULT_PER_PAGE) params.delete('per_page')
  const search = params.toString()
  return search ? `/admin?${search}` : '/admin'
}

const filtered = (q: ListQuery) => Boolean(q.q || q.active || q.status || q.business)

type Notice = { kind: 'status' | 'error'; text: string } | null

/** /admin: every property, inactive included, with its filters, paging and actions. */
export function PropertyList() {
  const { request } = useAdminSession()
  const { path, navigate } = useRouter()
  const search = path.includes('?') ? path.slice(path.indexOf('?') + 1) : ''
  const query = useMemo(() => readListQuery(search), [search])
  const list = useResource(`admin-list:${listSearch(query)}`, (signal) => listProperties(request, query, signal))

  const [notice, setNotice] = useState<Notice>(null)
  const [active, setActive] = useState<Record<string, boolean>>({})
  const [toDelete, setToDelete] = useState<AdminListItem | null>(null)

  const go = (changes: Partial<ListQuery>, replace = false) =>
    navigate(listAddress({ ...query, page: 1, ...changes }), { replace })

  const toggle = async (item: AdminListItem) => {
    const next = !(active[item.id] ?? item.is_active)
    setActive((a) => ({ ...a, [item.id]: next })) // shown at once; undone if the server refuses
    setNotice(null)
    try {
      await updateProperty(request, item.id, { is_active: next })
      setNotice({ kind: 'status', text: `“${item.title}” ${next ? 'ativado' : 'desativado'}.` })
    } catch {
      setActive((a) => ({ ...a, [item.id]: !next }))
      setNotice({
        kind: 'error',
        text: `Não foi possível ${next ? 'ativar' : 'desativar'} “${item.title}”. Tente novamente.`,
      })
    }
  }

  return (
    <section className="prop-list" aria-labelledby="prop-list-heading">
      <div className="prop-list__head">
        <h1 id="prop-list-heading">Imóveis</h1>
        <Link to="/admin/imoveis/novo" className="button button--primary">
          Novo imóvel
        </Link>
      </div>

      <ListFilters query={query} go={go} />

      <div className="prop-list__notice">
        <p role="status" className={notice?.kind === 'status' ? 'notice notice--success' : 'visually-hidden'}>
          {notice?.kind === 'status' ? notice.text : ''}
        </p>
        {notice?.kind === 'error' && (
          <p role="alert" className="notice notice--error">
            {notice.text}
          </p>
        )}
      </div>

      {list.status === 'loading' && <p className="muted">Carregando imóveis…</p>}
      {list.status === 'error' && (
        <LoadError onRetry={list.retry}>
          {list.error instanceof ApiError && list.error.isValidation
            ? `Filtros inválidos: ${Object.values(list.error.details ?? {}).flat().join(' ')}`
            : 'Não foi possível carregar os imóveis.'}
        </LoadError>
      )}
      {list.status === 'ready' && (
        <>
          <p className="prop-list__total">{plural(list.data.total, 'imóvel', 'imóveis')}</p>
          {list.data.items.length === 0 ? (
            <EmptyList query={query} total={list.data.total} go={go} />
          ) : (
            <ul className="prop-items" aria-label="Imóveis cadastrados">
              {list.data.items.map((item) => (
                <PropertyItem
                  key={item.id}
                  item={item}
                  active={active[item.id] ?? item.is_active}
                  onToggle={() => void toggle(item)}
                  onDelete={() => setToDelete(item)}
                />
              ))}
            </ul>
          )}
          <Pager query={query} total={list.data.total} go={go} />
        </>
      )}

      {toDelete && (
        <DeleteDialog
          item={toDelete}
          onClose={() => setToDelete(null)}
          onDeleted={(text) => {
            setToDelete(null)
            setNotice({ kind: 'status', text })
            list.retry()
          }}
        />
      )}
    </section>
  )
}

interface GoProps {
  query: ListQuery
  go: (changes: Partial<ListQuery>, replace?: boolean) => void
}

function ListFilters({ query, go }: GoProps) {
  const q = query.q ?? ''
  const [text, setText] = useState(q)
  const [seen, setSeen] = useState(q)
  if (q !== seen) {
    // The address changed (back, forward, clear filters): the box follows it, unless it already says so.
    setSeen(q)
    if (text.trim() !== q) setText(q)
  }
  // Typing replaces the address once the user pauses, so back does not walk through every letter.
  const goRef = useRef(go)
  useEffect(() => {
    goRef.current = go
  })
  useEffect(() => {
    if (text.trim() === q) return
    const timer = setTimeout(() => goRef.current({ q: text.trim() || undefined }, true), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, q])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim() !== q) go({ q: text.trim() || undefined }, true)
  }

  // On a phone the filters fold under the search box, so the properties
  // come first; they start open on a wider screen or when one is chosen.
  const chosen = [query.active, query.status, query.business, query.sort].filter(Boolean).length
  const [open, setOpen] = useState(() => chosen > 0 || window.matchMedia('(min-width: 700px)').matches)

  return (
    <form className="prop-filters" role="search" aria-label="Filtrar imóveis" onSubmit={onSubmit}>
      <div className="field prop-filters__search">
        <label htmlFor="prop-q">Buscar por código ou título</label>
        <input
          id="prop-q"
          type="search"
          name="q"
          maxLength={100}
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <details className="prop-filters__more" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          Filtros e ordem
          {chosen > 0 && <span className="muted"> ({chosen === 1 ? '1 escolhido' : `${chosen} escolhidos`})</span>}
        </summary>
        <div className="prop-filters__grid">
          <FilterSelect
            id="prop-active"
            label="Ativo"
            value={query.active ?? ''}
            onChange={(v) => go({ active: (v || undefined) as ActiveFilter | undefined })}
            options={[
              { value: '', label: 'Todos' },
              { value: 'true', label: 'Ativos' },
              { value: 'false', label: 'Inativos' },
            ]}
          />
          <FilterSelect
            id="prop-status"
            label="Situação"
            value={query.status ?? ''}
            onChange={(v) => go({ status: (v || undefined) as PropertyStatus | undefined })}
            options={[{ value: '', label: 'Todas' }, ...STATUSES]}
          />
          <FilterSelect
            id="prop-business"
            label="Negócio"
            value={query.business ?? ''}
            onChange={(v) => go({ business: (v || undefined) as BusinessFilter | undefined })}
            options={[{ value: '', label: 'Todos' }, ...BUSINESSES]}
          />
          <FilterSelect
            id="prop-sort"
            label="Ordenar por"
            value={query.sort ?? 'newest'}
            onChange={(v) => go({ sort: v === 'newest' ? undefined : (v as ListSort) })}
            options={SORTS}
          />
          <FilterSelect
            id="prop-per-page"
            label="Por página"
            value={String(query.per_page)}
            onChange={(v) => go({ per_page: Number(v) })}
            options={PER_PAGES.map((n) => ({ value: String(n), label: String(n) }))}
          />
        </div>
      </details>
    </form>
  )
}

function EmptyList({ query, total, go }: GoProps & { total: number }) {
  if (!filtered(query) && total === 0) {
    return (
      <div className="admin-card prop-empty">
        <h2>Nenhum imóvel cadastrado</h2>
        <p>Cadastre o primeiro imóvel para que ele apareça no site.</p>
        <Link to="/admin/imoveis/novo" className="button button--primary">
          Cadastre o primeiro imóvel
        </Link>
      </div>
    )
  }
  if (total > 0) {
    return (
      <div className="admin-card prop-empty">
        <p>Esta página não tem imóveis.</p>
        <button type="button" className="button button--secondary" onClick={() => go({ page: 1 })}>
          Ir para a primeira página
        </button>
      </div>
    )
  }
  return (
    <div className="admin-card prop-empty">
      <h2>Nenhum imóvel encontrado com esses filtros</h2>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => go({ q: undefined, active: undefined, status: undefined, business: undefined })}
      >
        Limpar filtros
      </button>
    </div>
  )
}

function Pager({ query, total, go }: GoProps & { total: number }) {
  const pages = Math.max(1, Math.ceil(total / query.per_page))
  if (pages <= 1 && query.page <= 1) return null
  return (
    <nav className="prop-pager" aria-label="Paginação">
      <button
        type="button"
        className="button button--ghost"
        disabled={query.page <= 1}
        onClick={() => go({ page: Math.min(query.page - 1, pages) })}
      >
        Anterior
      </button>
      <span>
        Página {query.page} de {pages}
      </span>
      <button
        type="button"
        className="button button--ghost"
        disabled={query.page >= pages}
        onClick={() => go({ page: query.page + 1 })}
      >
        Próxima
      </button>
    </nav>
  )
}

function Prices({ item }: { item: AdminListItem }) {
  const offer = business(item.type)
  const rent = formatBRL(item.rent_price ?? (offer.rent && !offer.sale ? item.price : null))
  const sale = offer.sale ? formatBRL(item.price) : null
  return (
    <p className="prop-item__price">
      {sale && <span>{sale}</span>}
      {rent && (
        <span>
          {rent}
          <span className="muted">{rentPeriodSuffix(item.rent_period)}</span>
        </span>
      )}
      {!sale && !rent && <span className="muted">Sem preço</span>}
    </p>
  )
}

function Counters({ item }: { item: AdminListItem }) {
  const unread = item.unread_leads
  const parts = [
    `${plural(item.lead_count, 'contato', 'contatos')}${unread > 0 ? ` (${plural(unread, 'não lido', 'não lidos')})` : ''}`,
    `${plural(item.whatsapp_clicks, 'clique', 'cliques')} no WhatsApp`,
    plural(item.shares, 'compartilhamento', 'compartilhamentos'),
  ]
  return (
    <ul className="prop-item__counters" aria-label="Contatos">
      {parts.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  )
}

interface ItemProps {
  item: AdminListItem
  active: boolean
  onToggle: () => void
  onDelete: () => void
}

function PropertyItem({ item, active, onToggle, onDelete }: ItemProps) {
  const status = statusLabel(item.status)
  return (
    <li className={`prop-item${active ? '' : ' is-inactive'}`} aria-labelledby={`prop-${item.id}-title`}>
      <div className="prop-item__main">
        {/* The cover as a thumbnail: on a phone, the photo is how staff find a listing in the list. */}
        {item.cover ? (
          <Picture photo={item.cover} sizes="72px" loading="lazy" alt="" className="prop-item__thumb" box={{ width: 72, height: 54 }} />
        ) : (
          <span className="prop-item__thumb prop-item__thumb--none" aria-hidden="true" />
        )}
        <div className="prop-item__name">
          <h2 id={`prop-${item.id}-title`} className="prop-item__title">
            {item.title}
          </h2>
          {item.code && <p className="prop-item__code">Cód. {item.code}</p>}
          <p className="prop-item__place">
            {item.neighborhood.name}, {cityLabel(item.city.name, item.city.state)}
          </p>
        </div>
      </div>
      <div className="prop-item__offer">
        <Prices item={item} />
        <p className="prop-item__tags">
          <span className="tag">{typeLabel(item.type)}</span>
          {status && <span className={`tag prop-status prop-status--${item.status}`}>{status}</span>}
          {active ? <span className="tag tag--ok">Ativo</span> : <span className="tag tag--danger">Inativo</span>}
          {item.is_featured && <span className="tag tag--featured">Destaque</span>}
          {item.publish_to_portals && <span className="tag">Portais</span>}
        </p>
      </div>
      <div className="prop-item__activity">
        <Counters item={item} />
        <p className="prop-item__edited muted">Editado {byWhom(item.updated_by, item.updated_at)}</p>
      </div>
      <div className="prop-item__actions">
        <Link to={`/admin/imoveis/${encodeURIComponent(item.id)}`} className="button button--secondary button--small" aria-label={`Editar ${item.title}`}>
          Editar
        </Link>
        {active && (
          <a
            href={`/imoveis/${item.slug}`}
            target="_blank"
            rel="noopener"
            className="button button--ghost button--small"
            aria-label={`Ver página de ${item.title}`}
          >
            Ver página
          </a>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={onToggle}
          aria-label={`${active ? 'Desativar' : 'Ativar'} ${item.title}`}
        >
          {active ? 'Desativar' : 'Ativar'}
        </button>
        <button
          type="button"
          className="button button--ghost button--small prop-item__delete"
          onClick={onDelete}
          aria-label={`Excluir ${item.title}`}
        >
          Excluir
        </button>
      </div>
    </li>
  )
}

interface DeleteDialogProps {
  item: AdminListItem
  onClose: () => void
  onDeleted: (message: string) => void
}

/** Asks before deleting a property; its leads are kept. */
function DeleteDialog({ item, onClose, onDeleted }: DeleteDialogProps) {
  const { request } = useAdminSession()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await deleteProperty(request, item.id)
      onDeleted(`Imóvel “${item.title}” excluído.`)
    } catch (err) {
      if (err instanceof ApiError && err.isNotFound) {
        onDeleted(`O imóvel “${item.title}” já tinha sido excluído.`)
        return
      }
      setBusy(false)
      setError('Não foi possível excluir o imóvel. Tente novamente.')
    }
  }

  return (
    <ConfirmDialog
      title="Excluir imóvel"
      confirmLabel="Excluir"
      busyLabel="Excluindo…"
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        Excluir “{item.title}”{item.code ? ` (Cód. ${item.code})` : ''}? O anúncio sai do site e não pode ser
        recuperado. Os contatos recebidos por ele são mantidos.
      </p>
    </ConfirmDialog>
  )
}
