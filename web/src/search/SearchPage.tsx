import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react'
import { useMapTiles, usePageTitle } from '../lib/agency'
import { ApiError, searchProperties } from '../lib/api'
import { plural } from '../lib/money'
import { NotFound } from '../lib/NotFound'
import { Link, useRouter } from '../lib/router'
import type { PropertySummary, SearchResult, SearchSort } from '../lib/types'
import { useResource } from '../lib/useResource'
import { PropertyCard } from '../property/PropertyCard'
import { askingPrices } from '../property/labels'
import { formatBRL } from '../lib/money'
import { LazyMap } from '../map/LazyMap'
import { placesOf, type MapTiles } from '../map/places'
import { SaveSearchButton } from '../alerts/SaveSearchButton'
import { FilterPanel } from './FilterPanel'
import { Pager } from './Pager'
import { readSearchAddress, searchAddress, searchParams } from './searchAddress'
import { activeFilterCount, clearedSearch, EMPTY_SEARCH, PER_PAGE, type SearchState } from './searchState'
import { searchHeading, searchTitle } from './searchTitle'
import './search.css'

/** Up to this width the filters are a drawer opened by a button (search.css holds the same width). */
const PHONE = '(max-width: 720px)'

/**
 * A result card's width for the browser to pick a cover variant. The results
 * column (search.css) is the container (at most 1140 px inside) less the
 * 280-px filter column and its 28-px gap above 720 px; its grid has
 * 240-px-minimum columns with 22-px gaps.
 */
const CARD_SIZES =
  '(min-width: 1180px) 263px, (min-width: 1112px) calc((100vw - 392px) / 3), ' +
  '(min-width: 850px) calc((100vw - 370px) / 2), (min-width: 721px) calc(100vw - 348px), ' +
  '(min-width: 542px) calc((100vw - 62px) / 2), calc(100vw - 32px)'

const SORT_OPTIONS: Array<{ value: SearchSort; label: string }> = [
  { value: 'relevance', label: 'Relevância' },
  { value: 'newest', label: 'Mais recentes' },
  { value: 'price_asc', label: 'Menor preço' },
  { value: 'price_desc', label: 'Maior preço' },
  { value: 'area_desc', label: 'Maior área' },
]

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query)
      list?.addEventListener?.('change', onChange)
      return () => list?.removeEventListener?.('change', onChange)
    },
    () => window.matchMedia?.(query).matches ?? false,
  )
}

/** A place page's API refusal that means the place does not exist (the server answers such an address with a 404 page). */
function unknownPlace(error: unknown): boolean {
  const details = error instanceof ApiError && error.isValidation ? error.details : null
  return Boolean(details && (details.city || details.neighborhood || details.business))
}

/**
 * The results page: /busca?… and the place pages /imoveis/{business}/{city}[/{neighborhood}]?…
 * Everything the visitor chooses is in the address; this page only reads it.
 */
export function SearchPage({ path }: { path: string }) {
  const { navigate } = useRouter()
  const state = useMemo(() => readSearchAddress(path) ?? EMPTY_SEARCH, [path])
  const query = searchParams(state).toString()
  const result = useResource(`search:${query}`, (signal) => searchProperties(new URLSearchParams(query), signal))

  // The last answer stays on screen while the next one loads, so a change of filter does not blank the page.
  const [last, setLast] = useState<SearchResult | null>(null)
  if (result.status === 'ready' && result.data !== last) setLast(result.data)
  const shown = result.status === 'ready' ? result.data : result.status === 'loading' ? last : null
  const loading = result.status === 'loading'

  const heading = searchHeading(state, shown?.facets)
  const title = result.status === 'ready' ? searchTitle(state, result.data.facets) : null
  usePageTitle(title)

  const phone = useMediaQuery(PHONE)
  const [drawerOpen, setDrawerOpen] = useState(false)
  // The list or the map of the page's results; the map is there only when the site has a tile server.
  const tiles = useMapTiles()
  const [view, setView] = useState<'list' | 'map'>('list')
  const filtersButton = useRef<HTMLButtonElement>(null)
  const drawerId = useId()

  // A new page of the same search starts at the top of the results, with the focus there; a change of
  // filter (which goes back to page 1) leaves the visitor, and the focus, where they are.
  const results = useRef<HTMLElement>(null)
  const resultsHeading = useRef<HTMLHeadingElement>(null)
  const sameSearch = searchParams({ ...state, page: 1 }).toString()
  const seen = useRef({ page: state.page, search: sameSearch })
  useEffect(() => {
    const before = seen.current
    seen.current = { page: state.page, search: sameSearch }
    if (before.search !== sameSearch || before.page === state.page) return
    results.current?.scrollIntoView?.({ block: 'start' })
    resultsHeading.current?.focus({ preventScroll: true })
  }, [state.page, sameSearch])

  const apply = (changes: Partial<SearchState>) =>
    navigate(searchAddress({ ...state, ...changes, page: 1 }), { keepScroll: true })
  const clearAddress = searchAddress(clearedSearch(state))
  const filters = activeFilterCount(state)

  if (result.status === 'error' && state.city && path.startsWith('/imoveis/') && unknownPlace(result.error)) {
    return <PlaceNotFound />
  }

  const panel = <FilterPanel state={state} facets={shown?.facets ?? null} apply={apply} />
  const clear =
    filters > 0 ? (
      <Link to={clearAddress} keepScroll className="filters__clear">
        Limpar filtros
      </Link>
    ) : null

  return (
    <main id="conteudo" className="search">
      <div className="container">
        <h1 className="search__title">{heading}</h1>
        <SaveSearchButton key={sameSearch} query={sameSearch} />
        <div className="search__layout">
          {!phone && (
            <aside className="filters" aria-labelledby={`${drawerId}-heading`}>
              <div className="filters__head">
                <h2 id={`${drawerId}-heading`}>Filtros</h2>
                {clear}
              </div>
              {panel}
            </aside>
          )}
          {phone && drawerOpen && (
            <FilterDrawer
              id={drawerId}
              total={loading ? null : (shown?.total ?? null)}
              clear={clear}
              onClose={() => setDrawerOpen(false)}
            >
              {panel}
            </FilterDrawer>
          )}
          <section ref={results} className="results" aria-labelledby={`${drawerId}-results`} aria-busy={loading}>
            <h2 id={`${drawerId}-results`} ref={resultsHeading} tabIndex={-1} className="visually-hidden">
              Resultados
            </h2>
            <div className="results__bar">
              <p className="results__count" role="status">
                {shown ? plural(shown.total, 'imóvel encontrado', 'imóveis encontrados') : loading ? 'Buscando imóveis…' : ''}
              </p>
              {phone && (
                <button
                  ref={filtersButton}
                  type="button"
                  className="button button--secondary results__filters"
                  aria-expanded={drawerOpen}
                  aria-controls={drawerId}
                  onClick={() => setDrawerOpen(true)}
                >
                  Filtros{filters > 0 && ` (${filters})`}
                </button>
              )}
              {tiles && <ViewToggle view={view} onChange={setView} />}
              <SortSelect value={state.sort} onChange={(sort) => apply({ sort })} />
            </div>
            <ResultsBody
              state={state}
              result={result}
              shown={shown}
              clearAddress={clearAddress}
              map={tiles && view === 'map' ? tiles : null}
              onOpen={(href) => navigate(href)}
            />
          </section>
        </div>
      </div>
    </main>
  )
}

/** "Lista | Mapa": two buttons, the one pressed being the view shown. */
function ViewToggle({ view, onChange }: { view: 'list' | 'map'; onChange: (view: 'list' | 'map') => void }) {
  return (
    <div className="results__view" role="group" aria-label="Ver resultados em">
      <button type="button" className="results__view-button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        Lista
      </button>
      <button type="button" className="results__view-button" aria-pressed={view === 'map'} onClick={() => onChange('map')}>
        Mapa
      </button>
    </div>
  )
}

/** A result's second line on its map card: its asking price and its neighborhood. */
function mapCardLine(p: PropertySummary): string {
  const { sale, rent } = askingPrices(p)
  const price = sale !== null ? formatBRL(sale) : rent !== null ? `${formatBRL(rent)}/mês` : 'Consulte'
  return `${price} · ${p.neighborhood.name}`
}

/**
 * The page's results on a map (the same results as the list: the page's, at most per_page),
 * each a pin or, where the agency hides the address, a circle; a marker opens a card that
 * links to the listing. Listings without a location stay in the list only, and the map says so.
 */
function ResultsMap({ items, tiles, onOpen }: { items: PropertySummary[]; tiles: MapTiles; onOpen: (href: string) => void }) {
  const places = useMemo(() => placesOf(items, mapCardLine), [items])
  const missing = items.length - places.length
  return (
    <>
      {missing > 0 && (
        <p className="muted results__map-note">
          {places.length === 0
            ? 'Nenhum imóvel desta página tem localização no mapa.'
            : `${plural(missing, 'imóvel desta página não tem', 'imóveis desta página não têm')} localização no mapa e ${missing === 1 ? 'aparece' : 'aparecem'} só na lista.`}
        </p>
      )}
      <LazyMap tiles={tiles} places={places} label="Mapa dos imóveis encontrados" eager onOpen={onOpen} className="map--results" />
    </>
  )
}

function SortSelect({ value, onChange }: { value: SearchSort; onChange: (sort: SearchSort) => void }) {
  const id = useId()
  return (
    <div className="results__sort">
      <label htmlFor={id}>Ordenar por</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as SearchSort)}>
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function ResultsBody({
  state,
  result,
  shown,
  clearAddress,
  map,
  onOpen,
}: {
  state: SearchState
  result: ReturnType<typeof useResource<SearchResult>>
  shown: SearchResult | null
  clearAddress: string
  /** The tile server, when the visitor chose the map; null for the list. */
  map: MapTiles | null
  onOpen: (href: string) => void
}) {
  if (result.status === 'error') {
    const invalid = result.error instanceof ApiError && result.error.isValidation ? result.error : null
    return (
      <div role="alert" className="page-state__box results__state">
        {invalid ? (
          <>
            <p>Algum filtro desta busca não é válido.</p>
            {Object.values(invalid.details ?? {})
              .flat()
              .map((message) => (
                <p key={message} className="muted">
                  {message}
                </p>
              ))}
            <Link to={clearAddress} keepScroll className="button button--primary">
              Limpar filtros
            </Link>
          </>
        ) : (
          <>
            <p>Não foi possível carregar os imóveis.</p>
            <button type="button" className="button button--primary" onClick={result.retry}>
              Tentar novamente
            </button>
          </>
        )}
      </div>
    )
  }
  if (!shown) {
    return (
      <div className="cards" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skeleton skeleton--cardlist" />
        ))}
      </div>
    )
  }
  if (shown.items.length === 0) {
    return (
      <div className="page-state__box results__state">
        {shown.total === 0 && activeFilterCount(state) === 0 ? (
          <p className="results__empty">Nenhum imóvel disponível no momento.</p>
        ) : shown.total === 0 ? (
          <>
            <p className="results__empty">Nenhum imóvel encontrado com esses filtros</p>
            <p className="muted">Tente tirar algum filtro ou buscar em outra região.</p>
            <Link to={clearAddress} keepScroll className="button button--primary">
              Limpar filtros
            </Link>
          </>
        ) : (
          <>
            <p className="results__empty">Esta página não tem imóveis.</p>
            <Link to={searchAddress({ ...state, page: 1 })} keepScroll className="button button--primary">
              Ir para a primeira página
            </Link>
          </>
        )}
      </div>
    )
  }
  return (
    <>
      {map ? (
        <ResultsMap items={shown.items} tiles={map} onOpen={onOpen} />
      ) : (
        <ul className="cards" aria-label="Imóveis encontrados">
          {shown.items.map((p, i) => (
            <li key={p.id}>
              <PropertyCard property={p} sizes={CARD_SIZES} coverFirst={i === 0} />
            </li>
          ))}
        </ul>
      )}
      <Pager state={state} total={shown.total} perPage={shown.per_page || PER_PAGE} />
    </>
  )
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])'

/**
 * The filters on a phone: a modal panel over the page. Focus starts on its
 * heading and stays inside; Escape, "Fechar" and "Ver N imóveis" close it,
 * and focus returns to the "Filtros" button.
 */
function FilterDrawer({
  id,
  total,
  clear,
  onClose,
  children,
}: {
  id: string
  /** The current answer's total; null while it loads. */
  total: number | null
  clear: ReactNode
  onClose: () => void
  children: ReactNode
}) {
  const box = useRef<HTMLDivElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    heading.current?.focus()
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      if (before?.isConnected) before.focus()
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab') return
    // In document order (a selector list's matches are not in order on every engine).
    const items = [...(box.current?.querySelectorAll<HTMLElement>('*') ?? [])].filter((e) => e.matches(FOCUSABLE))
    if (items.length === 0) return
    const first = items[0]
    const lastItem = items[items.length - 1]
    if (event.shiftKey && (document.activeElement === first || document.activeElement === heading.current)) {
      event.preventDefault()
      lastItem.focus()
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <div className="drawer__backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={box}
        id={id}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-drawer-heading`}
        onKeyDown={onKeyDown}
      >
        <div className="drawer__head">
          <h2 id={`${id}-drawer-heading`} ref={heading} tabIndex={-1}>
            Filtros
          </h2>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Fechar
          </button>
        </div>
        <div className="drawer__body">{children}</div>
        <div className="drawer__foot">
          {clear}
          <button type="button" className="button button--primary" onClick={onClose}>
            {total === null ? 'Ver imóveis' : `Ver ${plural(total, 'imóvel', 'imóveis')}`}
          </button>
        </div>
      </div>
    </div>
  )
}

function PlaceNotFound() {
  return <NotFound title="Página não encontrada" message="Não conhecemos esta cidade ou bairro." back="Voltar para o início" />
}
