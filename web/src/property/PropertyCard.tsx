import { useState } from 'react'
import { FavoriteButton } from '../favorites/FavoriteButton'
import { formatArea, formatBRL, plural } from '../lib/money'
import { Link } from '../lib/router'
import type { PropertySummary } from '../lib/types'
import { AreaIcon, BathIcon, BedIcon, CarIcon, NoPhotoIcon } from './icons'
import { askingPrices, rentPeriodSuffix, statusLabel, typeLabel } from './labels'
import { Picture } from './Picture'
import './card.css'
import { cityLabel } from '../lib/place'

interface CardProps {
  property: PropertySummary
  /** The card's width as the HTML sizes attribute, for the browser to pick a cover variant. */
  sizes: string
  /** The first card of a list: its cover is fetched at once and first (see HomePage). */
  coverFirst?: boolean
}

/** A property in a list (home page, search results): cover, badges, facts and prices, linking to its page. */
export function PropertyCard({ property, sizes, coverFirst = false }: CardProps) {
  const prices = askingPrices(property)
  const salePrice = formatBRL(prices.sale)
  const rentPrice = formatBRL(prices.rent)
  // Available is what a listing is unless said otherwise: no badge for it.
  const status = property.status !== 'disponivel' ? statusLabel(property.status) : null
  const condo = formatBRL(property.condo_fee)
  const area = formatArea(property.area_m2)
  return (
    <article className="card">
      <div className="card__media">
        <CardCover property={property} sizes={sizes} first={coverFirst} />
        <FavoriteButton slug={property.slug} className="card__favorite" />
        <span className="card__badges">
          <span className="tag tag--brand">{typeLabel(property.type)}</span>
          {status && (
            <span className={`tag status status--${property.status}`}>
              <span className="visually-hidden">Situação: </span>
              {status}
            </span>
          )}
          {/* A listing is featured to the public with a photo to show (docs/api.md): without one, no badge. */}
          {property.is_featured && property.cover && <span className="tag tag--featured">Destaque</span>}
        </span>
      </div>
      <div className="card__body">
        <p className="card__kind">{property.subtype.name}</p>
        <h3 className="card__title">
          <Link to={`/imoveis/${property.slug}`} className="card__link">
            {property.title}
          </Link>
        </h3>
        <p className="card__place">
          {property.neighborhood.name}, {cityLabel(property.city.name, property.city.state)}
        </p>
        <ul className="card__facts" aria-label="Características">
          {property.bedrooms > 0 && (
            <li>
              <BedIcon /> {plural(property.bedrooms, 'quarto', 'quartos')}
            </li>
          )}
          {property.bathrooms > 0 && (
            <li>
              <BathIcon /> {plural(property.bathrooms, 'banheiro', 'banheiros')}
            </li>
          )}
          {property.parking_spots > 0 && (
            <li>
              <CarIcon /> {plural(property.parking_spots, 'vaga', 'vagas')}
            </li>
          )}
          {area && (
            <li>
              <AreaIcon /> {area}
            </li>
          )}
        </ul>
        <p className="card__price">
          {salePrice ?? rentPrice ?? 'Consulte'}
          {!salePrice && rentPrice && <span className="card__period">{rentPeriodSuffix(property.rent_period)}</span>}
        </p>
        {salePrice && rentPrice && (
          <p className="card__rent">
            Aluguel {rentPrice}
            <span className="card__period">{rentPeriodSuffix(property.rent_period)}</span>
          </p>
        )}
        {condo && <p className="card__condo">Condomínio {condo}</p>}
      </div>
    </article>
  )
}

function CardCover({ property, sizes, first }: { property: PropertySummary; sizes: string; first: boolean }) {
  const [failed, setFailed] = useState(false)
  if (!property.cover || failed) {
    return (
      <div className="card__nophoto">
        <NoPhotoIcon />
        <span>Sem fotos disponíveis</span>
      </div>
    )
  }
  return (
    <Picture
      photo={property.cover}
      sizes={sizes}
      fallbackAlt={property.title}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      onError={() => setFailed(true)}
    />
  )
}
