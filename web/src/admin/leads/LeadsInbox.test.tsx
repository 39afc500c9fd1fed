import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STAFF, adminServer, bearer } from '../../test/admin'
import { json, makeAdminSummary } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import type { Lead, LeadEvent, LeadStatus } from './api'
import { describeEvent } from './timeline'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const BEIRA_MAR = '6f1c1f7e-8a51-4a8e-9d53-0d2b5a0f3c11'
const CENTRO = '0b7a4c2e-1d3f-4e5a-8b6c-7d8e9f0a1b2c'

function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 1,
    property_id: BEIRA_MAR,
    property_slug: 'apartamento-beira-mar',
    property_title: 'Apartamento na Beira-Mar',
    name: 'Maria Oliveira',
    email: 'maria@example.com',
    phone: '48999990000',
    message: 'Gostaria de visitar o apartamento no sábado.',
    created_at: '2026-11-25T12:30:00Z',
    delivery_status: null,
    delivery_attempts: 0,
    delivery_error: null,
    status: 'novo',
    note: null,
    updated_at: null,
    updated_by: null,
    marketing_consent: false,
    notice_version: null,
    anonymized_at: null,
    assigned_to: null,
    portal: null,
    kind: 'mensagem',
    visit: null,
    ...overrides,
  }
}

const TEAM = [
  { ...STAFF, last_seen_at: null },
  { id: 2, email: 'bruno@imobiliaria.com.br', name: 'Bruno Lima', creci: 'CRECI/SC 23456-F', phone: null, whatsapp: null, last_seen_at: null },
]

function event(fields: Partial<LeadEvent> & Pick<LeadEvent, 'kind'>): LeadEvent {
  return {
    at: '2026-11-26T14:00:00Z',
    by: null,
    source: null,
    assignee: null,
    previous: null,
    rule: null,
    from: null,
    to: null,
    text: null,
    email_to: null,
    email_subject: null,
    visit: null,
    ...fields,
  }
}

const LEADS = [
  makeLead({
    id: 3,
    name: 'Maria Oliveira',
    delivery_status: 'failed',
    delivery_attempts: 3,
    delivery_error: 'HTTP 500',
  }),
  makeLead({
    id: 2,
    name: 'João Pereira',
    email: 'joao@example.com',
    phone: null,
    property_id: null,
    property_slug: null,
    property_title: null,
    message: 'Ainda está disponível?',
    created_at: '2026-11-20T18:05:00Z',
    status: 'em_atendimento',
    note: 'Ligar depois das 18h.',
    updated_at: '2026-11-21T13:00:00Z',
    updated_by: { kind: 'user', name: 'Bruno Lima' },
  }),
  makeLead({
    id: 1,
    name: 'Carla Souza',
    email: 'carla@example.com',
    phone: '+351 912 345 678',
    property_id: CENTRO,
    property_slug: 'casa-centro',
    property_title: 'Casa no Centro',
    created_at: '2026-10-30T10:00:00Z',
    delivery_status: 'delivered',
    delivery_attempts: 1,
  }),
]

/**
 * The leads endpoints as the server answers them, over an in-memory list:
 * filters, cursor paging, `unread` across all leads, PATCH. A test may
 * replace `patch` to refuse.
 */
function leadsServer(initial: Lead[] = LEADS, { perPageCap = 50 } = {}) {
  const leads = initial.map((l) => ({ ...l }))
  const list = vi.fn((url: URL, _init: RequestInit) => {
    const q = url.searchParams
    const matching = leads.filter(
      (l) =>
        (!q.get('status') || l.status === q.get('status')) &&
        (!q.get('property_id') || l.property_id === q.get('property_id')) &&
        (!q.get('assigned_to') ||
          (q.get('assigned_to') === 'none' ? l.assigned_to === null : String(l.assigned_to?.id) === q.get('assigned_to'))) &&
        (!q.get('from') || l.created_at.slice(0, 10) >= q.get('from')!) &&
        (!q.get('to') || l.created_at.slice(0, 10) <= q.get('to')!),
    )
    const perPage = Math.min(Number(q.get('per_page') ?? 50), perPageCap)
    const start = Number(q.get('cursor') ?? 0)
    const items = matching.slice(start, start + perPage)
    const next = start + perPage < matching.length ? String(start + perPage) : null
    return json(200, {
      items,
      total: matching.length,
      page: q.get('cursor') ? null : 1,
      per_page: perPage,
      next_cursor: next,
      unread: leads.filter((l) => l.status === 'novo').length,
    })
  })
  // Each lead's timeline, as the server keeps it: its creation, then each change.
  const timelines = new Map<number, LeadEvent[]>(leads.map((l) => [l.id, [event({ kind: 'created', at: l.created_at, source: l.portal?.origin ?? 'site' })]]))
  const patch = vi.fn((url: URL, init: RequestInit): Response | Promise<Response> => {
    const id = Number(url.pathname.split('/').at(-1))
    const lead = leads.find((l) => l.id === id)
    if (!lead) return json(404, { error: 'Contato não encontrado' })
    const body = JSON.parse(init.body as string) as { status?: LeadStatus; note?: string | null; assigned_to?: number | null }
    const by = { kind: 'user' as const, name: STAFF.name }
    const events = timelines.get(id)!
    if (body.status !== undefined && body.status !== lead.status) {
      events.push(event({ kind: 'status', by, from: lead.status, to: body.status }))
      lead.status = body.status
    }
    if (body.note !== undefined) lead.note = body.note
    if (body.note) events.push(event({ kind: 'note', by, text: body.note }))
    if (body.assigned_to !== undefined) {
      const to = TEAM.find((p) => p.id === body.assigned_to)
      const assignee = to ? { id: to.id, name: to.name } : null
      events.push(event({ kind: 'assigned', by, rule: 'manual', assignee, previous: lead.assigned_to }))
      lead.assigned_to = assignee
    }
    lead.updated_at = '2026-11-26T14:00:00Z'
    lead.updated_by = by
    return json(200, { ...lead, timeline: events })
  })
  const detail = (url: URL) => {
    const id = Number(url.pathname.split('/').at(-1))
    const lead = leads.find((l) => l.id === id)
    return lead ? json(200, { ...lead, timeline: timelines.get(id) }) : json(404, { error: 'Contato não encontrado' })
  }
  const properties = vi.fn((_url: URL, _init: RequestInit) =>
    json(200, {
      items: [
        makeAdminSummary({ id: BEIRA_MAR, title: 'Apartamento na Beira-Mar', code: 'AP-1' }),
        makeAdminSummary({ id: CENTRO, title: 'Casa no Centro', code: null }),
      ],
      total: 2,
      page: 1,
      per_page: 100,
      next_cursor: null,
    }),
  )
  const server = adminServer({
    'GET /api/admin/leads': (url, init) => list(url, init),
    'GET /api/admin/properties': (url, init) => properties(url, init),
    'GET /api/admin/users': () => json(200, { items: TEAM }),
    ...Object.fromEntries(initial.map((l) => [`PATCH /api/admin/leads/${l.id}`, (url: URL, init: RequestInit) => patch(url, init)])),
    ...Object.fromEntries(initial.map((l) => [`GET /api/admin/leads/${l.id}`, (url: URL) => detail(url)])),
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  /** The inbox's own list requests (the navigation's count asks for per_page=1). */
  const inboxQueries = () => list.mock.calls.map(([url]) => url.searchParams).filter((q) => q.get('per_page') !== '1')
  return { ...server, leads, list, patch, properties, inboxQueries }
}

const card = (name: string) => screen.findByRole('article', { name })
const nav = () => screen.getByRole('navigation', { name: 'Área da equipe' })
const filters = () => screen.getByRole('search', { name: 'Filtrar contatos' })

describe('leads inbox', () => {
  it('shows each lead newest first with its contacts, property, status, note and webhook delivery', async () => {
    const { inboxQueries } = leadsServer()
    renderApp('/admin/contatos')

    const maria = await card('Maria Oliveira')
    const articles = screen.getAllByRole('article')
    expect(articles.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Maria Oliveira',
      'João Pereira',
      'Carla Souza',
    ])
    expect(screen.getByText('3 contatos')).toBeInTheDocument()
    expect(inboxQueries()[0].get('per_page')).toBe('50')

    expect(within(maria).getByRole('link', { name: 'maria@example.com' })).toHaveAttribute('href', 'mailto:maria@example.com')
    // Typed as 48999990000: shown as Brazilians write it, one tap to call.
    const call = within(maria).getByRole('link', { name: 'Ligar para (48) 99999-0000' })
    expect(call).toHaveAttribute('href', 'tel:+5548999990000')
    expect(call).toHaveTextContent('(48) 99999-0000')
    expect(within(maria).getByRole('link', { name: 'WhatsApp de Maria Oliveira' })).toHaveAttribute(
      'href',
      'https://wa.me/5548999990000',
    )
    expect(within(maria).getByText('Gostaria de visitar o apartamento no sábado.')).toBeInTheDocument()
    // 12:30 UTC is 09:30 in São Paulo.
    expect(within(maria).getByText('25/11/2026, 09:30')).toHaveAttribute('datetime', '2026-11-25T12:30:00Z')
    expect(within(maria).getByRole('link', { name: 'Apartamento na Beira-Mar' })).toHaveAttribute(
      'href',
      '/imoveis/apartamento-beira-mar',
    )
    expect(within(maria).getByRole('link', { name: 'Editar imóvel Apartamento na Beira-Mar' })).toHaveAttribute(
      'href',
      `/admin/imoveis/${BEIRA_MAR}`,
    )
    expect(within(maria).getByLabelText('Situação')).toHaveDisplayValue('Novo')
    expect(within(maria).getByText('Webhook: falhou após 3 tentativas (HTTP 500)')).toBeInTheDocument()

    const joao = await card('João Pereira')
    expect(within(joao).getByText('Imóvel removido')).toBeInTheDocument()
    expect(within(joao).queryByRole('link', { name: /Editar imóvel/ })).toBeNull()
    expect(within(joao).queryByRole('link', { name: /WhatsApp/ })).toBeNull()
    expect(within(joao).getByLabelText('Situação')).toHaveDisplayValue('Em atendimento')
    expect(within(joao).getByLabelText('Nota interna')).toHaveValue('Ligar depois das 18h.')
    expect(within(joao).getByText('Atualizado por Bruno Lima em 21/11/2026, 10:00')).toBeInTheDocument()

    const carla = await card('Carla Souza')
    expect(within(carla).getByRole('link', { name: 'WhatsApp de Carla Souza' })).toHaveAttribute('href', 'https://wa.me/351912345678')
    expect(within(carla).getByText('Webhook: entregue')).toBeInTheDocument()

    const leadsLink = within(nav()).getByRole('link', { name: 'Contatos, 2 não lidos' })
    expect(leadsLink).toHaveAttribute('aria-current', 'page')
    // The name is one piece of text, so a browser reads no space before its comma; the seen count is left out of it.
    expect(within(leadsLink).getByText('Contatos, 2 não lidos')).toHaveClass('visually-hidden')
    expect(within(leadsLink).getByText('2')).toHaveClass('admin-badge')
    expect(within(leadsLink).getByText('2').closest('[aria-hidden="true"]')).not.toBeNull()
  })

  it("shows a portal's lead with its portal, temperature and business, and an unknown listing's code", async () => {
    const portal = (fields: Partial<NonNullable<Lead['portal']>>): Lead['portal'] => ({
      origin: 'zap',
      origin_lead_id: '59ee0fc6e4b043e1b2a6d863',
      origin_listing_id: '87027856',
      client_listing_id: 'AP-1',
      temperature: null,
      business: null,
      sent_at: '2026-11-25T12:29:00Z',
      ...fields,
    })
    leadsServer([
      makeLead({ id: 5, name: 'Rita Alves', portal: portal({ temperature: 'alta', business: 'venda' }) }),
      makeLead({
        id: 4,
        name: 'Paulo Reis',
        email: '',
        property_id: null,
        property_slug: null,
        property_title: null,
        portal: portal({ origin: 'grupo', client_listing_id: 'XYZ-999', temperature: 'Morna', business: 'aluguel' }),
      }),
      makeLead({ id: 3, name: 'Maria Oliveira' }),
    ])
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos')

    const rita = await card('Rita Alves')
    expect(within(rita).getByText('Recebido pelo ZAP Imóveis · Temperatura: Alta · Interesse: compra')).toBeInTheDocument()
    expect(within(rita).getByRole('link', { name: 'Apartamento na Beira-Mar' })).toBeInTheDocument()
    await user.click(within(rita).getByRole('button', { name: 'Ver histórico' }))
    const history = await within(rita).findByRole('list', { name: 'Histórico do contato' })
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Contato recebido pelo ZAP Imóveis')

    const paulo = await card('Paulo Reis')
    // A word the portal may add is shown as sent.
    expect(within(paulo).getByText('Recebido pelo Grupo OLX · Temperatura: Morna · Interesse: aluguel')).toBeInTheDocument()
    expect(within(paulo).getByText('Imóvel não encontrado (código XYZ-999 no portal)')).toBeInTheDocument()
    expect(within(paulo).queryByRole('link', { name: /@/ })).not.toBeInTheDocument()

    const maria = await card('Maria Oliveira')
    expect(within(maria).queryByText(/Recebido pelo/)).not.toBeInTheDocument()
  })

  it('shows a visit lead with its slot, and says when the visitor cancelled it', async () => {
    const slot = { starts_at: '2026-12-04T13:00:00Z', ends_at: '2026-12-04T14:00:00Z' }
    leadsServer([
      makeLead({ id: 7, name: 'Lia Prado', kind: 'visita', visit: { ...slot, status: 'confirmed' } }),
      makeLead({ id: 6, name: 'Rui Costa', kind: 'visita', visit: { ...slot, status: 'cancelled' } }),
      makeLead({ id: 5, name: 'Maria Oliveira' }),
    ])
    renderApp('/admin/contatos')

    // 13:00 UTC is 10:00 in São Paulo.
    expect(within(await card('Lia Prado')).getByText(/em 04\/12\/2026, 10:00$/)).toHaveTextContent('Visita em 04/12/2026, 10:00')
    expect(within(await card('Rui Costa')).getByText(/cancelada pelo visitante/)).toBeInTheDocument()
    expect(within(await card('Maria Oliveira')).queryByText(/^Visita/)).not.toBeInTheDocument()
  })

  it('changes a status at once, saves it with PATCH and updates the unread count', async () => {
    const server = leadsServer()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const original = server.patch.getMockImplementation()!
    server.patch.mockImplementationOnce(async (url, init) => {
      await held
      return original(url, init)
    })
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos')

    const maria = await card('Maria Oliveira')
    await waitFor(() => expect(within(nav()).getByRole('link', { name: 'Contatos, 2 não lidos' })).toBeInTheDocument())
    await user.selectOptions(within(maria).getByLabelText('Situação'), 'Em atendimento')

    // Shown before the server answers.
    expect(within(maria).getByLabelText('Situação')).toHaveDisplayValue('Em atendimento')
    await waitFor(() => expect(server.patch).toHaveBeenCalledTimes(1))
    const [url, init] = server.patch.mock.calls[0]
    expect(url.pathname).toBe('/api/admin/leads/3')
    expect(JSON.parse(init.body as string)).toEqual({ status: 'em_atendimento' })
    expect(bearer(init)).toBe(true)

    release()
    expect(await within(nav()).findByRole('link', { name: 'Contatos, 1 não lido' })).toBeInTheDocument()
    expect(await within(maria).findByText('Atualizado por Ana Souza em 26/11/2026, 11:00')).toBeInTheDocument()
    expect(within(maria).getByLabelText('Situação')).toHaveDisplayValue('Em atendimento')
    expect(within(maria).queryByRole('alert')).toBeNull()
  })

  it('puts the status back and says why when the server refuses the change', async () => {
    const server = leadsServer()
    server.patch.mockImplementationOnce(() => json(500, { error: 'Erro interno' }))
    server.patch.mockImplementationOnce(() =>
      json(422, { error: 'Dados inválidos', details: { status: ['Situação desconhecida.'] } }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos')

    const maria = await card('Maria Oliveira')
    const select = within(maria).getByLabelText('Situação')
    await user.selectOptions(select, 'Concluído')
    expect(await within(maria).findByRole('alert')).toHaveTextContent('Não foi possível mudar a situação. Tente novamente.')
    expect(select).toHaveDisplayValue('Novo')
    expect(select).toHaveAttribute('aria-invalid', 'true')

    await user.selectOptions(select, 'Descartado')
    await waitFor(() => expect(within(maria).getByRole('alert')).toHaveTextContent('Situação desconhecida.'))
    expect(select).toHaveDisplayValue('Novo')
    expect(server.patch).toHaveBeenCalledTimes(2)
    expect(server.leads.find((l) => l.id === 3)?.status).toBe('novo')
    expect(within(nav()).getByRole('link', { name: 'Contatos, 2 não lidos' })).toBeInTheDocument()
  })

  it('saves a note with "Salvar nota" and shows who updated the lead', async () => {
    const server = leadsServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos')

    const maria = await card('Maria Oliveira')
    await user.type(within(maria).getByLabelText('Nota interna'), '  Prefere contato por WhatsApp.  ')
    await user.click(within(maria).getByRole('button', { name: 'Salvar nota' }))

    expect(await within(maria).findByText('Nota salva')).toBeInTheDocument()
    expect(JSON.parse(server.patch.mock.calls[0][1].body as string)).toEqual({ note: 'Prefere contato por WhatsApp.' })
    expect(within(maria).getByLabelText('Nota interna')).toHaveValue('Prefere contato por WhatsApp.')
    expect(within(maria).getByText('Atualizado por Ana Souza em 26/11/2026, 11:00')).toBeInTheDocument()

    // A refused note stays as typed, with the server's reason under it.
    server.patch.mockImplementationOnce(() => json(422, { error: 'Dados inválidos', details: { note: ['Deve ter no máximo 2000 caracteres.'] } }))
    await user.type(within(maria).getByLabelText('Nota interna'), ' Mais texto')
    await user.click(within(maria).getByRole('button', { name: 'Salvar nota' }))
    expect(await within(maria).findByRole('alert')).toHaveTextContent('Deve ter no máximo 2000 caracteres.')
    expect(within(maria).getByLabelText('Nota interna')).toHaveValue('Prefere contato por WhatsApp. Mais texto')
    expect(within(maria).getByLabelText('Nota interna')).toHaveAttribute('aria-invalid', 'true')
  })

  it('reassigns a lead in one change and shows it in the timeline, oldest first', async () => {
    const server = leadsServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos')

    const maria = await card('Maria Oliveira')
    const assignee = within(maria).getByLabelText('Responsável')
    expect(assignee).toHaveValue('')
    await within(assignee).findByRole('option', { name: 'Bruno Lima' })
    await user.selectOptions(assignee, 'Bruno Lima')
    expect(JSON.parse(server.patch.mock.calls[0][1].body as string)).toEqual({ assigned_to: 2 })
    await waitFor(() => expect(assignee).toHaveValue('2'))

    await user.click(within(maria).getByRole('button', { name: 'Ver histórico' }))
    const history = await within(maria).findByRole('list', { name: 'Histórico do contato' })
    const events = within(history).getAllByRole('listitem').map((li) => li.textContent)
    expect(events).toEqual([
      'Contato recebido pelo site' + 'em 25/11/2026, 09:30',
      'Atribuído a Bruno Lima' + 'por Ana Souza em 26/11/2026, 11:00',
    ])

    // A status change afterwards joins the open timeline.
    await user.selectOptions(within(maria).getByLabelText('Situação'), 'Em atendimento')
    await within(history).findByText('Status: novo → em atendimento')
  })

  it('filters by assignee: "Meus contatos", one broker, "Sem responsável"', async () => {
    const server = leadsServer([
      makeLead({ id: 2, name: 'Para a Ana', assigned_to: { id: STAFF.id, name: STAFF.name } }),
      makeLead({ id: 1, name: 'Sem dono' }),
    ])
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos')
    await card('Para a Ana')
    const select = within(filters()).getByLabelText('Responsável')
    await within(select).findByRole('option', { name: 'Bruno Lima' })
    await user.selectOptions(select, 'Sem responsável')
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Para a Ana' })).toBeNull())
    expect(await card('Sem dono')).toBeInTheDocument()
    expect(server.inboxQueries().at(-1)?.get('assigned_to')).toBe('none')
    await user.selectOptions(select, 'Meus contatos')
    await waitFor(() => expect(server.inboxQueries().at(-1)?.get('assigned_to')).toBe('me'))
  })

  it('keeps the filters in the address and sends them with the list request', async () => {
    const server = leadsServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos')
    await card('Maria Oliveira')
    await waitFor(() => expect(server.properties).toHaveBeenCalled())
    const asked = server.properties.mock.calls[0][0].searchParams
    expect([asked.get('per_page'), asked.get('sort')]).toEqual(['100', 'title'])

    await user.selectOptions(within(filters()).getByLabelText('Situação'), 'Novo')
    await waitFor(() => expect(window.location.search).toBe('?status=novo'))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'João Pereira' })).toBeNull())
    expect(await card('Maria Oliveira')).toBeInTheDocument()
    expect(server.inboxQueries().at(-1)?.get('status')).toBe('novo')

    await user.selectOptions(within(filters()).getByLabelText('Imóvel'), 'Casa no Centro')
    await waitFor(() => expect(window.location.search).toBe(`?status=novo&property_id=${CENTRO}`))
    expect(await card('Carla Souza')).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Maria Oliveira' })).toBeNull()

    await user.type(within(filters()).getByLabelText('De'), '2026-11-01')
    await waitFor(() => expect(window.location.search).toBe(`?status=novo&property_id=${CENTRO}&from=2026-11-01`))
    expect(await screen.findByText('Nenhum contato para estes filtros.')).toBeInTheDocument()
    const last = server.inboxQueries().at(-1)!
    expect([last.get('status'), last.get('property_id'), last.get('from'), last.get('to')]).toEqual([
      'novo',
      CENTRO,
      '2026-11-01',
      null,
    ])

    // Back goes to the previous filters.
    window.history.back()
    expect(await card('Carla Souza')).toBeInTheDocument()
    expect(within(filters()).getByLabelText('De')).toHaveValue('')

    await user.click(within(filters()).getByRole('button', { name: 'Limpar filtros' }))
    await waitFor(() => expect(window.location.search).toBe(''))
    expect(await card('João Pereira')).toBeInTheDocument()
  })

  it('opens a shared filtered address with its filters applied', async () => {
    const server = leadsServer()
    renderApp('/admin/contatos?status=em_atendimento&to=2026-11-30')
    expect(await card('João Pereira')).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(1)
    expect(within(filters()).getByLabelText('Situação')).toHaveDisplayValue('Em atendimento')
    expect(within(filters()).getByLabelText('Até')).toHaveValue('2026-11-30')
    const q = server.inboxQueries()[0]
    expect([q.get('status'), q.get('to')]).toEqual(['em_atendimento', '2026-11-30'])
    expect(screen.getByText('1 contato para estes filtros')).toBeInTheDocument()
  })

  it('says when there are no leads yet', async () => {
    leadsServer([])
    renderApp('/admin/contatos')
    expect(await screen.findByText('Nenhum contato recebido ainda.')).toBeInTheDocument()
    expect(within(nav()).getByRole('link', { name: 'Contatos' })).toBeInTheDocument()
  })

  it('loads more leads with the cursor', async () => {
    const server = leadsServer(LEADS, { perPageCap: 2 })
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos')
    await card('João Pereira')
    expect(screen.getAllByRole('article')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }))
    expect(await card('Carla Souza')).toBeInTheDocument()
    expect(server.inboxQueries().at(-1)?.get('cursor')).toBe('2')
    expect(screen.getAllByRole('article')).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull()
  })

  it('exports the filtered leads as CSV with the session token and offers the file', async () => {
    const server = leadsServer()
    const csv = vi.fn((_url: URL, _init: RequestInit) => new Response('nome,email\r\nMaria,maria@example.com\r\n', { headers: { 'Content-Type': 'text/csv' } }))
    const fetchMock = server.fetchMock
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://localhost')
        if (url.pathname === '/api/admin/leads.csv') return Promise.resolve(csv(url, init))
        return fetchMock(input, init)
      }),
    )
    const blobs: Blob[] = []
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:http://localhost/contatos'
    })
    URL.revokeObjectURL = vi.fn()
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/contatos?status=novo&property_id=${BEIRA_MAR}&from=2026-11-01`)
    await card('Maria Oliveira')

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }))
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })
    const link = await screen.findByRole('link', { name: `Baixar contatos-${today}.csv` })

    expect(csv).toHaveBeenCalledTimes(1)
    const [url, init] = csv.mock.calls[0]
    expect(url.search).toBe(`?status=novo&property_id=${BEIRA_MAR}&from=2026-11-01`)
    expect(bearer(init)).toBe(true)
    expect(await blobs[0].text()).toBe('nome,email\r\nMaria,maria@example.com\r\n')
    expect(link).toHaveAttribute('href', 'blob:http://localhost/contatos')
    expect(link).toHaveAttribute('download', `contatos-${today}.csv`)
    // The link is clicked by an effect after it is drawn, which a busy machine may run later.
    await waitFor(() => expect(clicked).toEqual([link]))
  })
})

describe("a lead's own page", () => {
  it('opens from the link in its notice with the timeline open, and takes changes there', async () => {
    const server = leadsServer()
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/contatos/${LEADS[0].id}`)

    expect(await screen.findByRole('heading', { level: 1, name: `Contato nº ${LEADS[0].id}` })).toBeInTheDocument()
    const lead = await card(LEADS[0].name)
    const history = within(lead).getByRole('list', { name: 'Histórico do contato' })
    expect(within(history).getByText('Contato recebido pelo site')).toBeInTheDocument()

    await user.selectOptions(within(lead).getByLabelText('Situação'), 'Em atendimento')
    expect(JSON.parse(server.patch.mock.calls[0][1].body as string)).toEqual({ status: 'em_atendimento' })
    await within(history).findByText('Status: novo → em atendimento')
    expect(screen.getByRole('link', { name: '← Todos os contatos' })).toHaveAttribute('href', '/admin/contatos')
  })

  it('says so when the lead cannot be read (removed, or not one of a corretor’s)', async () => {
    leadsServer()
    renderApp('/admin/contatos/999')
    expect(await screen.findByText(/Não foi possível carregar este contato/)).toBeInTheDocument()
  })
})

describe('a visit in the timeline', () => {
  it('reads the slot in the agency’s time, booked or moved, and its cancellation', () => {
    // 13:00 UTC is 10:00 in São Paulo.
    const visit = (status: 'confirmed' | 'cancelled') =>
      event({ kind: 'visit', visit: { starts_at: '2026-12-04T13:00:00Z', ends_at: '2026-12-04T14:00:00Z', status } })
    expect(describeEvent(visit('confirmed'))).toBe('Visita marcada para 04/12/2026, 10:00')
    expect(describeEvent(visit('cancelled'))).toBe('Visita de 04/12/2026, 10:00 cancelada pelo visitante')
  })
})
