import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { searchPlaces, searchProperties } from '../lib/api'
import { plural } from '../lib/money'
import { useRouter } from '../lib/router'
import type { PlaceSuggestion, SearchBusiness } from '../lib/types'
import { placeAddress, searchAddress } from './searchAddress'
import { EMPTY_SEARCH, normalQuery } from './searchState'

/** Suggestions are asked once typing pauses this long. */
export const SUGGEST_DELAY_MS = 150
const MAX_PLACE_QUERY = 60

/** Folds a code as the server compares codes: "CWB-501", "cwb 501" and "cwb501" are one. */
function compactCode(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/** Whether a search text may be a listing's code: short, with a digit ("CWB-501", "ap0042"). */
function looksLikeCode(q: string): boolean {
  return /\d/.test(q) && q.length <= 30 && q.split(' ').length <= 3
}

/** The slug of the listing whose code is q, or null (none, or the search failed: the results page then answers). */
async function slugOfCode(q: string): Promise<string | null> {
  try {
    const found = await searchProperties(new URLSearchParams({ q, per_page: '1' }))
    const first = found.items[0]
    return first?.code && compactCode(first.code) === compactCode(q) ? first.slug : null
  } catch {
    return null
  }
}

/**
 * The home page's search box: Comprar / Alugar, a text box suggesting cities
 * and neighborhoods as the visitor types (an ARIA 1.2 combobox with a
 * listbox popup), and "Buscar". A suggestion opens that place's page for
 * the chosen business; a listing's code opens that listing; other text
 * searches /busca.
 */
export function HomeSearch() {
  const { navigate } = useRouter()
  const id = useId()
  const listId = `${id}-places`
  const [business, setBusiness] = useState<SearchBusiness>('venda')
  const [text, setText] = useState('')
  const [places, setPlaces] = useState<PlaceSuggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const latest = useRef('')

  // Asks for suggestions once typing pauses; an answer for older text is dropped.
  const wanted = text.trim().slice(0, MAX_PLACE_QUERY)
  useEffect(() => {
    latest.current = wanted
    if (!wanted) return
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      searchPlaces(wanted, controller.signal).then(
        (answer) => {
          if (latest.current !== wanted) return
          setPlaces(answer.items)
          setActive(-1)
          setOpen(answer.items.length > 0)
        },
        () => {
          // Suggestions are a help: without them the box still searches.
          if (latest.current === wanted) setOpen(false)
        },
      )
    }, SUGGEST_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [wanted])

  const shown = open && places.length > 0
  const choose = (place: PlaceSuggestion) => {
    setOpen(false)
    navigate(placeAddress(business, place.city, place.neighborhood))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (shown && active >= 0) {
      choose(places[active])
      return
    }
    const q = normalQuery(text)
    // A code goes straight to its listing, whichever business is chosen.
    const slug = looksLikeCode(q) ? await slugOfCode(q) : null
    navigate(slug ? `/imoveis/${encodeURIComponent(slug)}` : searchAddress({ ...EMPTY_SEARCH, q, business }))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (places.length === 0) return
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      if (!shown) {
        setOpen(true)
        setActive(step === 1 ? 0 : places.length - 1)
        return
      }
      setActive((i) => (i + step + places.length + (i === -1 && step === -1 ? 1 : 0)) % places.length)
    } else if (event.key === 'Escape') {
      if (shown) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (text) {
        event.preventDefault()
        setText('')
        setPlaces([])
      }
    }
  }

  const optionId = (i: number) => `${id}-place-${i}`
  return (
    <form role="search" aria-label="Buscar imóveis" className="home-search" onSubmit={(e) => void submit(e)}>
      <fieldset className="home-search__business">
        <legend className="visually-hidden">Negócio</legend>
        {(
          [
            ['venda', 'Comprar'],
            ['aluguel', 'Alugar'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={`${id}-business`}
              value={value}
              checked={business === value}
              onChange={() => setBusiness(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <div className="home-search__row">
        <div className="home-search__field">
          <label htmlFor={`${id}-q`} className="home-search__label">
            Cidade, bairro ou código
          </label>
          <input
            id={`${id}-q`}
            className="home-search__input"
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={100}
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            value={text}
            onChange={(e) => {
              setText(e.target.value)
              if (!e.target.value.trim()) {
                setPlaces([])
                setOpen(false)
              }
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
          <ul id={listId} role="listbox" aria-label="Sugestões de lugares" className="home-search__places" hidden={!shown}>
            {shown &&
              places.map((place, i) => (
                <li
                  key={`${place.kind}:${place.city}:${place.neighborhood ?? ''}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className="home-search__place"
                  // Keeps the focus in the box, so the click lands before the list closes on blur.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(place)}
                >
                  {place.label}{' '}
                  <span className="home-search__count">({plural(place.count, 'imóvel', 'imóveis')})</span>
                </li>
              ))}
          </ul>
        </div>
        <button type="submit" className="button button--primary home-search__submit">
          Buscar
        </button>
      </div>
    </form>
  )
}
