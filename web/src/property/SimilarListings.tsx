import { getSimilar } from '../lib/api'
import { useResource } from '../lib/useResource'
import { CARD_SIZES } from './HomePage'
import { PropertyCard } from './PropertyCard'
import './home.css'

/**
 * The page of a listing off the market (sold, rented, reserved) suggests
 * available ones like it: the same business and city, its type first,
 * nearest in price (GET /api/v1/properties/{slug}/similar). Nothing shows
 * while they load, when there is none, or when the read fails: it is a
 * suggestion, not the page's content.
 */
export function SimilarListings({ slug }: { slug: string }) {
  const similar = useResource(`similar:${slug}`, (signal) => getSimilar(slug, signal))
  if (similar.status !== 'ready' || similar.data.items.length === 0) return null
  return (
    <section className="detail__section" aria-labelledby="similar-heading">
      <h2 id="similar-heading">Imóveis parecidos disponíveis</h2>
      <ul className="cards">
        {similar.data.items.map((p) => (
          <li key={p.id}>
            <PropertyCard property={p} sizes={CARD_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  )
}
