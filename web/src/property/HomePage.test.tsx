import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlaceSuggestion } from '../lib/types'
import { json, makeAgency, makeProperty, makeSearchResult, makeSummary, routeFetch } from '../test/fixtures'
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
    const user = userEvent.setup({ delay: null })
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
    const user = userEvent.setup({ delay: null })
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
    const user = userEvent.setup({ delay: null })
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

  it("is the agency's site: its logo in the header, its name in the footer, staff's way in at the foot", async () => {
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties': () => json(200, { items: [makeSummary()], total: 1, page: 1, per_page: 12 }),
      'GET /api/v1/agency': () => json(200, makeAgency({ logo_url: 'https://img.example.com/logo.png' })),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/')
    const logo = await screen.findByRole('img', { name: 'Imobiliária Ilha Bela' })
    expect(logo).toHaveAttribute('src', 'https://img.example.com/logo.png')
    expect(logo.closest('a')).toHaveAttribute('href', '/')
    const footer = screen.getByRole('contentinfo')
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Imobiliária Ilha Bela`)
    expect(within(footer).getByRole('link', { name: 'Acesso da equipe' })).toHaveAttribute('href', '/admin')
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /anunciante|equipe/ })).toBeNull()
    expect(document.body).not.toHaveTextContent(/Vitrine|anunciante|parceiras/)
  })

  it("paints the public pages in the agency's colour, and takes it away when they go", async () => {
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties': () => json(200, { items: [makeSummary()], total: 1, page: 1, per_page: 12 }),
      'GET /api/v1/agency': () => json(200, makeAgency({ brand_color: '#7a1f5c' })),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const { unmount } = renderApp('/')
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#7a1f5c'))
    unmount()
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('')
  })

  it('names no one when no agency is set: a neutral title, header and footer', async () => {
    const none = Object.fromEntries(Object.keys(makeAgency()).map((k) => [k, null]))
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties': () => json(200, { items: [makeSummary()], total: 1, page: 1, per_page: 12 }),
      'GET /api/v1/agency': () => json(200, none),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    document.title = 'Página não encontrada'
    renderApp('/')
    await waitFor(() => expect(document.title).toBe('Imóveis à venda e para alugar'))
    expect(screen.getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent('©')
    expect(document.body).not.toHaveTextContent(/Vitrine|anunciante|parceiras/)
  })

  it('shows a not-found page for unknown addresses', () => {
    vi.stubGlobal('fetch', vi.fn())
    renderApp('/nao/existe')
    expect(screen.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument()
  })
})

const PLACES: PlaceSuggestion[] = [
  { kind: 'city', city: 'florianopolis-sc', neighborhood: null, label: 'Florianópolis – SC', count: 40 },
  { kind: 'neighborhood', city: 'florianopolis-sc', neighborhood: 'centro', label: 'Centro, Florianópolis – SC', count: 12 },
  { kind: 'neighborhood', city: 'florianopolis-sc', neighborhood: 'lagoa-da-conceicao', label: 'Lagoa da Conceição, Florianópolis – SC', count: 1 },
]

/** The home page's server, with place suggestions for words starting "flo" and the search behind it. */
function homeServer() {
  const places: string[] = []
  const searches: URLSearchParams[] = []
  const { fetchMock } = routeFetch({
    'GET /api/v1/properties': () => json(200, { items: [makeSummary()], total: 1, page: 1, per_page: 12 }),
    'GET /api/v1/search/places': (url) => {
      const q = url.searchParams.get('q') ?? ''
      places.push(q)
      return json(200, { items: 'florianópolis'.startsWith(q.toLowerCase()) ? PLACES : [] })
    },
    'GET /api/v1/search': (url) => {
      searches.push(url.searchParams)
      return json(200, makeSearchResult([makeSummary()]))
    },
  })
  vi.stubGlobal('fetch', vi.fn(fetchMock))
  return { places, searches }
}

describe('home page search box', () => {
  it('suggests places as the visitor types, walks them with the arrow keys and opens the chosen one for the business', async () => {
    const server = homeServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/')
    const search = screen.getByRole('search', { name: 'Buscar imóveis' })
    const box = within(search).getByRole('combobox', { name: 'Cidade, bairro ou código' })
    expect(within(search).getByRole('radio', { name: 'Comprar' })).toBeChecked()
    expect(box).toHaveAttribute('aria-expanded', 'false')
    const listbox = document.getElementById(box.getAttribute('aria-controls')!)
    expect(listbox).toHaveAttribute('role', 'listbox')
    expect(listbox).not.toBeVisible()

    await user.type(box, 'Flo')
    expect(await screen.findByRole('option', { name: 'Florianópolis – SC (40 imóveis)' })).toBeInTheDocument()
    expect(box).toHaveAttribute('aria-expanded', 'true')
    expect(server.places[server.places.length - 1]).toBe('Flo')
    const options = within(screen.getByRole('listbox', { name: 'Sugestões de lugares' })).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      'Florianópolis – SC (40 imóveis)',
      'Centro, Florianópolis – SC (12 imóveis)',
      'Lagoa da Conceição, Florianópolis – SC (1 imóvel)',
    ])
    expect(box).not.toHaveAttribute('aria-activedescendant')

    await user.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id)
    expect(options[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id) // wraps round
    await user.keyboard('{ArrowUp}')
    expect(box).toHaveAttribute('aria-activedescendant', options[2].id)

    await user.keyboard('{Escape}')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box).toHaveValue('Flo')

    // Alugar, then the second suggestion with the keyboard.
    await user.click(within(search).getByRole('radio', { name: 'Alugar' }))
    await user.click(box)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(box).toHaveAttribute('aria-expanded', 'true')
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1].id)
    await user.keyboard('{Enter}')
    expect(window.location.pathname).toBe('/imoveis/aluguel/florianopolis-sc/centro')
    expect(await screen.findByRole('heading', { level: 1, name: 'Imóveis para alugar em Centro, Florianópolis – SC' })).toBeInTheDocument()
    await waitFor(() => expect(server.searches).toHaveLength(1))
    expect(server.searches[0].toString()).toBe('business=aluguel&city=florianopolis-sc&neighborhood=centro')
  })

  it('opens a city suggestion clicked with the mouse', async () => {
    homeServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/')
    await user.type(screen.getByRole('combobox', { name: 'Cidade, bairro ou código' }), 'flor')
    await user.click(await screen.findByRole('option', { name: 'Florianópolis – SC (40 imóveis)' }))
    expect(window.location.pathname).toBe('/imoveis/venda/florianopolis-sc')
  })

  it('searches free text for the chosen business', async () => {
    const server = homeServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/')
    await user.click(screen.getByRole('radio', { name: 'Alugar' }))
    await user.type(screen.getByRole('combobox', { name: 'Cidade, bairro ou código' }), '  casa com   piscina{Enter}')
    expect(window.location.pathname + window.location.search).toBe('/busca?q=casa+com+piscina&business=aluguel')
    await waitFor(() => expect(server.searches[server.searches.length - 1].toString()).toBe('q=casa+com+piscina&business=aluguel'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Imóveis para alugar: “casa com piscina”' })).toBeInTheDocument()
  })

  it('opens the listing whose code is typed, however it is written and whichever business is chosen', async () => {
    const searches: URLSearchParams[] = []
    const { fetchMock } = routeFetch({
      'GET /api/v1/properties': () => json(200, { items: [makeSummary()], total: 1, page: 1, per_page: 12 }),
      'GET /api/v1/search/places': () => json(200, { items: [] }),
      'GET /api/v1/search': (url) => {
        searches.push(url.searchParams)
        const q = url.searchParams.get('q') ?? ''
        const item = makeSummary({ code: 'CWB-501', slug: 'sobrado-batel', title: 'Sobrado no Batel' })
        return json(200, makeSearchResult(q.includes('501') ? [item] : []))
      },
      'GET /api/v1/properties/sobrado-batel': () => json(200, makeProperty({ code: 'CWB-501', slug: 'sobrado-batel', title: 'Sobrado no Batel' })),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/')
    await user.click(screen.getByRole('radio', { name: 'Alugar' }))
    await user.type(screen.getByRole('combobox', { name: 'Cidade, bairro ou código' }), 'cwb501{Enter}')
    await waitFor(() => expect(window.location.pathname).toBe('/imoveis/sobrado-batel'))
    // Looked up without the business: a listing for sale is found from "Alugar".
    expect(searches[0].toString()).toBe('q=cwb501&per_page=1')
  })

  it('searches as text a code that is no listing’s', async () => {
    const server = homeServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/')
    await user.type(screen.getByRole('combobox', { name: 'Cidade, bairro ou código' }), 'XYZ-999{Enter}')
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/busca?q=XYZ-999&business=venda'))
    expect(server.searches[0].toString()).toBe('q=XYZ-999&per_page=1')
  })

  it('searches a business with no text from "Buscar"', async () => {
    homeServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/')
    await user.click(screen.getByRole('button', { name: 'Buscar' }))
    expect(window.location.pathname + window.location.search).toBe('/busca?business=venda')
  })

  it('asks for suggestions once typing pauses, not per keystroke', async () => {
    vi.useFakeTimers()
    try {
      const server = homeServer()
      renderApp('/')
      const box = screen.getByRole('combobox', { name: 'Cidade, bairro ou código' })
      for (const value of ['f', 'fl', 'flo']) {
        fireEvent.change(box, { target: { value } })
        act(() => vi.advanceTimersByTime(100))
      }
      expect(server.places).toEqual([])
      await act(async () => vi.advanceTimersByTime(50))
      expect(server.places).toEqual(['flo'])
      fireEvent.change(box, { target: { value: '' } })
      await act(async () => vi.advanceTimersByTime(500))
      expect(server.places).toEqual(['flo'])
      expect(box).toHaveAttribute('aria-expanded', 'false')
    } finally {
      vi.useRealTimers()
    }
  })

  it('links to every property for sale and for rent', async () => {
    homeServer()
    renderApp('/')
    await screen.findByRole('article')
    const all = screen.getByRole('navigation', { name: 'Todos os imóveis' })
    expect(within(all).getByRole('link', { name: 'Ver todos os imóveis à venda' })).toHaveAttribute('href', '/busca?business=venda')
    expect(within(all).getByRole('link', { name: 'Ver todos os imóveis para alugar' })).toHaveAttribute('href', '/busca?business=aluguel')
  })
})
