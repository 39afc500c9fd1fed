import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SearchResult } from '../lib/types'
import { json, makeProperty, makeSearchResult, makeSummary, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

const brl = (amount: string) => `R$ ${amount}`

const ITEMS = [
  makeSummary(),
  makeSummary({
    id: 'b',
    title: 'Studio mobiliado no Campeche',
    slug: 'studio-campeche',
    type: 'aluguel',
    price: '3200.00',
    rent_price: '3200.00',
    condo_fee: '450.00',
    is_featured: false,
    status: 'alugado',
    bedrooms: 1,
    cover: null,
    neighborhood: { id: 9, name: 'Campeche', slug: 'campeche' },
  }),
]

/** Stubs the search API: each request's parameters are kept; `answer` gives the body (or a Response). */
function searchServer(
  answer: (params: URLSearchParams) => SearchResult | Response | Promise<Response> = () => makeSearchResult(ITEMS),
) {
  const requests: URLSearchParams[] = []
  const { fetchMock } = routeFetch({
    'GET /api/v1/search': (url) => {
      requests.push(url.searchParams)
      const body = answer(url.searchParams)
      return body instanceof Response || body instanceof Promise ? body : json(200, body)
    },
    'GET /api/v1/properties/apartamento-3-quartos-vista-mar': () => json(200, makeProperty()),
    'GET /api/v1/agency': () => json(404, {}),
  })
  vi.stubGlobal('fetch', vi.fn(fetchMock))
  const last = () => Object.fromEntries([...requests[requests.length - 1].entries()])
  const lastAll = (name: string) => requests[requests.length - 1].getAll(name)
  return { requests, last, lastAll }
}

const address = () => window.location.pathname + window.location.search

/** Makes the page believe it is on a phone (the drawer's width and below). */
function onPhone() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(max-width: 720px)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  )
}

let scrolled: ReturnType<typeof vi.fn>
beforeEach(() => {
  scrolled = vi.fn()
  Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView']
})
afterEach(() => {
  vi.unstubAllGlobals()
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

describe('search page: a place page', () => {
  it('asks the API for the place, titles the page after it and shows the results as cards with real links', async () => {
    const server = searchServer()
    renderApp('/imoveis/venda/florianopolis-sc')

    expect(await screen.findByText('2 imóveis encontrados')).toBeInTheDocument()
    expect(server.last()).toEqual({ business: 'venda', city: 'florianopolis-sc' })
    expect(screen.getByRole('heading', { level: 1, name: 'Imóveis à venda em Florianópolis – SC' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Imóveis à venda em Florianópolis – SC'))

    const cards = within(screen.getByRole('list', { name: 'Imóveis encontrados' })).getAllByRole('article')
    expect(cards).toHaveLength(2)
    const [first, second] = cards
    expect(within(first).getByRole('link', { name: 'Apartamento 3 quartos com vista para o mar' })).toHaveAttribute(
      'href',
      '/imoveis/apartamento-3-quartos-vista-mar',
    )
    expect(within(first).getByText(brl('450.000,00'))).toBeInTheDocument()
    expect(within(first).getByText(`Condomínio ${brl('850,50')}`)).toBeInTheDocument()
    expect(within(first).getByText('Centro, Florianópolis – SC')).toBeInTheDocument()
    expect(within(first).getByText('Destaque')).toBeInTheDocument()
    expect(within(first).getByText('Venda')).toBeInTheDocument()
    expect(within(first).getByText('3 quartos')).toBeInTheDocument()
    expect(within(first).getByText('98,5 m²')).toBeInTheDocument()
    const cover = within(first).getByRole('img')
    expect(cover).toHaveAttribute('loading', 'eager')

    expect(second).toHaveTextContent(`${brl('3.200,00')}/mês`)
    expect(second).toHaveTextContent('Situação: Alugado')
    expect(within(second).queryByText('Destaque')).toBeNull()
    expect(within(second).getByText('Aluguel')).toBeInTheDocument()
  })

  it('shows no "Destaque" badge on a featured listing without a photo', async () => {
    const bare = makeSummary({ id: 'b1', slug: 'casa-sem-foto', title: 'Casa sem foto', is_featured: true, cover: null })
    const { fetchMock } = routeFetch({
      'GET /api/v1/search': () => json(200, makeSearchResult([bare])),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/busca')
    const card = await screen.findByRole('article')
    expect(within(card).getByRole('link', { name: 'Casa sem foto' })).toBeInTheDocument()
    expect(within(card).queryByText('Destaque')).toBeNull()
  })

  it('shows each option with its count, and the chosen place as chosen', async () => {
    searchServer()
    renderApp('/imoveis/venda/florianopolis-sc/centro')
    await screen.findByText('2 imóveis encontrados')
    expect(screen.getByRole('heading', { level: 1, name: 'Imóveis à venda em Centro, Florianópolis – SC' })).toBeInTheDocument()

    const filters = screen.getByRole('complementary', { name: 'Filtros' })
    expect(within(filters).getByRole('radio', { name: 'Comprar (30)' })).toBeChecked()
    expect(within(filters).getByRole('radio', { name: 'Alugar (15)' })).not.toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'Apartamento (20)' })).not.toBeChecked()
    expect(within(filters).getByRole('combobox', { name: 'Cidade' })).toHaveValue('florianopolis-sc')
    expect(within(filters).getByRole('option', { name: 'São José – SC (5)' })).toBeInTheDocument()
    expect(within(filters).getByRole('checkbox', { name: 'Centro (12)' })).toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'Trindade (9)' })).not.toBeChecked()
    expect(within(filters).getByRole('button', { name: 'R$ 300 mil a R$ 500 mil (7)' })).toHaveAttribute('aria-pressed', 'false')
    const bedrooms = within(filters).getByRole('group', { name: 'Quartos' })
    expect(within(bedrooms).getByRole('button', { name: '2+ (31)' })).toBeInTheDocument()
    // Only bedrooms have counts.
    expect(within(within(filters).getByRole('group', { name: 'Vagas de garagem' })).getByRole('button', { name: '2+' })).toBeInTheDocument()
  })

  it('shows a not-found page for a place the API does not know', async () => {
    searchServer(() => json(422, { error: 'Parâmetros inválidos.', details: { city: ['Cidade não encontrada.'] } }))
    renderApp('/imoveis/venda/atlantida-xx')
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument()
  })

  it('tells a property page from a search page by its segments', async () => {
    searchServer()
    renderApp('/imoveis/apartamento-3-quartos-vista-mar')
    expect(await screen.findByRole('heading', { level: 1, name: 'Apartamento 3 quartos com vista para o mar' })).toBeInTheDocument()
  })
})

describe('search page: filters live in the address', () => {
  it('adds a history entry per choice, asks the API again, and back and forward restore the choices', async () => {
    const server = searchServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/imoveis/venda/florianopolis-sc')
    await screen.findByText('2 imóveis encontrados')
    const filters = () => screen.getByRole('complementary', { name: 'Filtros' })
    const entries = window.history.length

    await user.click(within(filters()).getByRole('checkbox', { name: 'Centro (12)' }))
    expect(address()).toBe('/imoveis/venda/florianopolis-sc/centro')
    await waitFor(() => expect(server.last()).toEqual({ business: 'venda', city: 'florianopolis-sc', neighborhood: 'centro' }))

    // A second neighborhood has no place page of its own.
    await user.click(within(filters()).getByRole('checkbox', { name: 'Trindade (9)' }))
    expect(address()).toBe('/busca?business=venda&city=florianopolis-sc&neighborhood=centro&neighborhood=trindade')
    await waitFor(() => expect(server.lastAll('neighborhood')).toEqual(['centro', 'trindade']))

    await user.click(within(within(filters()).getByRole('group', { name: 'Quartos' })).getByRole('button', { name: '2+ (31)' }))
    await user.click(within(filters()).getByRole('checkbox', { name: 'Apartamento (20)' }))
    await user.click(within(filters()).getByRole('button', { name: 'R$ 300 mil a R$ 500 mil (7)' }))
    await user.click(within(filters()).getByRole('checkbox', { name: 'Piscina' }))
    await user.click(within(filters()).getByRole('checkbox', { name: 'Somente disponíveis' }))
    await waitFor(() =>
      expect(server.last()).toEqual({
        business: 'venda',
        city: 'florianopolis-sc',
        neighborhood: 'trindade', // entries() keeps the last of a repeated name
        subtype: 'apartamento',
        price_min: '300000',
        price_max: '500000',
        bedrooms: '2',
        amenity: 'piscina',
        available: 'false',
      }),
    )
    expect(within(filters()).getByRole('button', { name: 'R$ 300 mil a R$ 500 mil (7)' })).toHaveAttribute('aria-pressed', 'true')
    expect(window.history.length).toBe(entries + 7)

    // Back: the last choice is undone, on the page and in the request.
    act(() => window.history.back())
    await waitFor(() => expect(within(filters()).getByRole('checkbox', { name: 'Somente disponíveis' })).toBeChecked())
    expect(within(filters()).getByRole('checkbox', { name: 'Piscina' })).toBeChecked()
    await waitFor(() => expect(server.last().available).toBeUndefined())

    // Back to the place page, then forward again.
    act(() => window.history.go(-5))
    await waitFor(() => expect(address()).toBe('/imoveis/venda/florianopolis-sc/centro'))
    await waitFor(() => expect(within(filters()).getByRole('checkbox', { name: 'Trindade (9)' })).not.toBeChecked())
    expect(within(filters()).getByRole('checkbox', { name: 'Centro (12)' })).toBeChecked()
    await waitFor(() => expect(server.last()).toEqual({ business: 'venda', city: 'florianopolis-sc', neighborhood: 'centro' }))
    act(() => window.history.forward())
    await waitFor(() => expect(within(filters()).getByRole('checkbox', { name: 'Trindade (9)' })).toBeChecked())
  })

  it('applies typed text and amounts on submit, not per keystroke', async () => {
    const server = searchServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/busca')
    await screen.findByText('2 imóveis encontrados')
    const asked = server.requests.length

    const box = screen.getByRole('searchbox', { name: 'Palavra-chave ou código' })
    await user.type(box, '  casa   com piscina ')
    expect(address()).toBe('/busca')
    expect(server.requests).toHaveLength(asked)
    await user.click(within(box.closest('form')!).getByRole('button', { name: 'Buscar' }))
    expect(address()).toBe('/busca?q=casa+com+piscina')
    await waitFor(() => expect(server.last()).toEqual({ q: 'casa com piscina' }))
    expect(box).toHaveValue('casa com piscina')

    await user.type(screen.getByRole('textbox', { name: 'Preço mínimo' }), '250.000')
    await user.type(screen.getByRole('textbox', { name: 'Preço máximo' }), 'R$ 1.200.000,00{Enter}')
    await waitFor(() => expect(server.last()).toEqual({ q: 'casa com piscina', price_min: '250000', price_max: '1200000' }))

    await user.type(screen.getByRole('textbox', { name: 'Área mínimo' }), 'muito')
    await user.click(screen.getByRole('button', { name: 'Aplicar área' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Digite números inteiros')
    await user.clear(screen.getByRole('textbox', { name: 'Área mínimo' }))
    await user.type(screen.getByRole('textbox', { name: 'Área mínimo' }), '80')
    await user.click(screen.getByRole('button', { name: 'Aplicar área' }))
    expect(address()).toBe('/busca?q=casa+com+piscina&price_min=250000&price_max=1200000&area_min=80')
  })

  it('clears the neighborhoods and the page when the city changes, and the prices when the business does', async () => {
    searchServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/imoveis/venda/florianopolis-sc/centro?price_max=300000&page=2')
    await screen.findByText('2 imóveis encontrados')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cidade' }), 'São José – SC (5)')
    expect(address()).toBe('/imoveis/venda/sao-jose-sc?price_max=300000')
    await user.click(screen.getByRole('radio', { name: 'Alugar (15)' }))
    expect(address()).toBe('/imoveis/aluguel/sao-jose-sc')
    expect(await screen.findByRole('textbox', { name: 'Aluguel mínimo' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Todos' }))
    expect(address()).toBe('/busca?city=sao-jose-sc')
  })

  it('sorts through the address, back to the first page', async () => {
    const server = searchServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/busca?business=aluguel&page=2')
    await screen.findByText('2 imóveis encontrados')
    const sort = screen.getByRole('combobox', { name: 'Ordenar por' })
    expect(sort).toHaveValue('relevance')
    expect([...sort.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Relevância',
      'Mais recentes',
      'Menor preço',
      'Maior preço',
      'Maior área',
    ])
    await user.selectOptions(sort, 'Menor preço')
    expect(address()).toBe('/busca?business=aluguel&sort=price_asc')
    await waitFor(() => expect(server.last()).toEqual({ business: 'aluguel', sort: 'price_asc' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Imóveis para alugar' })).toBeInTheDocument()
  })
})

describe('search page: paging', () => {
  it('links every page with its address and scrolls to the results on a page change', async () => {
    const many = Array.from({ length: 24 }, (_, i) => makeSummary({ id: `p${i}`, slug: `imovel-${i}`, title: `Imóvel ${i}` }))
    const server = searchServer((p) => makeSearchResult(many, { total: 170, page: Number(p.get('page') ?? 1) }))
    const user = userEvent.setup({ delay: null })
    renderApp('/imoveis/venda/florianopolis-sc?sort=newest')
    await screen.findByText('170 imóveis encontrados')

    const pager = screen.getByRole('navigation', { name: 'Páginas de resultados' })
    expect(within(pager).queryByRole('link', { name: 'Anterior' })).toBeNull()
    expect(within(pager).getByRole('link', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page')
    expect(within(pager).getAllByRole('link').map((a) => a.textContent)).toEqual(['1', '2', '3', '8', 'Próxima'])
    expect(within(pager).getByRole('link', { name: 'Próxima' })).toHaveAttribute(
      'href',
      '/imoveis/venda/florianopolis-sc?sort=newest&page=2',
    )
    expect(within(pager).getByRole('link', { name: 'Página 8' })).toHaveAttribute(
      'href',
      '/imoveis/venda/florianopolis-sc?sort=newest&page=8',
    )
    expect(scrolled).not.toHaveBeenCalled()

    await user.click(within(pager).getByRole('link', { name: 'Página 3' }))
    expect(address()).toBe('/imoveis/venda/florianopolis-sc?sort=newest&page=3')
    await waitFor(() => expect(server.last()).toEqual({ business: 'venda', city: 'florianopolis-sc', sort: 'newest', page: '3' }))
    expect(scrolled).toHaveBeenCalledTimes(1)
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('region', { name: 'Resultados' }))
    expect(screen.getByRole('heading', { level: 2, name: 'Resultados' })).toHaveFocus()
    await waitFor(() => expect(document.title).toBe('Imóveis à venda em Florianópolis – SC, página 3'))

    const after = screen.getByRole('navigation', { name: 'Páginas de resultados' })
    expect(within(after).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Anterior', '1', '2', '3', '4', '5', '8', 'Próxima',
    ])
    expect(within(after).getByRole('link', { name: 'Anterior' })).toHaveAttribute(
      'href',
      '/imoveis/venda/florianopolis-sc?sort=newest&page=2',
    )

    // A filter change goes back to the first page, and neither scrolls nor takes the focus.
    const featured = screen.getByRole('checkbox', { name: 'Somente destaques' })
    await user.click(featured)
    expect(address()).toBe('/imoveis/venda/florianopolis-sc?featured=true&sort=newest')
    await waitFor(() => expect(server.last()).toEqual({ business: 'venda', city: 'florianopolis-sc', featured: 'true', sort: 'newest' }))
    expect(scrolled).toHaveBeenCalledTimes(1)
    expect(featured).toHaveFocus()

    // Back to page 3 undoes the filter; back again to page 1 of the same search is a page change.
    act(() => window.history.back())
    await waitFor(() => expect(address()).toBe('/imoveis/venda/florianopolis-sc?sort=newest&page=3'))
    await waitFor(() => expect(server.last().page).toBe('3'))
    expect(scrolled).toHaveBeenCalledTimes(1)
    act(() => window.history.back())
    await waitFor(() => expect(address()).toBe('/imoveis/venda/florianopolis-sc?sort=newest'))
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(2))
  })

  it('has no pager for a single page', async () => {
    searchServer()
    renderApp('/busca')
    await screen.findByText('2 imóveis encontrados')
    expect(screen.queryByRole('navigation', { name: 'Páginas de resultados' })).toBeNull()
  })
})

describe('search page: states', () => {
  it('says when nothing matches and offers to clear the filters', async () => {
    const server = searchServer((p) => makeSearchResult(p.has('bedrooms') ? [] : ITEMS))
    const user = userEvent.setup({ delay: null })
    renderApp('/imoveis/venda/florianopolis-sc?bedrooms=4&sort=price_desc')
    expect(await screen.findByText('Nenhum imóvel encontrado com esses filtros')).toBeInTheDocument()
    expect(screen.getByText('0 imóveis encontrados')).toBeInTheDocument()
    const clear = within(screen.getByRole('main')).getAllByRole('link', { name: 'Limpar filtros' })
    expect(clear.length).toBeGreaterThan(0)
    for (const link of clear) expect(link).toHaveAttribute('href', '/busca?sort=price_desc')
    await user.click(clear[clear.length - 1])
    expect(await screen.findByText('2 imóveis encontrados')).toBeInTheDocument()
    expect(server.last()).toEqual({ sort: 'price_desc' })
  })

  it('has nothing to clear when an unfiltered search finds nothing', async () => {
    searchServer(() => makeSearchResult([]))
    renderApp('/busca?sort=newest')
    expect(await screen.findByText('Nenhum imóvel disponível no momento.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Limpar filtros' })).toBeNull()
  })

  it('shows a loading state, then an error with a retry', async () => {
    let fail = true
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    searchServer(async () => {
      await gate
      return fail ? json(502, {}) : json(200, makeSearchResult(ITEMS))
    })
    const user = userEvent.setup({ delay: null })
    renderApp('/busca')
    expect(screen.getByText('Buscando imóveis…')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Resultados' })).toHaveAttribute('aria-busy', 'true')
    release()
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar os imóveis.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('2 imóveis encontrados')).toBeInTheDocument()
  })

  it('explains a filter the API refuses', async () => {
    searchServer(() => json(422, { error: 'Parâmetros inválidos.', details: { amenity: ['Comodidade desconhecida: sauna.'] } }))
    renderApp('/busca?amenity=sauna')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Algum filtro desta busca não é válido.')
    expect(alert).toHaveTextContent('Comodidade desconhecida: sauna.')
    expect(within(alert).getByRole('link', { name: 'Limpar filtros' })).toHaveAttribute('href', '/busca')
  })
})

describe('search page on a phone', () => {
  it('keeps the filters in a drawer opened by a button that counts them', async () => {
    onPhone()
    const server = searchServer((p) => makeSearchResult(ITEMS, { total: p.has('bedrooms') ? 7 : 42 }))
    const user = userEvent.setup({ delay: null })
    renderApp('/imoveis/venda/florianopolis-sc?featured=true')
    await screen.findByText('42 imóveis encontrados')
    expect(screen.queryByRole('complementary', { name: 'Filtros' })).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()

    const open = screen.getByRole('button', { name: 'Filtros (3)' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)
    const drawer = screen.getByRole('dialog', { name: 'Filtros' })
    expect(open).toHaveAttribute('aria-expanded', 'true')
    expect(open).toHaveAttribute('aria-controls', drawer.id)
    expect(drawer).toHaveAttribute('aria-modal', 'true')
    expect(within(drawer).getByRole('heading', { name: 'Filtros' })).toHaveFocus()

    // Choices apply at once, behind the drawer.
    await user.click(within(within(drawer).getByRole('group', { name: 'Quartos' })).getByRole('button', { name: '3+ (12)' }))
    expect(address()).toBe('/imoveis/venda/florianopolis-sc?bedrooms=3&featured=true')
    await waitFor(() => expect(server.last().bedrooms).toBe('3'))
    const show = await within(drawer).findByRole('button', { name: 'Ver 7 imóveis' })
    expect(screen.getByRole('button', { name: 'Filtros (4)', hidden: true })).toBeInTheDocument()

    // Focus stays inside: Tab from the last control goes to the first.
    show.focus()
    await user.tab()
    expect(drawer).toContainElement(document.activeElement as HTMLElement)

    await user.click(show)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Filtros (4)' })).toHaveFocus()
    expect(screen.getByText('7 imóveis encontrados')).toBeInTheDocument()

    // Escape closes it too.
    await user.click(screen.getByRole('button', { name: 'Filtros (4)' }))
    expect(screen.getByRole('dialog', { name: 'Filtros' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Filtros (4)' })).toHaveFocus()
  })
})
