import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PropertyDetail } from '../lib/types'
import { json, makeAgency, makeProperty, makeSummary, routeFetch, uploadedPhoto } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

// Intl writes "R$\u00a0450.000,00"; Testing Library's default normaliser turns the
// no-break space of the page text into a plain space, so matchers use a plain space.
const nbsp = '\u00a0'
const brl = (amount: string) => `R$ ${amount}`
const SLUG = 'apartamento-3-quartos-vista-mar'
const VIDEO_TITLE = 'Vídeo de apresentação do imóvel'

function serve(property: PropertyDetail) {
  const { fetchMock } = routeFetch({
    [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
  })
  vi.stubGlobal('fetch', vi.fn(fetchMock))
}

afterEach(() => vi.unstubAllGlobals())

describe('property detail page: a listing off the market', () => {
  it('suggests available listings like a sold one; an available one asks for none', async () => {
    const sold = makeProperty({ status: 'vendido' })
    const similar = vi.fn(() =>
      json(200, { items: [makeSummary({ id: 's1', slug: 'casa-parecida', title: 'Casa parecida no Centro' })] }),
    )
    const { fetchMock } = routeFetch({
      [`GET /api/v1/properties/${sold.slug}`]: () => json(200, sold),
      [`GET /api/v1/properties/${sold.slug}/similar`]: similar,
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp(`/imoveis/${SLUG}`)
    const section = await screen.findByRole('region', { name: 'Imóveis parecidos disponíveis' })
    expect(within(section).getByRole('link', { name: 'Casa parecida no Centro' })).toHaveAttribute('href', '/imoveis/casa-parecida')
    expect(similar).toHaveBeenCalledTimes(1)
  })

  it('asks for no suggestion on an available listing', async () => {
    const similar = vi.fn(() => json(200, { items: [] }))
    const p = makeProperty({ status: 'disponivel' })
    const { fetchMock } = routeFetch({
      [`GET /api/v1/properties/${p.slug}`]: () => json(200, p),
      [`GET /api/v1/properties/${p.slug}/similar`]: similar,
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp(`/imoveis/${SLUG}`)
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('region', { name: 'Imóveis parecidos disponíveis' })).toBeNull()
    expect(similar).not.toHaveBeenCalled()
  })
})

describe('property detail page', () => {
  it('shows stored markup as text, never as elements', async () => {
    const title = '<script>alert(1)</script> Casa "><img src=x onerror=alert(2)>'
    const description = '</script><script>alert(3)</script> Descrição <b>negrito</b>'
    serve(makeProperty({ title, description, address: '"><svg onload=alert(4)>' }))
    const { container } = renderApp(`/imoveis/${SLUG}`)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByText(/Descrição <b>negrito<\/b>/)).toBeInTheDocument()
    expect(container.querySelector('script, svg[onload], img[onerror], b')).toBeNull()
    // The title is set by an effect, which may run after the heading is painted.
    await waitFor(() => expect(document.title).toBe(title))
  })

  it('titles the page after the property and the agency, as the server does', async () => {
    const property = makeProperty()
    const { fetchMock } = routeFetch({
      [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
      'GET /api/v1/agency': () => json(200, makeAgency({ name: 'Imobiliária Ilha Nova' })),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp(`/imoveis/${SLUG}`)
    await waitFor(() => expect(document.title).toBe('Apartamento 3 quartos com vista para o mar — Imobiliária Ilha Nova'))
    expect(screen.getByRole('link', { name: 'Imobiliária Ilha Nova' })).toHaveAttribute('href', '/')
  })

  it('shows the property with BRL prices, facts, location, description and amenities', async () => {
    serve(makeProperty())
    renderApp(`/imoveis/${SLUG}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Apartamento 3 quartos com vista para o mar' }))
    await waitFor(() => expect(document.title).toBe('Apartamento 3 quartos com vista para o mar'))

    const prices = screen.getByRole('region', { name: 'Valores do imóvel' })
    expect(within(prices).getByText(brl('450.000,00'))).toBeInTheDocument()
    expect(within(prices).getByText(brl('450.000,00')).textContent).toBe(`R$${nbsp}450.000,00`)
    expect(within(prices).getByText('Condomínio').nextElementSibling).toHaveTextContent(brl('850,50'))
    const facts = screen.getByRole('list', { name: 'Resumo do imóvel' })
    expect(within(facts).getByText('3 quartos')).toBeInTheDocument()
    expect(within(facts).getByText('2 banheiros')).toBeInTheDocument()
    expect(within(facts).getByText('1 vaga')).toBeInTheDocument()
    expect(within(facts).getByText('98,5 m²')).toBeInTheDocument()
    expect(screen.getByText(/Rua Bocaiúva, 1200 · Centro, Florianópolis – SC/)).toBeInTheDocument()
    expect(screen.getAllByText('Venda').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Apartamento').length).toBeGreaterThan(0)
    expect(screen.getByText('Apartamento amplo e iluminado.')).toBeInTheDocument()
    expect(screen.getByText('Próximo à Beira-Mar Norte.')).toBeInTheDocument()

    const features = screen.getByRole('region', { name: 'Características' })
    expect(within(features).getByText('Varanda gourmet')).toBeInTheDocument()
    expect(within(features).getByText('Ar-condicionado')).toBeInTheDocument()
    expect(within(features).queryByText('Piscina')).toBeNull()
    const leisure = screen.getByRole('region', { name: 'Lazer' })
    expect(within(leisure).getByText('Piscina')).toBeInTheDocument()

    expect(screen.getByRole('region', { name: 'Fotos de Apartamento 3 quartos com vista para o mar' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeInTheDocument()
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
  })

  it('handles a null condo fee, missing address and description and no amenities', async () => {
    serve(makeProperty({ condo_fee: null, address: null, description: null, amenities: [], type: 'aluguel', price: '3200.00' }))
    renderApp(`/imoveis/${SLUG}`)
    await screen.findByRole('heading', { level: 1 })
    const prices = screen.getByRole('region', { name: 'Valores do imóvel' })
    expect(within(prices).queryByText('Condomínio')).toBeNull()
    expect(within(prices).getByText('Aluguel').nextElementSibling).toHaveTextContent(`${brl('3.200,00')}/mês`)
    expect(screen.queryByRole('region', { name: 'Características' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Lazer' })).toBeNull()
    expect(screen.getByText('A imobiliária não incluiu uma descrição.')).toBeInTheDocument()
  })

  it('leaves zero counts out of the summary and the sheet', async () => {
    serve(makeProperty({ bedrooms: 0, bathrooms: 0, parking_spots: 0, area_m2: 450, subtype: { id: 4, name: 'Terreno', slug: 'terreno' } }))
    renderApp(`/imoveis/${SLUG}`)
    const facts = await screen.findByRole('list', { name: 'Resumo do imóvel' })
    expect(within(facts).getAllByRole('listitem')).toHaveLength(1)
    expect(within(facts).getByText('450 m²')).toBeInTheDocument()
    // The sheet repeats neither the summary's counts nor its area.
    const sheet = screen.getByRole('region', { name: 'Ficha do imóvel' })
    for (const term of ['Quartos', 'Banheiros', 'Vagas', 'Suítes', 'Área']) expect(within(sheet).queryByText(term)).toBeNull()
  })

  it("puts a 'carousel' video in slide 0 of the gallery", async () => {
    serve(makeProperty({ video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', video_position: 'carousel' }))
    renderApp(`/imoveis/${SLUG}`)
    const gallery = await screen.findByRole('region', { name: /^Fotos de/ })
    expect(within(gallery).queryByTitle(VIDEO_TITLE)).toBeNull()
    await userEvent.setup({ delay: null }).click(within(gallery).getByRole('button', { name: 'Assistir ao vídeo' }))
    expect(within(gallery).getByTitle(VIDEO_TITLE)).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ')
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument()
    expect(within(gallery).getByRole('button', { name: 'Ver vídeo' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Vídeo' })).toBeNull()
  })

  it("shows a 'section' video in its own section below the gallery", async () => {
    serve(makeProperty({ video_url: 'https://vimeo.com/76979871', video_position: 'section' }))
    renderApp(`/imoveis/${SLUG}`)
    const section = await screen.findByRole('region', { name: 'Vídeo' })
    expect(within(section).getByRole('heading', { level: 2, name: 'Vídeo' })).toBeInTheDocument()
    expect(within(section).getByTitle(VIDEO_TITLE)).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871')
    const gallery = screen.getByRole('region', { name: /^Fotos de/ })
    expect(within(gallery).getByText('1 / 2')).toBeInTheDocument()
    expect(within(gallery).queryByRole('button', { name: 'Ver vídeo' })).toBeNull()
    // The section comes after the gallery in reading order.
    expect(gallery.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it.each(['carousel', 'section'] as const)('does not show an unrecognised address (%s)', async (position) => {
    serve(makeProperty({ video_url: 'https://example.com/tour-virtual', video_position: position }))
    renderApp(`/imoveis/${SLUG}`)
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
    expect(screen.queryByRole('region', { name: 'Vídeo' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Ver vídeo' })).toBeNull()
    expect(screen.getByText('1 / 2')).toBeInTheDocument()
  })

  it('sizes the gallery photos to the page column, and fetches the cover first', async () => {
    serve(makeProperty({ photos: [uploadedPhoto('2b4d6f8a0c1e3a5c7e9b1d3f5a7c9e0b', 'Sala com varanda', 0)] }))
    renderApp(`/imoveis/${SLUG}`)
    const gallery = await screen.findByRole('region', { name: /^Fotos de/ })
    const cover = within(gallery).getByRole('img', { name: 'Sala com varanda' })
    expect(cover).toHaveAttribute('loading', 'eager')
    expect(cover).toHaveAttribute('fetchpriority', 'high')
    // Beside the 360-px aside on a wide screen (748 px at most); the whole width, less the margins, on a phone.
    const sizes = cover.getAttribute('sizes')!
    expect(sizes).toMatch(/^\(min-width: 1180px\) 748px, /)
    expect(sizes).toMatch(/, calc\(100vw - 32px\)$/)
    expect(cover.parentElement!.querySelector('source[type="image/webp"]')).toHaveAttribute('sizes', sizes)
  })

  it('shows a tidy placeholder for a property without photos or video', async () => {
    serve(makeProperty({ photos: [] }))
    renderApp(`/imoveis/${SLUG}`)
    expect(await screen.findByText('Sem fotos disponíveis')).toBeInTheDocument()
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('shows the not-found state on 404', async () => {
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties/nao-existe': () => json(404, { error: 'Imóvel não encontrado' }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/imoveis/nao-existe')
    expect(await screen.findByRole('heading', { level: 1, name: 'Imóvel não encontrado' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver imóveis disponíveis' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull()
  })

  it('suggests available listings like a removed one on its 404', async () => {
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties/casa-vendida': () => json(404, { error: 'Imóvel não encontrado' }),
      'GET /api/v1/properties/casa-vendida/similar': () =>
        json(200, { items: [makeSummary({ id: 's1', slug: 'casa-parecida', title: 'Casa parecida no Centro' })] }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/imoveis/casa-vendida')
    expect(await screen.findByRole('heading', { level: 1, name: 'Imóvel não encontrado' })).toBeInTheDocument()
    const section = await screen.findByRole('region', { name: 'Imóveis parecidos disponíveis' })
    expect(within(section).getByRole('link', { name: 'Casa parecida no Centro' })).toHaveAttribute('href', '/imoveis/casa-parecida')
  })

  it('shows a generic error with a retry button on other failures', async () => {
    let attempts = 0
    const { fetchMock } = routeFetch({
      [`GET /api/v1/properties/${SLUG}`]: () => {
        attempts += 1
        return attempts === 1 ? json(500, { error: 'boom' }) : json(200, makeProperty())
      },
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp(`/imoveis/${SLUG}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar o imóvel')
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('heading', { level: 1, name: /Apartamento 3 quartos/ })).toBeInTheDocument()
    expect(attempts).toBe(2)
  })

  it('treats a network failure as a generic error', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))
    renderApp(`/imoveis/${SLUG}`)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument())
  })
})
