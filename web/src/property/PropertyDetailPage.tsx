import { useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react'
import { ContactForm, propertyGreeting } from '../contact/ContactForm'
import { useAgency, useFinancingRate, useMapTiles, usePageTitle } from '../lib/agency'
import { ApiError, getProperty } from '../lib/api'
import { mailtoHref } from '../lib/mailto'
import { formatArea, formatBRL, parseDecimal, plural } from '../lib/money'
import { formatPhone, telHref } from '../lib/phone'
import { NotFound } from '../lib/NotFound'
import { Link } from '../lib/router'
import type { Agency, Amenity, PropertyDetail } from '../lib/types'
import { useResource } from '../lib/useResource'
import { reportWhatsAppClick, whatsappLink, whatsappMessage } from '../lib/whatsapp'
import { getEmbedUrl } from '../video/embed'
import { VideoPlayer } from '../video/VideoPlayer'
import { AreaIcon, BathIcon, BedIcon, CarIcon, CheckIcon, PinIcon } from './icons'
import { askingPrices, business, floorLabel, isMonthlyRent, rentPeriodSuffix, statusLabel, typeLabel } from './labels'
import { FavoriteButton } from '../favorites/FavoriteButton'
import { FinancingSection } from './FinancingSection'
import { ShareButtons } from './ShareButtons'
import { VisitSection } from '../visits/VisitSection'
import { PhotoCarousel } from './PhotoCarousel'
import { Picture } from './Picture'
import './detail.css'
import { cityLabel } from '../lib/place'
import { SimilarListings } from './SimilarListings'
import { LazyMap } from '../map/LazyMap'
import { isArea, type MapPlace } from '../map/places'

/**
 * The gallery's width, for the browser to pick a photo variant before layout. From the
 * layout: .container (styles.css) is at most 1180 px with 20 px padding (16 px up to
 * 640 px); above 960 px the page's column sits beside a 360-px aside with a 32-px gap
 * (.detail__layout, detail.css), so it is 1140 − 392 = 748 px at most.
 */
const GALLERY_SIZES =
  '(min-width: 1180px) 748px, (min-width: 961px) calc(100vw - 432px), (min-width: 641px) calc(100vw - 40px), calc(100vw - 32px)'

export function PropertyDetailPage({ slug }: { slug: string }) {
  const resource = useResource(`property:${slug}`, (signal) => getProperty(slug, signal))

  usePageTitle(resource.status === 'ready' ? resource.data.title : null)

  if (resource.status === 'loading') return <DetailSkeleton />
  if (resource.status === 'error') {
    if (resource.error instanceof ApiError && resource.error.isNotFound) return <PropertyNotFound slug={slug} />
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

/**
 * The page of a listing that is not shown: one that was removed or
 * deactivated suggests available ones like it (SimilarListings answers
 * for it too); an address no listing had shows the box alone.
 */
export function PropertyNotFound({ slug }: { slug: string }) {
  return (
    <NotFound
      title="Imóvel não encontrado"
      message="O imóvel que você procura não existe ou não está mais disponível."
      back="Ver imóveis disponíveis"
    >
      <div className="page-state__more">
        <SimilarListings slug={slug} />
      </div>
    </NotFound>
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

/** Amounts of a listing, as numbers; null where the listing does not give one. */
function listingPrices(property: PropertyDetail) {
  const { sale, rent } = business(property.type)
  const { sale: salePrice, rent: rentPrice } = askingPrices(property)
  const condo = parseDecimal(property.condo_fee)
  const iptu = parseDecimal(property.iptu)
  const iptuMonthly =
    iptu === null ? null : property.iptu_period === 'yearly' ? iptu / 12 : property.iptu_period === 'monthly' ? iptu : null
  // A total by the month only adds amounts of a month: a rent by the day
  // or the year has none to add.
  const monthlyTotal =
    rentPrice === null || !isMonthlyRent(property.rent_period)
      ? null
      : Math.round((rentPrice + (condo ?? 0) + (iptuMonthly ?? 0)) * 100) / 100
  const totalParts = ['aluguel', condo !== null && 'condomínio', iptuMonthly !== null && 'IPTU'].filter(Boolean)
  const perM2 = salePrice !== null && salePrice > 0 && property.area_m2 > 0 ? salePrice / property.area_m2 : null
  return { sale, rent, salePrice, rentPrice, condo, iptu, monthlyTotal, totalParts, perM2 }
}

/** The street and number served, else the free-text address, else null (hidden or not given). */
function streetAddress(property: PropertyDetail): string | null {
  if (property.street) return property.number ? `${property.street}, ${property.number}` : property.street
  return property.address
}

export function PropertyDetailView({ property }: { property: PropertyDetail }) {
  const agency = useAgency()
  const financingRate = useFinancingRate()
  const video = property.video_url && getEmbedUrl(property.video_url).type !== 'unknown' ? property.video_url : null
  const carouselVideo = video && property.video_position === 'carousel' ? video : null
  const sectionVideo = video && property.video_position !== 'carousel' ? video : null

  const prices = listingPrices(property)
  const salePrice = formatBRL(prices.salePrice)
  const rentPrice = formatBRL(prices.rentPrice)
  const condo = formatBRL(prices.condo)
  const iptu = formatBRL(prices.iptu)
  const rentPeriod = rentPeriodSuffix(property.rent_period)
  const iptuPeriod = property.iptu_period === 'yearly' ? '/ano' : property.iptu_period === 'monthly' ? '/mês' : ''
  const area = property.area_m2 > 0 ? formatArea(property.area_m2) : null
  const usefulArea = formatArea(property.useful_area_m2)
  const totalArea = formatArea(property.total_area_m2)
  const status = statusLabel(property.status)
  const address = streetAddress(property)
  const location = `${property.neighborhood.name}, ${cityLabel(property.city.name, property.city.state)}`
  const amenityGroups = groupAmenities(property.amenities)
  // The listing's broker answers on their own WhatsApp; without one (or
  // without their number), the agency does.
  const broker = property.broker
  const whatsapp = whatsappLink(
    broker?.whatsapp ?? agency?.whatsapp,
    whatsappMessage(property, `${window.location.origin}/imoveis/${property.slug}`),
  )
  const contactRef = useRef<HTMLElement>(null)
  const contactInView = useInView(contactRef)
  const paragraphs = (property.description ?? '')
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => p.trim())
    .filter(Boolean)

  const sheet: Array<[string, string]> = [
    ['Negócio', typeLabel(property.type)],
    ['Tipo', property.subtype.name],
  ]
  // The rooms and the area are in the summary above, with their icons;
  // the sheet adds the other areas, each only when it says something else.
  if (usefulArea && usefulArea !== area) sheet.push(['Área útil', usefulArea])
  if (totalArea && totalArea !== area && totalArea !== usefulArea) sheet.push(['Área total', totalArea])
  if (property.floor !== null) sheet.push(['Andar', floorLabel(property.floor)])
  if (property.year_built !== null) sheet.push(['Ano de construção', String(property.year_built)])
  if (address) sheet.push(['Endereço', address])
  sheet.push(['Bairro', property.neighborhood.name], ['Cidade', cityLabel(property.city.name, property.city.state)])
  if (property.cep) sheet.push(['CEP', property.cep])
  if (property.code) sheet.push(['Código', property.code])

  return (
    <main id="conteudo" className="container detail detail--with-bar">
      {/* The same trail as the page's structured data (internal/seo): every
          step but the last is a page; city and neighborhood have none yet
          and are shown under the title. */}
      <nav aria-label="Trilha de navegação" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Início</Link>
          </li>
          <li aria-current="page">{property.title}</li>
        </ol>
      </nav>

      <div className="detail__layout">
        <article className="detail__main" aria-labelledby="detail-title">
          <div className="detail__gallery">
            <PhotoCarousel
              photos={property.photos}
              videoUrl={carouselVideo}
              label={`Fotos de ${property.title}`}
              sizes={GALLERY_SIZES}
            />
          </div>
          <header className="detail__header">
            <p className="detail__tags">
              <span className="tag tag--brand">{typeLabel(property.type)}</span>
              <span className="tag">{property.subtype.name}</span>
              {status && (
                <span className={`tag status status--${property.status}`}>
                  <span className="visually-hidden">Situação: </span>
                  {status}
                </span>
              )}
              {property.is_featured && <span className="tag tag--featured">Destaque</span>}
              {property.code && <span className="detail__code">Cód. {property.code}</span>}
            </p>
            <h1 id="detail-title">{property.title}</h1>
            <p className="price-line">
              {/* Each price its own item: when they wrap, no separator is left hanging. */}
              {salePrice && <span className="price-line__amount">{rentPrice ? `Venda ${salePrice}` : salePrice}</span>}
              {rentPrice && (
                <span className="price-line__amount">
                  {salePrice ? `Aluguel ${rentPrice}` : rentPrice}
                  <span className="price-line__period">{rentPeriod}</span>
                </span>
              )}
              {!salePrice && !rentPrice && <span className="price-line__amount">Consulte</span>}
              <a className="price-line__contact" href="#contato">
                Fale com a imobiliária
              </a>
            </p>
            <p className="detail__location">
              <PinIcon />
              <span>
                {address ? `${address} · ` : ''}
                {location}
              </span>
            </p>
            <div className="detail__actions">
              <FavoriteButton slug={property.slug} />
              <ShareButtons slug={property.slug} title={property.title} />
            </div>
          </header>

          <ul className="facts" aria-label="Resumo do imóvel">
            {property.bedrooms > 0 && (
              <li>
                <BedIcon />
                {plural(property.bedrooms, 'quarto', 'quartos')}
              </li>
            )}
            {property.suites > 0 && (
              <li>
                <BedIcon />
                {plural(property.suites, 'suíte', 'suítes')}
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
              <p className="muted">A imobiliária não incluiu uma descrição.</p>
            )}
          </section>

          <section className="detail__section" aria-labelledby="sheet-heading">
            <h2 id="sheet-heading">Ficha do imóvel</h2>
            <dl className="sheet">
              {sheet.map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <LocationSection property={property} />
          {/* The rate is the agency's (or the server's default): the simulator waits for it. */}
          {prices.salePrice !== null && prices.salePrice > 0 && property.status !== 'vendido' && financingRate && (
            <FinancingSection price={prices.salePrice} yearlyRatePercent={financingRate} />
          )}
          {/* Visits are booked with the listing's broker, while it is on the market. */}
          {property.broker && property.status !== 'vendido' && property.status !== 'alugado' && (
            <VisitSection slug={property.slug} />
          )}

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
          {property.status !== 'disponivel' && <SimilarListings slug={property.slug} />}
        </article>

        <aside className="detail__aside" aria-label="Valores e contato">
          <section className="price-card" aria-label="Valores do imóvel">
            {salePrice && (
              <>
                <p className="price-card__label">Valor de venda</p>
                <p className="price-card__price">{salePrice}</p>
              </>
            )}
            {rentPrice && (
              <>
                <p className="price-card__label">Aluguel</p>
                <p className="price-card__price">
                  {rentPrice}
                  <span className="price-card__period">{rentPeriod}</span>
                </p>
              </>
            )}
            {!salePrice && !rentPrice && (
              <>
                <p className="price-card__label">{prices.rent ? 'Aluguel' : 'Valor de venda'}</p>
                <p className="price-card__price">Consulte</p>
              </>
            )}
            <dl className="price-card__extra">
              {condo && (
                <div>
                  <dt>Condomínio</dt>
                  <dd>{condo}</dd>
                </div>
              )}
              {iptu && (
                <div>
                  <dt>IPTU</dt>
                  <dd>
                    {iptu}
                    {iptuPeriod}
                  </dd>
                </div>
              )}
              {prices.monthlyTotal !== null && (
                <div className="price-card__total">
                  <dt>
                    Total mensal
                    <span className="price-card__hint"> ({prices.totalParts.join(' + ')})</span>
                  </dt>
                  <dd>{formatBRL(prices.monthlyTotal)}</dd>
                </div>
              )}
              {prices.perM2 !== null && (
                <div>
                  <dt>Preço por m²</dt>
                  <dd>{formatBRL(prices.perM2)}</dd>
                </div>
              )}
            </dl>
          </section>
          <section id="contato" ref={contactRef} className="contact-card" aria-labelledby="contact-heading">
            <h2 id="contact-heading">Fale com a imobiliária</h2>
            {broker && <BrokerCard broker={broker} />}
            {agency && <AgencyCard agency={agency} />}
            {whatsapp && (
              <WhatsAppLink href={whatsapp} slug={property.slug} className="button--block contact-card__whatsapp">
                Conversar no WhatsApp
              </WhatsAppLink>
            )}
            <p className="muted">Envie uma mensagem e a imobiliária responde por e-mail ou telefone.</p>
            <ContactForm slug={property.slug} greeting={propertyGreeting(property.title, property.code)} />
          </section>
        </aside>
      </div>

      <div className="contact-bar" role="region" aria-label="Contato rápido" hidden={contactInView}>
        <p className="contact-bar__price">
          {salePrice ?? rentPrice ?? 'Consulte'}
          {!salePrice && rentPrice && <span className="contact-bar__period">{rentPeriod}</span>}
          {salePrice && rentPrice && (
            <span className="contact-bar__period">
              {' '}
              · Aluguel {rentPrice}
              {rentPeriod}
            </span>
          )}
        </p>
        {broker && (
          <p className="contact-bar__broker">
            <BrokerPhoto broker={broker} size={24} />
            <span className="contact-bar__name">
              {broker.name}
              {broker.creci && <span className="contact-bar__creci"> · {broker.creci}</span>}
            </span>
          </p>
        )}
        <a className="button button--primary contact-bar__action" href="#contato" onClick={goToContactForm}>
          Enviar mensagem
        </a>
        {whatsapp && (
          <WhatsAppLink href={whatsapp} slug={property.slug} className="contact-bar__action" label="Conversar no WhatsApp">
            WhatsApp
          </WhatsAppLink>
        )}
      </div>
    </main>
  )
}

/**
 * The listing on a map, as the agency chose to show its address: a pin on its point, or a
 * circle around the area that holds it (the server never sends the point of a hidden
 * address). Nothing without a location, or when the site shows no map.
 */
function LocationSection({ property }: { property: PropertyDetail }) {
  const tiles = useMapTiles()
  const { location, title } = property
  const places = useMemo<MapPlace[]>(
    () =>
      location
        ? [
            {
              key: 'imovel',
              latitude: location.latitude,
              longitude: location.longitude,
              radius: location.radius_m,
              label: isArea(location) ? 'Região aproximada do imóvel' : 'Localização do imóvel',
              href: null,
            },
          ]
        : [],
    [location],
  )
  if (!tiles || !location) return null
  return (
    <section className="detail__section" aria-labelledby="location-heading">
      <h2 id="location-heading">Localização</h2>
      {isArea(location) && (
        <p className="muted map__note">
          Localização aproximada: o círculo mostra a região do imóvel. O endereço exato é informado pela imobiliária.
        </p>
      )}
      <LazyMap tiles={tiles} places={places} label={`Mapa da localização de ${title}`} />
    </section>
  )
}

/** Whether the element is on screen; false where IntersectionObserver is missing. */
function useInView(ref: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1]
      if (last) setInView(last.isIntersecting)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return inView
}

/** Brings the contact form into view and puts the cursor in its first field. */
function goToContactForm(event: MouseEvent<HTMLAnchorElement>) {
  const section = document.getElementById('contato')
  const field = section?.querySelector<HTMLElement>('input, textarea')
  if (!section || !field) return // the link's own #contato does it
  event.preventDefault()
  section.scrollIntoView?.({ behavior: 'smooth', block: 'start' })
  field.focus({ preventScroll: true })
}

/**
 * A link to the agency's WhatsApp chat: a plain link, which works without
 * script; the click is also counted (a beacon, which never holds it back).
 */
function WhatsAppLink(props: { href: string; slug: string; className: string; label?: string; children: ReactNode }) {
  return (
    <a
      className={`button button--whatsapp ${props.className}`}
      href={props.href}
      target="_blank"
      rel="noopener"
      aria-label={props.label}
      onClick={() => reportWhatsAppClick(props.slug)}
    >
      <WhatsAppIcon />
      {props.children}
    </a>
  )
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.7 11.7 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"
      />
    </svg>
  )
}

/** The listing's broker, as the agency publishes them: photo, name and CRECI. */
function BrokerCard({ broker }: { broker: Broker }) {
  return (
    <div className="agency-card broker-card" role="group" aria-label="Corretor responsável">
      <BrokerPhoto broker={broker} size={56} />
      <div>
        <p className="broker-card__label muted">Corretor responsável</p>
        <p className="agency-card__name">{broker.name}</p>
        {broker.creci && <p className="agency-card__creci">{broker.creci}</p>}
      </div>
    </div>
  )
}

type Broker = NonNullable<PropertyDetail['broker']>

/**
 * The broker's photo, round, `size` CSS pixels across (its smallest variant covers any screen's
 * density); nothing while they have none. Lazy: the card is below the first screen, and in the
 * contact bar, on screen from the start, a lazy image loads at once anyway.
 */
function BrokerPhoto({ broker, size }: { broker: Broker; size: number }) {
  if (!broker.photo) return null
  return (
    <Picture
      photo={broker.photo}
      className="broker-photo"
      alt={`Foto de ${broker.name}`}
      sizes={`${size}px`}
      box={{ width: size, height: size }}
      loading="lazy"
    />
  )
}

/** Who advertises the property, with the CRECI advertising must show. */
function AgencyCard({ agency }: { agency: Agency }) {
  return (
    <div className="agency-card" role="group" aria-label="Imobiliária responsável">
      {agency.name && <p className="agency-card__name">{agency.name}</p>}
      {agency.creci_display && <p className="agency-card__creci">{agency.creci_display}</p>}
      {(agency.phone || agency.email) && (
        <p className="agency-card__contact">
          {agency.phone && <a href={telHref(agency.phone)}>{formatPhone(agency.phone)}</a>}
          {agency.phone && agency.email && ' · '}
          {agency.email && <a href={mailtoHref(agency.email)}>{agency.email}</a>}
        </p>
      )}
    </div>
  )
}
