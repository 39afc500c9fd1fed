import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, makeAdminDetail, makeAdminSummary, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

const TOKEN = 'vt_admin_9f8e7d6c5b4a'
const ID = '6f1c1f7e-8a51-4a8e-9d53-0d2b5a0f3c11'
const VIDEO_TITLE = 'Vídeo de apresentação do imóvel'

function authorised(init: RequestInit) {
  return (init.headers as Record<string, string>).Authorization === `Bearer ${TOKEN}`
}

function adminServer(overrides: Record<string, (url: URL, init: RequestInit) => Response | Promise<Response>> = {}) {
  const list = [
    makeAdminSummary({ id: ID, title: 'Apartamento no Centro', code: 'AP-1' }),
    makeAdminSummary({ id: 'other', title: 'Casa vendida', slug: 'casa-vendida', is_active: false, code: 'CA-2' }),
  ]
  return routeFetch({
    'GET /api/admin/properties': (_url, init) =>
      authorised(init) ? json(200, { items: list, total: 2, page: 1, per_page: 50 }) : json(401, { error: 'Não autorizado' }),
    [`GET /api/admin/properties/${ID}`]: (_url, init) =>
      authorised(init)
        ? json(200, makeAdminDetail({ id: ID, title: 'Apartamento no Centro', video_url: null, video_position: 'section' }))
        : json(401, { error: 'Não autorizado' }),
    ...overrides,
  })
}

afterEach(() => vi.unstubAllGlobals())

async function signIn(user: ReturnType<typeof userEvent.setup>, token = TOKEN) {
  await user.type(await screen.findByLabelText('Token de administrador'), token)
  await user.click(screen.getByRole('button', { name: 'Entrar' }))
}

describe('admin area', () => {
  it('signs in with a pasted token kept in sessionStorage, never in the URL', async () => {
    const { fetchMock, calls } = adminServer()
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp('/admin')
    expect(await screen.findByLabelText('Token de administrador')).toHaveAttribute('type', 'password')
    await signIn(user)

    const table = await screen.findByRole('table')
    expect(sessionStorage.getItem('vitrine.adminToken')).toBe(TOKEN)
    expect(window.location.href).not.toContain(TOKEN)
    expect(calls.every((c) => !c.url.href.includes(TOKEN))).toBe(true)
    expect(calls.at(-1)?.url.search).toBe('?page=1&per_page=50')

    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('Ativo')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Inativo')).toBeInTheDocument()
    expect(within(rows[1]).queryByRole('link', { name: /Ver página/ })).toBeNull()
  })

  it('rejects a wrong token with a clear message', async () => {
    const { fetchMock } = adminServer()
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp('/admin')
    await signIn(user, 'errado')
    const input = screen.getByLabelText('Token de administrador')
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'))
    expect(input).toHaveAccessibleDescription('Token inválido. Confira o token e tente novamente.')
    expect(sessionStorage.getItem('vitrine.adminToken')).toBeNull()
  })

  it('edits the video with a live preview and saves it', async () => {
    sessionStorage.setItem('vitrine.adminToken', TOKEN)
    // The save is held until the test releases it, so the saving state can be checked.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const put = vi.fn(async (_url: URL, init: RequestInit) => {
      await held
      const body = JSON.parse(init.body as string)
      return json(200, makeAdminDetail({ id: ID, title: 'Apartamento no Centro', ...body }))
    })
    const { fetchMock } = adminServer({ [`PUT /api/admin/properties/${ID}`]: put })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp('/admin')

    await user.click(await screen.findByRole('link', { name: 'Editar vídeo de Apartamento no Centro' }))
    expect(window.location.pathname).toBe(`/admin/imoveis/${ID}`)
    const input = await screen.findByLabelText('Endereço do vídeo')
    expect(screen.getByRole('radio', { name: /Seção própria/ })).toBeChecked()
    expect(screen.getByText('Nenhum vídeo configurado.')).toBeInTheDocument()

    await user.type(input, 'https://example.com/video')
    expect(screen.getByText(/Endereço não reconhecido/, { selector: '#video-url-note' })).toBeInTheDocument()
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()

    await user.clear(input)
    await user.type(input, '  youtu.be/dQw4w9WgXcQ ')
    expect(screen.queryByText(/Endereço não reconhecido/)).toBeNull()
    const preview = screen.getByRole('region', { name: 'Pré-visualização' })
    expect(within(preview).getByTitle(VIDEO_TITLE)).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ')

    await user.click(screen.getByRole('radio', { name: /Carrossel/ }))
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(screen.getByRole('button', { name: 'Salvando…' })).toBeDisabled()
    expect(input).toBeDisabled()
    expect(screen.getByRole('status')).toHaveTextContent('')
    release()
    // The status region is always there: wait for its final text, not for the element.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas'))
    expect(screen.getByRole('button', { name: 'Salvar alterações' })).toBeEnabled()
    expect(put).toHaveBeenCalledTimes(1)
    const [, init] = put.mock.calls[0]
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${TOKEN}`)
    expect(JSON.parse(init.body as string)).toEqual({ video_url: 'youtu.be/dQw4w9WgXcQ', video_position: 'carousel' })
  })

  it('removes the video when the address is cleared', async () => {
    sessionStorage.setItem('vitrine.adminToken', TOKEN)
    const put = vi.fn((_url: URL, init: RequestInit) => json(200, makeAdminDetail({ id: ID, ...JSON.parse(init.body as string) })))
    const { fetchMock } = adminServer({
      [`GET /api/admin/properties/${ID}`]: () =>
        json(200, makeAdminDetail({ id: ID, video_url: 'https://vimeo.com/76979871', video_position: 'carousel' })),
      [`PUT /api/admin/properties/${ID}`]: put,
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp(`/admin/imoveis/${ID}`)
    const input = await screen.findByLabelText('Endereço do vídeo')
    expect(input).toHaveValue('https://vimeo.com/76979871')
    expect(screen.getByRole('radio', { name: /Carrossel/ })).toBeChecked()
    await user.clear(input)
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await screen.findByText('Alterações salvas')
    expect(JSON.parse(put.mock.calls[0][1].body as string)).toEqual({ video_url: null, video_position: 'carousel' })
  })

  it('shows 422 messages under their fields', async () => {
    sessionStorage.setItem('vitrine.adminToken', TOKEN)
    const { fetchMock } = adminServer({
      [`PUT /api/admin/properties/${ID}`]: () =>
        json(422, {
          error: 'Dados inválidos',
          details: { video_url: ['Endereço muito longo.'], video_position: ["Use 'carousel' ou 'section'."] },
        }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp(`/admin/imoveis/${ID}`)
    await user.type(await screen.findByLabelText('Endereço do vídeo'), 'https://vimeo.com/1')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    const input = screen.getByLabelText('Endereço do vídeo')
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'))
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Endereço muito longo.'))
    expect(screen.getByRole('group', { name: 'Onde mostrar o vídeo' })).toHaveAccessibleDescription(
      "Use 'carousel' ou 'section'.",
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Dados inválidos')
    expect(input).toHaveValue('https://vimeo.com/1')
  })

  it('signs out and asks for the token again on 401', async () => {
    sessionStorage.setItem('vitrine.adminToken', TOKEN)
    const { fetchMock } = adminServer({
      [`PUT /api/admin/properties/${ID}`]: () => json(401, { error: 'Não autorizado' }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp(`/admin/imoveis/${ID}`)
    await user.type(await screen.findByLabelText('Endereço do vídeo'), 'https://vimeo.com/1')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByLabelText('Token de administrador')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Sua sessão expirou')
    expect(sessionStorage.getItem('vitrine.adminToken')).toBeNull()
  })

  it('asks for the token again when the stored one is refused', async () => {
    sessionStorage.setItem('vitrine.adminToken', 'vencido')
    const { fetchMock } = adminServer()
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/admin')
    expect(await screen.findByLabelText('Token de administrador')).toBeInTheDocument()
    expect(sessionStorage.getItem('vitrine.adminToken')).toBeNull()
  })

  it('signs out on request', async () => {
    sessionStorage.setItem('vitrine.adminToken', TOKEN)
    const { fetchMock } = adminServer()
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup()
    renderApp('/admin')
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Sair' }))
    expect(await screen.findByLabelText('Token de administrador')).toBeInTheDocument()
    expect(sessionStorage.getItem('vitrine.adminToken')).toBeNull()
  })
})
