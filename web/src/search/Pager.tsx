import { Link } from '../lib/router'
import { searchAddress } from './searchAddress'
import { MAX_PAGE, type SearchState } from './searchState'

/** The pages to show: the first, the last, and two either side of the current one; null is a gap. */
export function pageWindow(current: number, last: number): Array<number | null> {
  const pages: Array<number | null> = []
  for (let n = 1; n <= last; n++) {
    if (n === 1 || n === last || Math.abs(n - current) <= 2) pages.push(n)
    else if (pages[pages.length - 1] !== null) pages.push(null)
  }
  return pages
}

/** Numbered paging with real links (each page has its address); the results scroll into view. */
export function Pager({ state, total, perPage }: { state: SearchState; total: number; perPage: number }) {
  const last = Math.min(Math.ceil(total / perPage), MAX_PAGE)
  if (last <= 1) return null
  const current = Math.min(state.page, last)
  const to = (page: number) => searchAddress({ ...state, page })
  return (
    <nav className="pager" aria-label="Páginas de resultados">
      <ul>
        <li>
          {current > 1 ? (
            <Link to={to(current - 1)} keepScroll rel="prev" className="pager__step">
              Anterior
            </Link>
          ) : (
            <span className="pager__step" aria-disabled="true">
              Anterior
            </span>
          )}
        </li>
        {pageWindow(current, last).map((page, i) =>
          page === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pager__gap">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={to(page)}
                keepScroll
                className="pager__page"
                aria-current={page === current ? 'page' : undefined}
                aria-label={`Página ${page}`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < last ? (
            <Link to={to(current + 1)} keepScroll rel="next" className="pager__step">
              Próxima
            </Link>
          ) : (
            <span className="pager__step" aria-disabled="true">
              Próxima
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
