import { useEffect } from 'react'
import { ContactForm } from '../contact/ContactForm'
import { ApiError, getProperty } from '../lib/api'
import { formatArea, formatBRL, plural } from '../lib/money'
import { NotFound } from '../lib/NotFound'
import { Link } from '../lib/router'
import type { Amenity, PropertyDetail } from '../lib/types'
import { useResource } from '../lib/useResource'
import { getEmbedUrl } from '../video/embed'
import { VideoPlayer } from '../video/VideoPlayer'
import { AreaIcon, BathIcon, BedIcon, CarIcon, CheckIcon, PinIcon } from './icons'
import { isRental, typeLabel } from './labels'
import { PhotoCarousel } from './PhotoCarousel'
import './detail.css'

export function PropertyDetailPage({ slug }: { slug: string }) {
  const resource = useResource(`property:${slug}`, (signal) => getProperty(slug, signal))

  const title =
    resource.status === 'ready'
      ? `${resource.data.title} — Vitrine`
      : resource.status === 'error' && resource.error instanceof ApiError && resource.error.isNotFound
        ? 'Imóvel não encontrado — Vitrine'
        : null
  useEffect(() => {
    if (title) document.title = title
  }, [title])

  if (resource.status === 'loading') return <DetailSkeleton />
  if (resource.status === 'error') {
    if (resource.error instanceof ApiError && resource.error.isNotFound) return <PropertyNotFound />
    return (
      <main id="conteudo" className="container page-state">
        <div role="alert" className="page-state__box">
          <h1>Não foi possível carregar o imóvel</h1>
          <p>Verifique sua conexão com a internet e tente novamente.</p>
          <button type="button" className="button button--primary" onClick={resource.retry}>
            Tentar novamente
          </button>
        </div>
      </main>
    )
  }
  return <PropertyDetailView property={resource.data} />
}

export function PropertyNotFound() {
  return (
    <NotFound
      title="Imóvel não encontrado"
      message="O imóvel que você procura não existe ou não está mais disponível."
      back="Ver imóveis disponíveis"
    />
  )
}

function DetailSkeleton() {
  return (
    <main id="conteudo" className="container detail" aria-busy="true">
      <p role="status" className="visually-hidden">
        Carregando imóvel…
      </p>
      <div className="detail__layout">
        <div>
          <div className="skeleton skeleton--gallery" />
          <div className="skeleton skeleton--line skeleton--wide" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--block" />
        </div>
        <div className="skeleton skeleton--card" />
      </div>
    </main>
  )
}

const AMENITY_GROUPS: Array<{ group: string; heading: string }> = [
  { group: 'caracteristica', heading: 'Características' },
  { group: 'lazer', heading: 'Lazer' },
]

function groupAmenities(amenities: Amenity[]) {
  const known = new Set(AMENITY_GROUPS.map((g) => g.group))
  const groups = AMENITY_GROUPS.map(({ group, heading }) => ({
    heading,
    items: amenities.filter((a) => a.group === group),
  }))
  const others = amenities.filter((a) => !known.has(a.group))
  if (others.length) groups.push({ heading: 'Outros', items: others })
  return groups.filter((g) => g.items.length > 0)
}

export function PropertyDetailView({ property }: { property: PropertyDetail }) {
  const video = property.video_url && getEmbedUrl(property.video_url).type !== 'unknown' ? property.video_url : null
  const carouselVideo = video && property.video_position === 'carousel' ? video : null
  const sectionVideo = video && property.video_position !== 'carousel' ? video : null

  const price = formatBRL(property.price)
  const condo = formatBRL(property.condo_fee)
  const area = formatArea(property.area_m2)
  const rental = isRental(property.type)
  const location = `${property.neighborhood.name}, ${property.city.name} – ${property.city.state}`
  const amenityGroups = groupAmenities(property.amenities)
  const paragraphs = (property.description ?? '')
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => p.trim())
    .filter(Boolean)

  return (
    <main id="conteudo" className="container detail">
      <nav aria-label="Trilha de navegação" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Início</Link>
          </li>
          <li>
            {property.city.name} – {property.city.state}
          </li>
          <li>{property.neighborhood.name}</li>
        </ol>
      </nav>

      <div className="detail__layout">
        <article className="detail__main" aria-labelledby="detail-title">
          <div className="detail__gallery">
            <PhotoCarousel photos={property.photos} videoUrl={carouselVideo} label={`Fotos de ${property.title}`} />
          </div>
          <header className="detail__header">
            <p className="detail__tags">
              <span className="tag tag--brand">{typeLabel(property.type)}</span>
              <span className="tag">{property.subtype.name}</span>
              {property.is_featured && <span className="tag tag--featured">Destaque</span>}
              {property.code && <span className="detail__code">Cód. {property.code}</span>}
            </p>
            <h1 id="detail-title">{property.title}</h1>
            <p className="detail__location">
              <PinIcon />
              <span>
                {property.address ? `${property.address} · ` : ''}
                {location}
              </span>
            </p>
          </header>

          <ul className="facts" aria-label="Resumo do imóvel">
            {property.bedrooms > 0 && (
              <li>
                <BedIcon />
                {plural(property.bedrooms, 'quarto', 'quartos')}
              </li>
            )}
            {property.bathrooms > 0 && (
              <li>
                <BathIcon />
                {plural(property.bathrooms, 'banheiro', 'banheiros')}
              </li>
            )}
            {property.parking_spots > 0 && (
              <li>
                <CarIcon />
                {plural(property.parking_spots, 'vaga', 'vagas')}
              </li>
            )}
            {area && (
              <li>
                <AreaIcon />
                {area}
              </li>
            )}
          </ul>

          {sectionVideo && (
            <section className="detail__section" aria-labelledby="video-heading">
              <h2 id="video-heading">Vídeo</h2>
              <VideoPlayer url={sectionVideo} className="detail__video" />
            </section>
          )}

          <section className="detail__section" aria-labelledby="description-heading">
            <h2 id="description-heading">Descrição</h2>
            {paragraphs.length > 0 ? (
              paragraphs.map((p, i) => <p key={i}>{p}</p>)
            ) : (
              <p className="muted">O anunciante não incluiu uma descrição.</p>
            )}
          </section>

          <section className="detail__section" aria-labelledby="sheet-heading">
            <h2 id="sheet-heading">Ficha do imóvel</h2>
            <dl className="sheet">
              <div>
                <dt>Negócio</dt>
                <dd>{typeLabel(property.type)}</dd>
              </div>
              <div>
                <dt>Tipo</dt>
                <dd>{property.subtype.name}</dd>
              </div>
              <div>
                <dt>Quartos</dt>
                <dd>{property.bedrooms}</dd>
              </div>
              <div>
                <dt>Banheiros</dt>
                <dd>{property.bathrooms}</dd>
              </div>
              <div>
                <dt>Vagas</dt>
                <dd>{property.parking_spots}</dd>
              </div>
              {area && (
                <div>
                  <dt>Área</dt>
                  <dd>{area}</dd>
                </div>
              )}
              <div>
                <dt>Endereço</dt>
                <dd>{property.address ?? 'Não informado'}</dd>
              </div>
              <div>
                <dt>Bairro</dt>
                <dd>{property.neighborhood.name}</dd>
              </div>
              <div>
                <dt>Cidade</dt>
                <dd>
                  {property.city.name} – {property.city.state}
                </dd>
              </div>
              {property.code && (
                <div>
                  <dt>Código</dt>
                  <dd>{property.code}</dd>
                </div>
              )}
            </dl>
          </section>

          {amenityGroups.map(({ heading, items }) => {
            const id = `amenities-${heading.toLowerCase().replace(/[^a-z]/g, '')}`
            return (
              <section key={heading} className="detail__section" aria-labelledby={id}>
                <h2 id={id}>{heading}</h2>
                <ul className="amenities">
                  {items.map((a) => (
                    <li key={a.id}>
                      <CheckIcon />
                      {a.name}
                    </li>
                  ))}
                </ul>
              </section>
            )
          })}
        </article>

        <aside className="detail__aside" aria-label="Valores e contato">
          <div className="price-card">
            <p className="price-card__label">{rental ? 'Aluguel' : 'Valor de venda'}</p>
            <p className="price-card__price">
              {price ?? 'Consulte'}
              {price && rental && <span className="price-card__period">/mês</span>}
            </p>
            <dl className="price-card__extra">
              <div>
                <dt>Condomínio</dt>
                <dd>{condo ?? 'Não informado'}</dd>
              </div>
            </dl>
          </div>
          <section className="contact-card" aria-labelledby="contact-heading">
            <h2 id="contact-heading">Fale com o anunciante</h2>
            <p className="muted">Envie uma mensagem e a imobiliária responde por e-mail ou telefone.</p>
            <ContactForm slug={property.slug} />
          </section>
        </aside>
      </div>
    </main>
  )
}
