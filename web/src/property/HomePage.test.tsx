import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, makeAgency, makeProperty, makeSummary, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

// Intl writes "R$\u00a0450.000,00"; Testing Library's default normaliser turns the
// no-break space of the page text into a plain space, so matchers use a plain space.
const brl = (amount: string) => `R$ ${amount}`
afterEach(() => vi.unstubAllGlobals())

describe('home page', () => {
  it('lists the active properties as cards linking to their pages', async () => {
    const items = [
      makeSummary(),
      makeSummary({
        id: 'b',
        title: 'Casa com quintal no Campeche',
        slug: 'casa-campeche',
        price: '3500.00',
        type: 'aluguel',
        cover: null,
        bedrooms: 1,
        neighborhood: { id: 9, name: 'Campeche', slug: 'campeche' },
      }),
    ]
    const { fetchMock, calls } = routeFetch({
      'GET /api/v1/properties': () => json(200, { items, total: 2, page: 1, per_page: 12 }),
      'GET /api/v1/properties/casa-campeche': () =>
        json(200, makeProperty({ title: 'Casa com quintal no Campeche', slug: 'casa-campeche' })),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp('/')

    const list = await screen.findByRole('list', { name: '' })
    const cards = within(list).getAllByRole('article')
    expect(cards).toHaveLength(2)
    expect(calls[0].url.search).toBe('?page=1&per_page=12')
    expect(screen.getByText('2 imóveis encontrados')).toBeInTheDocument()

    const first = cards[0]
    expect(within(first).getByRole('link', { name: 'Apartamento 3 quartos com vista para o mar' })).toHaveAttribute(
      'href',
      '/imoveis/apartamento-3-quartos-vista-mar',
    )
    expect(within(first).getByRole('img', { name: 'Sala com varanda' })).toHaveAttribute('src', 'https://img.example.com/1.jpg')
    expect(within(first).getByText('Centro, Florianópolis – SC')).toBeInTheDocument()
    expect(within(first).getByText(brl('450.000,00'))).toBeInTheDocument()
    expect(within(first).getByText('3 quartos')).toBeInTheDocument()
    expect(within(first).getByText('2 banheiros')).toBeInTheDocument()
    expect(within(first).getByText('1 vaga')).toBeInTheDocument()
    expect(within(first).getByText('98,5 m²')).toBeInTheDocument()

    const second = cards[1]
    expect(within(second).getByText('Sem fotos disponíveis')).toBeInTheDocument()
    expect(within(second).queryByRole('img')).toBeNull()
    expect(within(second).getByText('1 quarto')).toBeInTheDocument()
    expect(within(second).getByText('/mês')).toBeInTheDocument()

    await user.click(within(second).getByRole('link', { name: 'Casa com quintal no Campeche' }))
    expect(window.location.pathname).toBe('/imoveis/casa-campeche')
    expect(await screen.findByRole('heading', { level: 1, name: 'Casa com quintal no Campeche' })).toBeInTheDocument()
  })

  it('loads more pages on request', async () => {
    const page1 = Array.from({ length: 12 }, (_, i) => makeSummary({ id: `p${i}`, slug: `imovel-${i}`, title: `Imóvel ${i}` }))
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties': (url) =>
        url.searchParams.get('page') === '1'
          ? json(200, { items: page1, total: 13, page: 1, per_page: 12 })
          : json(200, { items: [makeSummary({ id: 'p12', slug: 'imovel-12', title: 'Imóvel 12' })], total: 13, page: 2, per_page: 12 }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp('/')
    expect(await screen.findAllByRole('article')).toHaveLength(12)
    await user.click(screen.getByRole('button', { name: 'Carregar mais imóveis' }))
    expect(await screen.findByRole('link', { name: 'Imóvel 12' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(13)
    expect(screen.queryByRole('button', { name: 'Carregar mais imóveis' })).toBeNull()
  })

  it('says so when there is nothing to show, and offers a retry on failure', async () => {
    let fail = true
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties': () => (fail ? json(502, {}) : json(200, { items: [], total: 0, page: 1, per_page: 12 })),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp('/')
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar os imóveis.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Nenhum imóvel disponível no momento.')).toBeInTheDocument()
  })

  it('titles the page after the agency, as the server does, and keeps the title while the agency loads', async () => {
    let answer: (r: Response) => void = () => {}
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties': () => json(200, { items: [makeSummary()], total: 1, page: 1, per_page: 12 }),
      'GET /api/v1/agency': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    document.title = 'Imobiliária Ilha Bela — imóveis à venda e para alugar' // the server's
    renderApp('/')
    expect(await screen.findByRole('article')).toBeInTheDocument()
    expect(document.title).toBe('Imobiliária Ilha Bela — imóveis à venda e para alugar')
    answer(json(200, makeAgency({ name: 'Imobiliária Ilha Nova' })))
    await waitFor(() => expect(document.title).toBe('Imobiliária Ilha Nova — imóveis à venda e para alugar'))
  })

  it('titles the page after the product when no agency is set', async () => {
    const none = Object.fromEntries(Object.keys(makeAgency()).map((k) => [k, null]))
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties': () => json(200, { items: [makeSummary()], total: 1, page: 1, per_page: 12 }),
      'GET /api/v1/agency': () => json(200, none),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    document.title = 'Página não encontrada — Vitrine'
    renderApp('/')
    await waitFor(() => expect(document.title).toBe('Vitrine — imóveis à venda e para alugar'))
  })

  it('shows a not-found page for unknown addresses', () => {
    vi.stubGlobal('fetch', vi.fn())
    renderApp('/nao/existe')
    expect(screen.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument()
  })
})
