import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { parseMoneyInput } from '../lib/money'
import type { FacetValue, SearchFacets } from '../lib/types'
import { AMENITY_CHOICES, amenityLabel } from './amenities'
import { COUNT_FILTERS, MAX_AREA, MAX_PRICE, normalQuery, type CountFilter, type SearchState } from './searchState'

export type ApplyChanges = (changes: Partial<SearchState>) => void

interface PanelProps {
  state: SearchState
  /** The last answer's facets; null until the first one arrives. */
  facets: SearchFacets | null
  apply: ApplyChanges
}

const whole = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 })

/** "Centro" and its count, as an option's name reads: "Centro (42)". */
function Counted({ label, count }: { label: string; count: number | undefined }) {
  return (
    <>
      {label}
      {count !== undefined && (
        <>
          {' '}
          <span className="facet__count">({count})</span>
        </>
      )}
    </>
  )
}

const countOf = (values: FacetValue[] | undefined, value: string) => values?.find((v) => v.value === value)?.count

/** The facet's values, plus any selected one the answer does not list (yet). */
function withSelected(values: FacetValue[] | undefined, selected: string[], label: (v: string) => string): FacetValue[] {
  const list = [...(values ?? [])]
  for (const value of selected) {
    if (!list.some((v) => v.value === value)) list.push({ value, label: label(value), count: 0 })
  }
  return list
}

const toggled = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value])

/** Every filter of the search. Each choice applies at once; typed values apply on submit. */
export function FilterPanel({ state, facets, apply }: PanelProps) {
  return (
    <div className="filters__groups">
      <TextFilter q={state.q} apply={apply} />
      <BusinessFilter state={state} facets={facets} apply={apply} />
      <CheckGroup
        legend="Tipo de imóvel"
        values={withSelected(facets?.subtype, state.subtypes, (v) => v)}
        selected={state.subtypes}
        onToggle={(v) => apply({ subtypes: toggled(state.subtypes, v) })}
      />
      <CityFilter state={state} facets={facets} apply={apply} />
      {state.city && (
        <CheckGroup
          legend="Bairros"
          values={withSelected(facets?.neighborhood, state.neighborhoods, (v) => v)}
          selected={state.neighborhoods}
          onToggle={(v) => apply({ neighborhoods: toggled(state.neighborhoods, v) })}
        />
      )}
      <PriceFilter state={state} facets={facets} apply={apply} />
      {COUNT_FILTERS.map((name) => (
        <CountChoice key={name} name={name} state={state} facets={facets} apply={apply} />
      ))}
      <RangeForm
        legend="Área (m²)"
        unit="área"
        min={state.areaMin}
        max={state.areaMax}
        limit={MAX_AREA}
        parse={parseArea}
        format={(n) => String(n)}
        onApply={(areaMin, areaMax) => apply({ areaMin, areaMax })}
      />
      <CheckGroup
        legend="Comodidades"
        values={withSelected(
          AMENITY_CHOICES.map(([value, label]) => ({ value, label, count: -1 })),
          state.amenities,
          amenityLabel,
        )}
        selected={state.amenities}
        onToggle={(v) => apply({ amenities: toggled(state.amenities, v) })}
      />
      <fieldset className="filter">
        <legend className="filter__legend">Mais opções</legend>
        <label className="check">
          <input type="checkbox" checked={state.featured} onChange={(e) => apply({ featured: e.target.checked })} />
          Somente destaques
        </label>
        <label className="check">
          <input type="checkbox" checked={state.available} onChange={(e) => apply({ available: e.target.checked })} />
          Somente disponíveis
        </label>
      </fieldset>
    </div>
  )
}

/** Keeps a draft that the address overrides when it changes (back, forward, clear filters). */
function useDraft(fromAddress: string): [string, (text: string) => void] {
  const [text, setText] = useState(fromAddress)
  const [seen, setSeen] = useState(fromAddress)
  if (fromAddress !== seen) {
    setSeen(fromAddress)
    setText(fromAddress)
  }
  return [text, setText]
}

function TextFilter({ q, apply }: { q: string; apply: ApplyChanges }) {
  const id = useId()
  const [text, setText] = useDraft(q)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next = normalQuery(text)
    setText(next)
    if (next !== q) apply({ q: next })
  }
  return (
    <form role="search" className="filter filter--text" onSubmit={submit}>
      <label htmlFor={`${id}-q`} className="filter__legend">
        Palavra-chave ou código
      </label>
      <div className="filter__inline">
        <input
          id={`${id}-q`}
          type="search"
          className="input"
          value={text}
          maxLength={100}
          enterKeyHint="search"
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button button--secondary">
          Buscar
        </button>
      </div>
    </form>
  )
}

function BusinessFilter({ state, facets, apply }: PanelProps) {
  const name = useId()
  const options: Array<{ value: SearchState['business']; label: string }> = [
    { value: null, label: 'Todos' },
    { value: 'venda', label: 'Comprar' },
    { value: 'aluguel', label: 'Alugar' },
  ]
  return (
    <fieldset className="filter">
      <legend className="filter__legend">Negócio</legend>
      <div className="segmented">
        {options.map((o) => (
          <label key={o.label} className="segmented__option">
            <input
              type="radio"
              name={name}
              checked={state.business === o.value}
              // A price range of one business means nothing in the other.
              onChange={() => apply({ business: o.value, priceMin: null, priceMax: null })}
            />
            <span>
              <Counted label={o.label} count={o.value ? countOf(facets?.business, o.value) : undefined} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function CheckGroup({
  legend,
  values,
  selected,
  onToggle,
}: {
  legend: string
  /** count -1: a choice without a count. */
  values: FacetValue[]
  selected: string[]
  onToggle: (value: string) => void
}) {
  if (values.length === 0) return null
  return (
    <fieldset className="filter">
      <legend className="filter__legend">{legend}</legend>
      <ul className="filter__list">
        {values.map((v) => (
          <li key={v.value}>
            <label className="check">
              <input type="checkbox" checked={selected.includes(v.value)} onChange={() => onToggle(v.value)} />
              <span>
                <Counted label={v.label} count={v.count >= 0 ? v.count : undefined} />
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

function CityFilter({ state, facets, apply }: PanelProps) {
  const id = useId()
  const cities = withSelected(facets?.city, state.city ? [state.city] : [], (v) => v)
  return (
    <div className="filter">
      <label htmlFor={id} className="filter__legend">
        Cidade
      </label>
      <select
        id={id}
        className="input"
        value={state.city ?? ''}
        onChange={(e) => apply({ city: e.target.value || null, neighborhoods: [] })}
      >
        <option value="">Todas as cidades</option>
        {cities.map((c) => (
          <option key={c.value} value={c.value}>
            {`${c.label} (${c.count})`}
          </option>
        ))}
      </select>
    </div>
  )
}

function PriceFilter({ state, facets, apply }: PanelProps) {
  const rent = state.business === 'aluguel'
  return (
    <div className="filter">
      <RangeForm
        legend={rent ? 'Aluguel por mês (R$)' : 'Preço (R$)'}
        unit={rent ? 'aluguel' : 'preço'}
        min={state.priceMin}
        max={state.priceMax}
        limit={MAX_PRICE}
        parse={parsePrice}
        format={(n) => whole.format(n)}
        onApply={(priceMin, priceMax) => apply({ priceMin, priceMax })}
      >
        {facets && facets.price.length > 0 && (
          <div className="chips" role="group" aria-label="Faixas de preço">
            {facets.price.map((band) => {
              const pressed = state.priceMin === band.min && state.priceMax === band.max
              return (
                <button
                  key={band.value}
                  type="button"
                  className="chip"
                  aria-pressed={pressed}
                  onClick={() =>
                    apply(pressed ? { priceMin: null, priceMax: null } : { priceMin: band.min, priceMax: band.max })
                  }
                >
                  <Counted label={band.label} count={band.count} />
                </button>
              )
            })}
          </div>
        )}
      </RangeForm>
    </div>
  )
}

const LABELS: Record<CountFilter, string> = {
  bedrooms: 'Quartos',
  bathrooms: 'Banheiros',
  suites: 'Suítes',
  parking: 'Vagas de garagem',
}

/** "1+ 2+ 3+ 4+": at least that many; the chosen one again clears it. */
function CountChoice({ name, state, facets, apply }: PanelProps & { name: CountFilter }) {
  const id = useId()
  const counts = name === 'bedrooms' ? facets?.bedrooms : undefined
  return (
    <div className="filter">
      <p id={id} className="filter__legend">
        {LABELS[name]}
      </p>
      <div className="chips" role="group" aria-labelledby={id}>
        {[1, 2, 3, 4].map((n) => {
          const pressed = state[name] === n
          return (
            <button
              key={n}
              type="button"
              className="chip"
              aria-pressed={pressed}
              onClick={() => apply({ [name]: pressed ? null : n })}
            >
              <Counted label={`${n}+`} count={countOf(counts, String(n))} />
            </button>
          )
        })}
      </div>
    </div>
  )
}

/** Whole reais typed the Brazilian way ("300.000", "R$ 1.250.000,00"); null when empty; undefined when not an amount. */
function parsePrice(text: string): number | null | undefined {
  const money = parseMoneyInput(text)
  if (!money.ok) return undefined
  return money.value === null ? null : Math.round(Number(money.value))
}

/** Whole square metres ("120", "1.200", "98,5" rounds); null when empty; undefined when not a number. */
function parseArea(text: string): number | null | undefined {
  const value = text.trim().replace(/\s*m²?$/i, '')
  if (value === '') return null
  if (!/^\d{1,3}(\.\d{3})*(,\d+)?$|^\d+(,\d+)?$/.test(value)) return undefined
  return Math.round(Number(value.replace(/\./g, '').replace(',', '.')))
}

function RangeForm({
  legend,
  unit,
  min,
  max,
  limit,
  parse,
  format,
  onApply,
  children,
}: {
  legend: string
  /** Names the inputs and the button: "preço mínimo", "Aplicar preço". */
  unit: string
  min: number | null
  max: number | null
  limit: number
  parse: (text: string) => number | null | undefined
  format: (n: number) => string
  onApply: (min: number | null, max: number | null) => void
  children?: ReactNode
}) {
  const id = useId()
  const [lo, setLo] = useDraft(min === null ? '' : format(min))
  const [hi, setHi] = useDraft(max === null ? '' : format(max))
  const [error, setError] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const a = parse(lo)
    const b = parse(hi)
    const bad = (n: number | null | undefined) => n === undefined || (n !== null && n > limit)
    if (bad(a) || bad(b)) {
      setError(true)
      return
    }
    setError(false)
    onApply(a ?? null, b ?? null)
  }
  const capital = unit.charAt(0).toUpperCase() + unit.slice(1)
  return (
    <form className="filter range" onSubmit={submit} aria-labelledby={`${id}-legend`} noValidate>
      <p id={`${id}-legend`} className="filter__legend">
        {legend}
      </p>
      {children}
      <div className="range__inputs">
        <label>
          <span className="range__label">Mínimo</span>
          <input
            className="input"
            inputMode="numeric"
            aria-label={`${capital} mínimo`}
            aria-invalid={error || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={lo}
            onChange={(e) => setLo(e.target.value)}
          />
        </label>
        <label>
          <span className="range__label">Máximo</span>
          <input
            className="input"
            inputMode="numeric"
            aria-label={`${capital} máximo`}
            aria-invalid={error || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={hi}
            onChange={(e) => setHi(e.target.value)}
          />
        </label>
        <button type="submit" className="button button--secondary" aria-label={`Aplicar ${unit}`}>
          Aplicar
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="range__error">
          Digite números inteiros, como {format(unit === 'área' ? 120 : 300000)}.
        </p>
      )}
    </form>
  )
}
