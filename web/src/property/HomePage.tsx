import { useEffect, useState } from 'react'
import { siteName, useAgency, useAgencySettled } from '../lib/agency'
import { listProperties } from '../lib/api'
import { plural } from '../lib/money'
import { Link } from '../lib/router'
import type { Agency, PropertySummary } from '../lib/types'
import { useResource } from '../lib/useResource'
import { HomeSearch } from '../search/HomeSearch'
import { PropertyCard } from './PropertyCard'
import './home.css'

const PER_PAGE = 12

/**
 * A card's width, for the browser to pick a cover variant. .cards (home.css) is an
 * auto-fill grid of 270-px-minimum columns with 22-px gaps in .container (styles.css:
 * at most 1180 px with 20 px padding, 16 px up to 640 px): three columns from 894 px
 * (at most (1140 − 44) / 3 ≈ 366 px each), two from 594 px, one below.
 */
export const CARD_SIZES =
  '(min-width: 1180px) 366px, (min-width: 894px) calc((100vw - 84px) / 3), ' +
  '(min-width: 641px) calc((100vw - 62px) / 2), (min-width: 594px) calc((100vw - 54px) / 2), calc(100vw - 32px)'

/** The home page's title, as the server renders it (seo.HomeTitle): neutral until an agency is set. */
function homeTitle(agency: Agency | null): string {
  const name = siteName(agency)
  return name ? `${name} — imóveis à venda e para alugar` : 'Imóveis à venda e para alugar'
}

export function HomePage() {
  const agency = useAgency()
  const settled = useAgencySettled()
  // The server wrote the title with the agency's name; it is rewritten once
  // the agency is known, not without the name while it loads.
  useEffect(() => {
    if (settled) document.title = homeTitle(agency)
  }, [agency, settled])
  const [pages, setPages] = useState(1)

  return (
    <main id="conteudo">
      <section className="hero">
        <div className="container">
          <h1>Encontre o imóvel ideal para você</h1>
          <p>Casas, apartamentos e terrenos à venda e para alugar, com fotos, vídeo e atendimento direto da nossa equipe.</p>
          <HomeSearch />
        </div>
      </section>
      <section className="container listing" aria-labelledby="listing-heading">
        {/* The list is the API's: featured properties first, then the newest. */}
        <h2 id="listing-heading">Destaques e novidades</h2>
        <ListingPages pages={pages} onMore={() => setPages((p) => p + 1)} />
        <nav className="listing__all" aria-label="Todos os imóveis">
          <Link to="/busca?business=venda">Ver todos os imóveis à venda</Link>
          <Link to="/busca?business=aluguel">Ver todos os imóveis para alugar</Link>
        </nav>
      </section>
    </main>
  )
}

/** Pages 1..n, each loaded once and kept; "Carregar mais" appends the next one. */
function ListingPages({ pages, onMore }: { pages: number; onMore: () => void }) {
  const first = useResource('listing:1', (signal) => listProperties(1, PER_PAGE, signal))
  const [extra, setExtra] = useState<PropertySummary[]>([])
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState(false)

  if (first.status === 'loading') {
    return (
      <div className="cards" aria-busy="true">
        <p role="status" className="visually-hidden">
          Carregando imóveis…
        </p>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skeleton skeleton--cardlist" />
        ))}
      </div>
    )
  }
  if (first.status === 'error') {
    return (
      <div role="alert" className="page-state__box">
        <p>Não foi possível carregar os imóveis.</p>
        <button type="button" className="button button--primary" onClick={first.retry}>
          Tentar novamente
        </button>
      </div>
    )
  }

  const items = [...first.data.items, ...extra]
  if (items.length === 0) return <p className="muted">Nenhum imóvel disponível no momento.</p>
  const hasMore = items.length < first.data.total

  const loadMore = async () => {
    setLoadingMore(true)
    setMoreError(false)
    try {
      const next = await listProperties(pages + 1, PER_PAGE)
      setExtra((e) => [...e, ...next.items])
      onMore()
    } catch {
      setMoreError(true)
    } finally {
      setLoadingMore(false)
    }
  }

  return (
    <>
      <p className="listing__count">{plural(first.data.total, 'imóvel encontrado', 'imóveis encontrados')}</p>
      <ul className="cards">
        {items.map((p, i) => (
          <li key={p.id}>
            {/* Only the first cover is fetched at once, and first: it is in view at first
                paint on every screen (top left, under the hero) and is the likeliest
                Largest Contentful Paint. On a phone the second card begins below the fold,
                and its cover there is a large variant (a 358-px card on a 3× screen takes
                the 1440 one); on wider screens the rest of the first row is in view, and
                lazy images in view start loading at the first layout anyway. */}
            <PropertyCard property={p} sizes={CARD_SIZES} coverFirst={i === 0} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className="listing__more">
          <button type="button" className="button button--secondary" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Carregando…' : 'Carregar mais imóveis'}
          </button>
          {moreError && <p role="alert">Não foi possível carregar mais imóveis. Tente novamente.</p>}
        </div>
      )}
    </>
  )
}
