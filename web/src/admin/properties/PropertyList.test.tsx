/// <reference types="node" />
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminServer, bearer } from '../../test/admin'
import { json, makeAdminSummary } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import type { AdminListItem } from './api'

afterEach(() => vi.unstubAllGlobals())

// The test run does not load style sheets (vite.config.ts, css: false): read it as text.
const css = readFileSync(resolve(process.cwd(), 'src/admin/properties/properties.css'), 'utf8')

function item(overrides: Partial<AdminListItem> = {}): AdminListItem {
  return {
    ...makeAdminSummary(),
    rent_price: null,
    status: 'disponivel',
    updated_by: { kind: 'user', name: 'Ana Souza' },
    lead_count: 3,
    unread_leads: 1,
    whatsapp_clicks: 5,
    shares: 2,
    ...overrides,
  }
}

const CENTRO = item({ id: 'p1', title: 'Apartamento no Centro', code: 'AP-1', slug: 'apartamento-no-centro' })
const CASA = item({
  id: 'p2',
  title: 'Casa na Lagoa',
  code: 'CA-2',
  slug: 'casa-na-lagoa',
  type: 'venda_aluguel',
  price: '900000.00',
  rent_price: '4500.00',
  is_active: false,
  status: 'reservado',
  updated_by: null,
  cover: null,
  lead_count: 0,
  unread_leads: 0,
  whatsapp_clicks: 0,
  shares: 0,
})

/** A list endpoint answering `items` with `total`, recording each request's query. */
function listServer(items: AdminListItem[], total = items.length, extra = {}) {
  const queries: URLSearchParams[] = []
  const list = vi.fn((url: URL) => {
    queries.push(url.searchParams)
    const page = Number(url.searchParams.get('page') ?? 1)
    return json(200, { items, total, page, per_page: Number(url.searchParams.get('per_page')), next_cursor: null })
  })
  const server = adminServer({ 'GET /api/admin/properties': list, ...extra })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return { queries, list, server }
}

const lastQuery = (queries: URLSearchParams[]) => Object.fromEntries(queries.at(-1) ?? [])

describe('properties list', () => {
  it('shows each property as a card with its place, prices, badges, counters, who edited it and its actions', async () => {
    listServer([CENTRO, CASA], 2)
    renderApp('/admin')
    const list = await screen.findByRole('list', { name: 'Imóveis cadastrados' })
    expect(screen.getByText('2 imóveis')).toBeInTheDocument()

    const centro = within(list).getByRole('listitem', { name: 'Apartamento no Centro' })
    // The cover as a small thumbnail, decorative beside the title.
    const thumb = centro.querySelector('img.prop-item__thumb')
    expect(thumb).toHaveAttribute('src', CENTRO.cover?.url)
    expect(thumb).toHaveAttribute('alt', '')
    expect(thumb).toHaveAttribute('width', '72')
    expect(within(centro).getByText('Cód. AP-1')).toBeInTheDocument()
    expect(within(centro).getByText('Centro, Florianópolis – SC')).toBeInTheDocument()
    expect(within(centro).getByText('R$ 450.000,00')).toBeInTheDocument()
    expect(within(centro).getByText('Disponível')).toBeInTheDocument()
    expect(within(centro).getByText('Ativo')).toBeInTheDocument()
    expect(within(centro).getByText('3 contatos (1 não lido)')).toBeInTheDocument()
    expect(within(centro).getByText('5 cliques no WhatsApp')).toBeInTheDocument()
    expect(within(centro).getByText('2 compartilhamentos')).toBeInTheDocument()
    expect(within(centro).getByText('Editado por Ana Souza em 02/11/2026, 07:00')).toBeInTheDocument()
    expect(within(centro).getByRole('link', { name: 'Editar Apartamento no Centro' })).toHaveAttribute('href', '/admin/imoveis/p1')
    expect(within(centro).getByRole('link', { name: 'Ver página de Apartamento no Centro' })).toHaveAttribute(
      'href',
      '/imoveis/apartamento-no-centro',
    )

    const casa = within(list).getByRole('listitem', { name: 'Casa na Lagoa' })
    expect(casa.querySelector('img')).toBeNull() // no photo: a plain box
    expect(within(casa).getByText('R$ 900.000,00')).toBeInTheDocument()
    expect(within(casa).getByText('R$ 4.500,00', { exact: false })).toHaveTextContent('R$ 4.500,00/mês')
    expect(within(casa).getByText('Reservado')).toBeInTheDocument()
    expect(within(casa).getByText('Inativo')).toBeInTheDocument()
    expect(within(casa).getByText('0 contatos')).toBeInTheDocument()
    expect(within(casa).getByText('Editado em 02/11/2026, 07:00')).toBeInTheDocument()
    // An inactive property has no public page to open.
    expect(within(casa).queryByRole('link', { name: /Ver página/ })).toBeNull()
    expect(within(casa).getByRole('button', { name: 'Ativar Casa na Lagoa' })).toBeInTheDocument()
  })

  it('puts the search, filters and sort in the address and in the request', async () => {
    const { queries } = listServer([CENTRO], 1)
    const user = userEvent.setup({ delay: null })
    renderApp('/admin')
    await screen.findByText('Apartamento no Centro')
    expect(lastQuery(queries)).toEqual({ page: '1', per_page: '20' })

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por código ou título' }), 'AP-1')
    // The address follows once the typing pauses, replacing the entry rather than adding one per letter.
    await waitFor(() => expect(window.location.search).toBe('?q=AP-1'))
    await waitFor(() => expect(lastQuery(queries)).toEqual({ q: 'AP-1', page: '1', per_page: '20' }))

    // On a phone (the test setup's matchMedia matches nothing) the page folds the filters under the search box.
    const more = screen.getByText('Filtros e ordem').closest('details')!
    expect(more).not.toHaveAttribute('open')
    await user.click(screen.getByText('Filtros e ordem'))
    expect(more).toHaveAttribute('open')
    await user.selectOptions(screen.getByLabelText('Situação'), 'Vendido')
    await user.selectOptions(screen.getByLabelText('Ativo'), 'Inativos')
    await user.selectOptions(screen.getByLabelText('Negócio'), 'Venda e aluguel')
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Menor preço')
    const all = { q: 'AP-1', active: 'false', status: 'vendido', business: 'venda_aluguel', sort: 'price_asc' }
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual(all)
    await waitFor(() => expect(lastQuery(queries)).toEqual({ ...all, page: '1', per_page: '20' }))

    // Back undoes the last filter, and the controls follow the address.
    act(() => window.history.back())
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sort')).toBeNull())
    await waitFor(() => expect(screen.getByLabelText('Ordenar por')).toHaveValue('newest'))
    expect(screen.getByLabelText('Negócio')).toHaveValue('venda_aluguel')
    await waitFor(() => expect(lastQuery(queries).sort).toBeUndefined())
  })

  it('opens in the state its address holds, as after a reload', async () => {
    const { queries } = listServer([CENTRO], 1)
    renderApp('/admin?q=casa&active=true&status=alugado&business=aluguel&sort=title&page=2&per_page=50')
    await screen.findByText('Apartamento no Centro')
    expect(lastQuery(queries)).toEqual({
      q: 'casa',
      active: 'true',
      status: 'alugado',
      business: 'aluguel',
      sort: 'title',
      page: '2',
      per_page: '50',
    })
    expect(screen.getByRole('searchbox')).toHaveValue('casa')
    // Filters chosen: they show unfolded, with their count.
    expect(screen.getByText('Filtros e ordem').closest('details')).toHaveAttribute('open')
    expect(screen.getByText('(4 escolhidos)')).toBeInTheDocument()
    expect(screen.getByLabelText('Ativo')).toHaveValue('true')
    expect(screen.getByLabelText('Situação')).toHaveValue('alugado')
    expect(screen.getByLabelText('Negócio')).toHaveValue('aluguel')
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('title')
    expect(screen.getByLabelText('Por página')).toHaveValue('50')
  })

  it('pages with Anterior and Próxima, the page in the address', async () => {
    const { queries } = listServer([CENTRO], 45)
    const user = userEvent.setup({ delay: null })
    renderApp('/admin?status=disponivel')
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument()
    expect(screen.getByText('45 imóveis')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Próxima' }))
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument()
    expect(window.location.search).toBe('?status=disponivel&page=2')
    expect(lastQuery(queries)).toEqual({ status: 'disponivel', page: '2', per_page: '20' })

    await user.click(screen.getByRole('button', { name: 'Próxima' }))
    expect(await screen.findByText('Página 3 de 3')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled()

    // A new filter starts again from the first page.
    await user.selectOptions(screen.getByLabelText('Negócio'), 'Venda')
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument()
    expect(window.location.search).toBe('?status=disponivel&business=venda')
  })

  it('deactivates at once and keeps it when the server agrees', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const put = vi.fn(async (_url: URL, init: RequestInit) => {
      await held
      return json(200, { ...CENTRO, ...JSON.parse(init.body as string) })
    })
    listServer([CENTRO], 1, { 'PUT /api/admin/properties/p1': put })
    const user = userEvent.setup({ delay: null })
    renderApp('/admin')
    const card = await screen.findByRole('listitem', { name: 'Apartamento no Centro' })

    await user.click(within(card).getByRole('button', { name: 'Desativar Apartamento no Centro' }))
    // Optimistic: the card says inactive before the server answers.
    expect(within(card).getByText('Inativo')).toBeInTheDocument()
    expect(within(card).queryByRole('link', { name: /Ver página/ })).toBeNull()
    release()
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('“Apartamento no Centro” desativado.'))
    expect(within(card).getByRole('button', { name: 'Ativar Apartamento no Centro' })).toBeInTheDocument()
    expect(put).toHaveBeenCalledTimes(1)
    expect(bearer(put.mock.calls[0][1])).toBe(true)
    expect(JSON.parse(put.mock.calls[0][1].body as string)).toEqual({ is_active: false })
  })

  it('undoes an activation the server refuses, and says so', async () => {
    const put = vi.fn(() => json(500, { error: 'Erro interno' }))
    listServer([CASA], 1, { 'PUT /api/admin/properties/p2': put })
    const user = userEvent.setup({ delay: null })
    renderApp('/admin')
    const card = await screen.findByRole('listitem', { name: 'Casa na Lagoa' })
    await user.click(within(card).getByRole('button', { name: 'Ativar Casa na Lagoa' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível ativar “Casa na Lagoa”. Tente novamente.')
    expect(within(card).getByText('Inativo')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Ativar Casa na Lagoa' })).toBeInTheDocument()
    expect(JSON.parse((put.mock.calls[0] as unknown as [URL, RequestInit])[1].body as string)).toEqual({ is_active: true })
  })

  it('deletes only after a confirmation that names the property and says its leads are kept', async () => {
    let items = [CENTRO, CASA]
    const del = vi.fn(() => {
      items = [CASA]
      return new Response(null, { status: 204 })
    })
    const list = vi.fn(() => json(200, { items, total: items.length, page: 1, per_page: 20, next_cursor: null }))
    const server = adminServer({ 'GET /api/admin/properties': list, 'DELETE /api/admin/properties/p1': del })
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin')
    const card = await screen.findByRole('listitem', { name: 'Apartamento no Centro' })
    const remove = within(card).getByRole('button', { name: 'Excluir Apartamento no Centro' })

    await user.click(remove)
    let dialog = screen.getByRole('alertdialog', { name: 'Excluir imóvel' })
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Excluir “Apartamento no Centro” (Cód. AP-1)?'))
    expect(dialog).toHaveTextContent('Os contatos recebidos por ele são mantidos.')
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(remove).toHaveFocus()
    expect(del).not.toHaveBeenCalled()

    await user.click(remove)
    dialog = screen.getByRole('alertdialog', { name: 'Excluir imóvel' })
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Imóvel “Apartamento no Centro” excluído.'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(del).toHaveBeenCalledTimes(1)
    // The list is read again from the server.
    await waitFor(() => expect(screen.queryByText('Apartamento no Centro')).toBeNull())
    expect(screen.getByText('Casa na Lagoa')).toBeInTheDocument()
    expect(list).toHaveBeenCalledTimes(2)
  })

  it('tells an empty agency to add its first property, and an empty search to clear its filters', async () => {
    listServer([], 0)
    const user = userEvent.setup({ delay: null })
    renderApp('/admin')
    expect(await screen.findByRole('heading', { name: 'Nenhum imóvel cadastrado' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Cadastre o primeiro imóvel' })).toHaveAttribute('href', '/admin/imoveis/novo')
    expect(screen.queryByText(/Nenhum imóvel encontrado/)).toBeNull()

    await user.selectOptions(screen.getByLabelText('Situação'), 'Vendido')
    expect(await screen.findByRole('heading', { name: 'Nenhum imóvel encontrado com esses filtros' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }))
    expect(window.location.search).toBe('')
    expect(await screen.findByRole('heading', { name: 'Nenhum imóvel cadastrado' })).toBeInTheDocument()
  })

  it('opens the new property form from “Novo imóvel”', async () => {
    listServer([CENTRO], 1)
    const user = userEvent.setup({ delay: null })
    renderApp('/admin')
    await user.click(await screen.findByRole('link', { name: 'Novo imóvel' }))
    expect(window.location.pathname).toBe('/admin/imoveis/novo')
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo imóvel' })).toBeInTheDocument()
  })

  it('lays the list out as cards that a 390-px phone shows whole, every action in the card', async () => {
    listServer([CENTRO, CASA], 2)
    const { container } = renderApp('/admin')
    const list = await screen.findByRole('list', { name: 'Imóveis cadastrados' })
    // The test DOM has no layout: what is checked is the structure and the style sheet that the phone width relies on.
    expect(container.querySelector('table')).toBeNull()
    expect(container.querySelector('.admin-table-wrap')).toBeNull()
    expect(list).toHaveClass('prop-items')
    const cards = [...list.children] as HTMLElement[]
    expect(cards).toHaveLength(2)
    for (const card of cards) {
      expect(card).toHaveClass('prop-item')
      const actions = card.querySelector('.prop-item__actions')
      expect(actions).not.toBeNull()
      expect(within(actions as HTMLElement).getAllByRole('button').map((b) => b.textContent)).toEqual(
        expect.arrayContaining(['Excluir']),
      )
      expect(within(actions as HTMLElement).getByRole('link', { name: /^Editar/ })).toBeInTheDocument()
    }
    for (const el of container.querySelectorAll<HTMLElement>('[style]')) {
      expect(el.style.width + el.style.minWidth).toBe('')
    }

    const outsideMedia = css.replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '')
    // Below the first breakpoint: one column, nothing kept on one line, no sideways scroll.
    expect(outsideMedia).toMatch(/\.prop-item \{[^}]*grid-template-columns: minmax\(0, 1fr\);/)
    expect(outsideMedia).toMatch(/\.prop-item__actions \{[^}]*flex-wrap: wrap;/)
    expect(css).not.toMatch(/white-space:\s*nowrap|overflow-x|(?<!\()min-width:\s*[1-9]\d{2,}px/)
    // The wide row layout is only for screens far wider than a phone.
    const breakpoints = [...css.matchAll(/@media \(min-width: (\d+)px\)/g)].map((m) => Number(m[1]))
    expect(Math.min(...breakpoints)).toBeGreaterThan(390)
    // Fields are 16 px so iOS does not zoom into them.
    expect(css).toMatch(/\.prop-list \.field input,[^{]*\{[^}]*font-size: 16px;/)
  })
})
