import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STAFF, adminServer, bearer, labelled as input } from '../../test/admin'
import { json, makeAdminDetail } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import type { AdminProperty } from './api'
import { DRAFT_FIRST } from './photos/PhotoManager'
import { LEAVE_MESSAGE } from './PropertyForm'

const ID = '6f1c1f7e-8a51-4a8e-9d53-0d2b5a0f3c11'
const NEW_ID = '0b8e2f52-4d5c-4b4e-9a3f-1f2e3d4c5b6a'
const VIDEO_TITLE = 'Vídeo de apresentação do imóvel'

afterEach(() => vi.unstubAllGlobals())

function stored(overrides: Partial<AdminProperty> = {}): AdminProperty {
  return {
    ...makeAdminDetail({ id: ID, title: 'Apartamento no Centro', description: null, condo_fee: null }),
    complement: null,
    created_by: { kind: 'user', name: 'Bruno Lima' },
    updated_by: { kind: 'token', name: 'importador' },
    ...overrides,
  }
}

/** Serves the edit page of `property`, answering PUTs with `put` (by default: the property with the body applied). */
function editServer(property: AdminProperty, put?: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const putMock = vi.fn(
    put ?? ((_url: URL, init: RequestInit) => json(200, { ...property, ...JSON.parse(init.body as string) })),
  )
  const server = adminServer({
    [`GET /api/admin/properties/${property.id}`]: () => json(200, property),
    [`PUT /api/admin/properties/${property.id}`]: putMock,
    [`GET /api/admin/properties/${property.id}/photos`]: () => json(200, { photos: [] }),
    'GET /api/admin/properties': () => json(200, { items: [], total: 0, page: 1, per_page: 20, next_cursor: null }),
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return { put: putMock, server }
}

const bodyOf = (mock: ReturnType<typeof vi.fn>, call = 0) =>
  JSON.parse((mock.mock.calls[call] as [URL, RequestInit])[1].body as string)

describe('property form', () => {
  it('creates a property with every field, sends the API its values, and opens it', async () => {
    const post = vi.fn((_url: URL, init: RequestInit) =>
      json(201, stored({ ...JSON.parse(init.body as string), id: NEW_ID, title: 'Casa com piscina na Lagoa' })),
    )
    const server = adminServer({
      'POST /api/admin/properties': post,
      [`GET /api/admin/properties/${NEW_ID}`]: () => json(200, stored({ id: NEW_ID, title: 'Casa com piscina na Lagoa' })),
      [`GET /api/admin/properties/${NEW_ID}/photos`]: () => json(200, { photos: [] }),
      'GET /api/admin/users': () =>
        json(200, { items: [{ ...STAFF, creci: 'CRECI/SC 12345-F', last_seen_at: null }] }),
    })
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/imoveis/novo')
    await screen.findByRole('heading', { level: 1, name: 'Novo imóvel' })

    // Anúncio
    await user.type(input('Título'), 'Casa com piscina na Lagoa')
    await user.type(input('Código'), 'CA-0099')
    await user.type(input('Endereço da página'), 'Casa-Lagoa')
    await user.type(input('Descrição'), 'Casa ampla, com vista.')
    await user.selectOptions(input('Negócio'), 'Venda e aluguel')
    await user.selectOptions(input('Situação'), 'Reservado')
    await user.type(input('Preço de venda (R$)'), '1.250.000,00')
    await user.type(input('Aluguel mensal (R$)'), 'R$ 6.500')
    // A season rental: the rent's label says its period.
    await user.selectOptions(input('Período do aluguel'), 'Por semana (temporada)')
    expect(input('Aluguel semanal (R$)')).toHaveValue('R$ 6.500')
    await user.type(input('Condomínio (R$ por mês)'), '850,5')
    await user.type(input('IPTU (R$)'), '3.200')
    await user.selectOptions(input('Período do IPTU'), 'Anual')
    // A new listing starts as a draft; this one is published at once.
    expect(input('Ativo')).not.toBeChecked()
    expect(input('Ativo')).toHaveAccessibleDescription(/começa como rascunho/)
    await user.click(input('Ativo'))
    await user.click(input('Destaque'))
    // Corretor responsável: the staff, with their CRECI.
    expect(input('Corretor')).toHaveValue('')
    await user.selectOptions(input('Corretor'), await screen.findByRole('option', { name: 'Ana Souza (CRECI/SC 12345-F)' }))
    // Endereço
    await user.type(input('CEP'), '88062400')
    expect(input('CEP')).toHaveValue('88062-400')
    await user.type(input('Rua'), 'Rua das Rendeiras')
    await user.type(input('Número'), '120-A')
    await user.type(input('Complemento'), 'Casa 2')
    expect(input('Complemento')).toHaveAccessibleDescription(expect.stringContaining('Nunca aparece no site.'))
    await user.type(input('Bairro'), 'Lagoa da Conceição')
    await user.type(input('Cidade'), 'Florianópolis')
    await user.selectOptions(input('UF'), 'SC')
    await user.type(input('Endereço (texto livre)'), 'Rua das Rendeiras, 120-A')
    await user.click(screen.getByRole('radio', { name: /Só a rua/ }))
    await user.type(input('Latitude'), '-27,5954')
    await user.type(input('Longitude'), '-48,4721')
    // Características
    await user.type(input('Tipo do imóvel'), 'Casa')
    for (const [label, value] of [
      ['Quartos', '4'],
      ['Suítes', '2'],
      ['Banheiros', '3'],
      ['Vagas de garagem', '2'],
    ]) {
      await user.clear(input(label))
      await user.type(input(label), value)
    }
    await user.type(input('Área principal (m²)'), '250')
    await user.type(input('Área útil (m²)'), '210,5')
    await user.type(input('Área total (m²)'), '480')
    await user.type(input('Andar'), '0')
    await user.type(input('Ano de construção'), '2015')
    // Comodidades
    await user.click(screen.getByRole('button', { name: 'Adicionar comodidade' }))
    await user.type(input('Comodidade 1'), 'Piscina')
    await user.selectOptions(input('Grupo da comodidade 1'), 'Lazer')
    await user.click(screen.getByRole('button', { name: 'Adicionar comodidade' }))
    await user.type(input('Comodidade 2'), 'Ar-condicionado')
    // Fotos: sent on their own, not with the form; choosing some would save the property as a draft first.
    expect(screen.getByText(DRAFT_FIRST)).toBeInTheDocument()
    // Vídeo
    await user.type(input('Endereço do vídeo'), 'https://youtu.be/dQw4w9WgXcQ')
    await user.click(screen.getByRole('radio', { name: /Carrossel/ }))
    // Portais: whether it is ready, only once it is stored.
    expect(input('Publicar nos portais')).not.toBeChecked()
    await user.click(input('Publicar nos portais'))
    expect(screen.getByText('Salve o imóvel para ver se ele está pronto para os portais.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Cadastrar imóvel' }))
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1))
    expect(bearer(post.mock.calls[0][1])).toBe(true)
    expect(bodyOf(post)).toEqual({
      title: 'Casa com piscina na Lagoa',
      slug: 'casa-lagoa',
      code: 'CA-0099',
      description: 'Casa ampla, com vista.',
      type: 'venda_aluguel',
      price: '1250000.00',
      rent_price: '6500.00',
      rent_period: 'weekly',
      condo_fee: '850.50',
      iptu: '3200.00',
      iptu_period: 'yearly',
      status: 'reservado',
      is_active: true,
      is_featured: true,
      publish_to_portals: true,
      broker_id: STAFF.id,
      cep: '88062-400',
      street: 'Rua das Rendeiras',
      number: '120-A',
      complement: 'Casa 2',
      neighborhood: { name: 'Lagoa da Conceição' },
      city: { name: 'Florianópolis', state: 'SC' },
      address: 'Rua das Rendeiras, 120-A',
      address_visibility: 'street',
      latitude: -27.5954,
      longitude: -48.4721,
      subtype: { name: 'Casa' },
      bedrooms: 4,
      suites: 2,
      bathrooms: 3,
      parking_spots: 2,
      area_m2: 250,
      useful_area_m2: 210.5,
      total_area_m2: 480,
      floor: 0,
      year_built: 2015,
      amenities: [
        { name: 'Piscina', group: 'lazer' },
        { name: 'Ar-condicionado', group: 'caracteristica' },
      ],
      video_url: 'https://youtu.be/dQw4w9WgXcQ',
      video_position: 'carousel',
    })

    await waitFor(() => expect(window.location.pathname).toBe(`/admin/imoveis/${NEW_ID}`))
    expect(await screen.findByRole('heading', { level: 1, name: /Editar imóvel/ })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Imóvel cadastrado')
    // Its photo section opens: photos can now be added.
    expect(await screen.findByLabelText('Adicionar fotos')).toBeInTheDocument()
    expect(screen.queryByText('Salve o imóvel para adicionar fotos.')).toBeNull()
  })

  it('asks for the required fields before sending anything', async () => {
    const post = vi.fn(() => json(201, {}))
    const server = adminServer({ 'POST /api/admin/properties': post })
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/imoveis/novo')
    await user.type(await screen.findByLabelText(/^Preço de venda/), 'muito')
    await user.click(screen.getByRole('button', { name: 'Cadastrar imóvel' }))

    const summary = await screen.findByRole('alert')
    expect(summary).toHaveFocus()
    for (const text of [
      'Título: Campo obrigatório.',
      'Preço de venda: Informe um valor como 1.250.000,00.',
      'Bairro: Campo obrigatório.',
      'Cidade: Campo obrigatório.',
      'UF: Campo obrigatório.',
      'Tipo do imóvel: Campo obrigatório.',
    ]) {
      expect(within(summary).getByRole('link', { name: text })).toBeInTheDocument()
    }
    expect(input('Título')).toHaveAttribute('aria-invalid', 'true')
    expect(input('Título')).toHaveAttribute('aria-required', 'true')
    expect(post).not.toHaveBeenCalled()
  })

  it('sends only the fields that changed, and shows who edited it', async () => {
    const { put } = editServer(stored(), (_url, init) =>
      json(200, {
        ...stored(),
        ...JSON.parse(init.body as string),
        updated_by: { kind: 'user', name: 'Ana Souza' },
        updated_at: '2026-11-20T15:30:00Z',
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    await screen.findByRole('heading', { level: 1, name: /Editar imóvel/ })
    expect(
      screen.getByText(/Criado por Bruno Lima em 01\/11\/2026, 07:00 · Editado pelo token importador em 02\/11\/2026, 07:00/),
    ).toBeInTheDocument()
    // What the server stores shows as typed in Brazil.
    expect(input('Preço de venda (R$)')).toHaveValue('450.000,00')
    expect(input('Condomínio (R$ por mês)')).toHaveValue('')
    expect(input('Área principal (m²)')).toHaveValue('98,5')

    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('Nenhuma alteração para salvar.')).toBeInTheDocument()
    expect(put).not.toHaveBeenCalled()

    await user.clear(input('Título'))
    await user.type(input('Título'), 'Apartamento reformado no Centro')
    await user.type(input('Condomínio (R$ por mês)'), '1.200,50')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas'))
    // Nulls the user did not touch stay null: description, IPTU, coordinates… are not sent.
    expect(bodyOf(put)).toEqual({ title: 'Apartamento reformado no Centro', condo_fee: '1200.50' })
    expect(screen.getByText(/Editado por Ana Souza em 20\/11\/2026, 12:30/)).toBeInTheDocument()
    expect(input('Condomínio (R$ por mês)')).toHaveValue('1.200,50')

    // A new city takes its neighborhood along (the server needs both).
    await user.clear(input('Cidade'))
    await user.type(input('Cidade'), 'São José')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2))
    expect(bodyOf(put, 1)).toEqual({ city: { name: 'São José', state: 'SC' }, neighborhood: { name: 'Centro' } })
  })

  it('edits a rental by its monthly rent, which the server also makes its price', async () => {
    const { put } = editServer(stored({ type: 'aluguel', price: '3500.00', rent_price: '3500.00' }))
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    const rent = await screen.findByLabelText(/^Aluguel mensal/)
    expect(rent).toHaveValue('3.500,00')
    expect(screen.queryByLabelText(/^Preço de venda/)).toBeNull()
    await user.clear(rent)
    await user.type(rent, 'R$ 3.800')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1))
    expect(bodyOf(put)).toEqual({ rent_price: '3800.00' })
  })

  it("shows the server's 422 under each field, with a summary whose links lead to them", async () => {
    const { put } = editServer(stored(), () =>
      json(422, {
        error: 'Dados inválidos',
        details: {
          title: ['Deve ter no máximo 200 caracteres.'],
          'city.state': ['Informe a sigla de um estado brasileiro (ex.: SC).'],
          'amenities[1].name': ['Deve ter no máximo 100 caracteres.'],
          suites: ['Não pode passar do número de quartos (suítes são quartos).'],
        },
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    await screen.findByRole('heading', { level: 1, name: /Editar imóvel/ })
    // Amenity 2 is emptied (left out of the body) and amenity 3 is the bad one: the server's amenities[1] is the form's third row.
    await user.clear(input('Comodidade 2'))
    await user.clear(input('Comodidade 3'))
    await user.type(input('Comodidade 3'), 'Piscina aquecida')
    await user.clear(input('Suítes'))
    await user.type(input('Suítes'), '9')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))

    const summary = await screen.findByRole('alert')
    expect(summary).toHaveTextContent('Dados inválidos. Corrija os campos abaixo.')
    expect(bodyOf(put).amenities).toEqual([
      { name: 'Varanda gourmet', group: 'caracteristica' },
      { name: 'Piscina aquecida', group: 'lazer' },
    ])
    expect(bodyOf(put)).not.toHaveProperty('photos')
    const cases: Array<[string, string, string]> = [
      ['Título', 'Título', 'Deve ter no máximo 200 caracteres.'],
      ['UF', 'UF', 'Informe a sigla de um estado brasileiro (ex.: SC).'],
      ['Comodidade 3', 'Comodidade 3: nome', 'Deve ter no máximo 100 caracteres.'],
      ['Suítes', 'Suítes', 'Não pode passar do número de quartos (suítes são quartos).'],
    ]
    for (const [label, summaryName, message] of cases) {
      const el = input(label)
      expect(el).toHaveAttribute('aria-invalid', 'true')
      expect(el).toHaveAccessibleDescription(expect.stringContaining(message))
      const link = within(summary).getByRole('link', { name: `${summaryName}: ${message}` })
      await user.click(link)
      expect(el).toHaveFocus()
    }
    // Everything typed is still there.
    expect(input('Comodidade 3')).toHaveValue('Piscina aquecida')
    expect(input('Suítes')).toHaveValue('9')

    // Fixing a field takes its message away.
    await user.type(input('Título'), '!')
    expect(input('Título')).not.toHaveAttribute('aria-invalid')
    expect(input('UF')).toHaveAttribute('aria-invalid', 'true')
  })

  it('edits the video with a live preview, shows the saving state and saves it', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const property = stored({ video_url: null, video_position: 'section' })
    const { put } = editServer(property, async (_url, init) => {
      await held
      return json(200, { ...property, ...JSON.parse(init.body as string) })
    })
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)

    const url = await screen.findByLabelText('Endereço do vídeo')
    expect(screen.getByRole('radio', { name: /Seção própria/ })).toBeChecked()
    expect(screen.getByText('Nenhum vídeo configurado.')).toBeInTheDocument()

    await user.type(url, 'https://example.com/video')
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Endereço não reconhecido'))
    expect(screen.getByText('Nada para mostrar: endereço não reconhecido.')).toBeInTheDocument()
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()

    await user.clear(url)
    await user.type(url, '  youtu.be/dQw4w9WgXcQ ')
    expect(screen.queryByText(/Endereço não reconhecido/)).toBeNull()
    const preview = screen.getByRole('region', { name: 'Pré-visualização' })
    expect(within(preview).getByTitle(VIDEO_TITLE)).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ')

    await user.click(screen.getByRole('radio', { name: /Carrossel/ }))
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(screen.getByRole('button', { name: 'Salvando…' })).toBeDisabled()
    expect(url).toBeDisabled()
    expect(screen.getByRole('status')).toHaveTextContent('')
    release()
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas'))
    expect(screen.getByRole('button', { name: 'Salvar alterações' })).toBeEnabled()
    expect(put).toHaveBeenCalledTimes(1)
    expect(bodyOf(put)).toEqual({ video_url: 'youtu.be/dQw4w9WgXcQ', video_position: 'carousel' })
    // The form shows what the server stored (trimmed).
    expect(url).toHaveValue('youtu.be/dQw4w9WgXcQ')
  })

  it('removes the video when its address is cleared', async () => {
    const { put } = editServer(stored({ video_url: 'https://vimeo.com/76979871', video_position: 'carousel' }))
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    const url = await screen.findByLabelText('Endereço do vídeo')
    expect(url).toHaveValue('https://vimeo.com/76979871')
    expect(screen.getByRole('radio', { name: /Carrossel/ })).toBeChecked()
    await user.clear(url)
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas'))
    expect(bodyOf(put)).toEqual({ video_url: null })
  })

  it('asks before leaving with unsaved edits, and not once they are saved', async () => {
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    editServer(stored())
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    await screen.findByRole('heading', { level: 1, name: /Editar imóvel/ })

    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(unload()).toBe(false)

    await user.type(input('Código'), '-B')
    expect(unload()).toBe(true)
    await user.click(screen.getByRole('link', { name: '← Voltar para a lista de imóveis' }))
    expect(confirm).toHaveBeenCalledWith(LEAVE_MESSAGE)
    expect(window.location.pathname).toBe(`/admin/imoveis/${ID}`)
    expect(input('Código')).toHaveValue('AP-0042-B')

    // The browser's back button too: refused, the form and its address stay.
    // (the browser has moved to the entry before, then tells the page)
    window.history.replaceState(null, '', '/admin?page=2')
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(confirm).toHaveBeenCalledTimes(2)
    expect(window.location.pathname).toBe(`/admin/imoveis/${ID}`)
    expect(input('Código')).toHaveValue('AP-0042-B')

    // The header's links are guarded too; saying yes leaves.
    confirm.mockReturnValue(true)
    await user.click(screen.getByRole('link', { name: 'Imóveis', current: 'page' }))
    expect(window.location.pathname).toBe('/admin')
    expect(confirm).toHaveBeenCalledTimes(3)
  })

  it('leaves without asking after saving', async () => {
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    editServer(stored())
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    await screen.findByRole('heading', { level: 1, name: /Editar imóvel/ })
    await user.type(input('Código'), '-B')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas'))
    await user.click(screen.getByRole('link', { name: '← Voltar para a lista de imóveis' }))
    expect(window.location.pathname).toBe('/admin')
    expect(confirm).not.toHaveBeenCalled()
  })

  it('shows whether the property is ready for the portals, what it lacks, and checks again on demand', async () => {
    const lacking = stored({
      publish_to_portals: true,
      portal_problems: [
        { field: 'agency.email', message: 'Informe o e-mail da imobiliária em Agência: os portais exigem um e-mail de contato no feed e em cada anúncio.' },
        { field: 'cep', message: 'Informe o CEP: os portais exigem o código postal.' },
        { field: 'photos', message: 'Os portais exigem ao menos 5 fotos (o imóvel tem 2).' },
      ],
    })
    let reads = 0
    const server = adminServer({
      [`GET /api/admin/properties/${ID}`]: () => {
        reads += 1
        return json(200, reads === 1 ? lacking : { ...lacking, portal_problems: [] })
      },
      [`GET /api/admin/properties/${ID}/photos`]: () => json(200, { photos: [] }),
      'GET /api/admin/properties': () => json(200, { items: [], total: 0, page: 1, per_page: 20, next_cursor: null }),
    })
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)
    const section = (await screen.findByRole('group', { name: 'Portais' })) as HTMLElement
    expect(within(section).getByLabelText('Publicar nos portais')).toBeChecked()
    expect(section).toHaveTextContent('Ainda não vai para os portais. Falta:')
    expect(section).toHaveTextContent('E-mail da imobiliária: Informe o e-mail da imobiliária em Agência')
    expect(section).toHaveTextContent('CEP: Informe o CEP: os portais exigem o código postal.')
    expect(section).toHaveTextContent('Fotos: Os portais exigem ao menos 5 fotos (o imóvel tem 2).')

    await user.click(within(section).getByRole('button', { name: 'Verificar novamente' }))
    expect(await within(section).findByText('Pronto para os portais')).toBeInTheDocument()
    expect(section).not.toHaveTextContent('Falta:')
  })
})
