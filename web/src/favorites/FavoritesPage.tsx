import { useEffect, useState } from 'react'
import { usePageTitle } from '../lib/agency'
import { ApiError, getProperty } from '../lib/api'
import { Link } from '../lib/router'
import { summaryOf } from '../lib/summary'
import type { PropertySummary } from '../lib/types'
import { CARD_SIZES } from '../property/HomePage'
import { PropertyCard } from '../property/PropertyCard'
import { FavoriteButton } from './FavoriteButton'
import { removeFavorite, useFavorites } from './favorites'
import { SendFavorites } from './SendFavorites'
import './favorites.css'

/** What the page knows of one favourite: loading, its listing, gone (404), or not read (network). */
type Entry = { state: 'loading' } | { state: 'ready'; property: PropertySummary } | { state: 'gone' } | { state: 'failed' }

/**
 * /favoritos: the listings saved in this browser, each read from the API
 * (the detail read, which the server caches); one that was removed or
 * deactivated says so and can be taken off the list.
 */
export default function FavoritesPage() {
  usePageTitle('Favoritos')
  const slugs = useFavorites()
  const [entries, setEntries] = useState<Record<string, Entry>>({})

  useEffect(() => {
    const controller = new AbortController()
    for (const slug of slugs) {
      const known = entries[slug]?.state
      if (known === 'ready' || known === 'gone') continue
      getProperty(slug, controller.signal).then(
        (p) => setEntries((e) => ({ ...e, [slug]: { state: 'ready', property: summaryOf(p) } })),
        (error: unknown) => {
          if (controller.signal.aborted) return
          const gone = error instanceof ApiError && error.isNotFound
          setEntries((e) => ({ ...e, [slug]: { state: gone ? 'gone' : 'failed' } }))
        },
      )
    }
    return () => controller.abort()
    // entries is read to skip what is known; a change of the list alone starts reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slugs])

  return (
    <main id="conteudo" className="container favorites">
      <h1>Favoritos</h1>
      {slugs.length === 0 ? (
        <div className="page-state__box">
          <p>Você ainda não salvou nenhum imóvel. Toque no coração de um anúncio para guardá-lo aqui.</p>
          <Link to="/busca" className="button button--primary">
            Ver imóveis
          </Link>
        </div>
      ) : (
        <>
          <p className="muted">
            Os favoritos ficam guardados neste navegador, sem cadastro: em outro aparelho, a lista começa vazia.
          </p>
          <SendFavorites slugs={slugs} />
          <ul className="cards favorites__list" aria-label="Imóveis salvos">
            {slugs.map((slug) => (
              <li key={slug}>
                <Favorite slug={slug} entry={entries[slug] ?? { state: 'loading' }} />
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  )
}

function Favorite({ slug, entry }: { slug: string; entry: Entry }) {
  if (entry.state === 'ready') {
    return <PropertyCard property={entry.property} sizes={CARD_SIZES} />
  }
  if (entry.state === 'loading') {
    return (
      <div className="favorites__gone" aria-busy="true">
        <p role="status">Carregando…</p>
      </div>
    )
  }
  return (
    <div className="favorites__gone">
      <p>
        {entry.state === 'gone'
          ? 'Este imóvel não está mais disponível.'
          : 'Não foi possível carregar este imóvel. Verifique sua conexão e recarregue a página.'}
      </p>
      {entry.state === 'gone' ? (
        <button type="button" className="button button--secondary" onClick={() => removeFavorite(slug)}>
          Remover dos favoritos
        </button>
      ) : (
        <FavoriteButton slug={slug} />
      )}
    </div>
  )
}
