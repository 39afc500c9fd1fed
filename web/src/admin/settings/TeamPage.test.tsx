import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STAFF, adminServer, bearer, uploadServer } from '../../test/admin'
import { json } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import type { Session } from '../session/types'
import type { ApiToken, StaffMember } from './api'

afterEach(() => vi.unstubAllGlobals())

const NO_PROFILE = { creci: null, phone: null, whatsapp: null, photo: null }
const BRUNO: StaffMember = {
  id: 2,
  email: 'bruno@imobiliaria.com.br',
  name: 'Bruno Lima',
  role: 'corretor',
  active: true,
  last_seen_at: '2026-11-24T20:15:00Z',
  ...NO_PROFILE,
}
const CARLA: StaffMember = { id: 3, email: 'carla@imobiliaria.com.br', name: 'Carla Dias', role: 'assistente', active: true, last_seen_at: null, ...NO_PROFILE }
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const NEW_TOKEN = 'vt_segredoDoTokenQueSoApareceUmaVezXXXXXXXXXXXX'

function session(overrides: Partial<Session>): Session {
  return {
    id: 30,
    user_id: BRUNO.id,
    user_agent: CHROME_WINDOWS,
    created_at: '2026-11-20T12:00:00Z',
    last_used_at: '2026-11-24T20:15:00Z',
    idle_expires_at: '2026-11-25T08:15:00Z',
    expires_at: '2026-12-20T12:00:00Z',
    current: false,
    ...overrides,
  }
}

/** Staff, sessions and tokens over in-memory lists, as the server answers them. */
function teamServer() {
  const people: StaffMember[] = [{ ...STAFF, last_seen_at: '2026-11-25T12:00:00Z' }, BRUNO, CARLA]
  const sessions: Session[] = [
    session({ id: 7, user_id: STAFF.id, user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0', current: true }),
    session({ id: 31, user_id: BRUNO.id }),
    session({ id: 32, user_id: BRUNO.id, user_agent: SAFARI_IPHONE }),
  ]
  const tokens: ApiToken[] = [
    { name: 'site-parceiro', role: 'administrador', created_at: '2026-11-01T12:00:00Z', last_used_at: '2026-11-25T11:00:00Z', created_by: null },
  ]
  const handlers = {
    updateUser: vi.fn((url: URL, init: RequestInit) => {
      const id = Number(url.pathname.split('/').at(-1))
      const change = JSON.parse(init.body as string) as Partial<StaffMember>
      const p = people.find((x) => x.id === id)!
      if (change.role && change.role !== 'administrador' && p.role === 'administrador' && !people.some((x) => x.id !== id && x.role === 'administrador')) {
        return json(409, { error: 'A imobiliária precisa de pelo menos um administrador ativo: promova outra pessoa antes.' })
      }
      Object.assign(p, change, change.active === false ? { deactivated_at: '2026-11-26T14:00:00Z' } : {})
      return json(200, p)
    }),
    addUser: vi.fn((_url: URL, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { email: string; name: string; password: string; role: StaffMember['role'] }
      if (people.some((p) => p.email === body.email)) {
        return json(409, { error: 'E-mail já cadastrado', details: { email: ['Já existe uma pessoa com este e-mail.'] } })
      }
      const person = { id: 10 + people.length, email: body.email, name: body.name, role: body.role, active: true, ...NO_PROFILE }
      people.push(person)
      return json(201, person)
    }),
    removeUser: vi.fn((url: URL, _init: RequestInit) => {
      const id = Number(url.pathname.split('/').at(-1))
      people.splice(
        people.findIndex((p) => p.id === id),
        1,
      )
      return new Response(null, { status: 204 })
    }),
    revokeSession: vi.fn((url: URL, _init: RequestInit) => {
      const id = Number(url.pathname.split('/').at(-1))
      sessions.splice(
        sessions.findIndex((s) => s.id === id),
        1,
      )
      return new Response(null, { status: 204 })
    }),
    createToken: vi.fn((_url: URL, init: RequestInit) => {
      const { name } = JSON.parse(init.body as string) as { name: string }
      if (tokens.some((t) => t.name === name)) return json(409, { error: 'Já existe', details: { name: ['Já existe um token com este nome.'] } })
      tokens.push({ name, role: 'administrador', created_at: '2026-11-26T14:00:00Z', last_used_at: null, created_by: { kind: 'user', name: STAFF.name } })
      return json(201, { name, token: NEW_TOKEN, role: 'administrador', created_at: '2026-11-26T14:00:00Z' })
    }),
    revokeToken: vi.fn((url: URL, _init: RequestInit) => {
      const name = decodeURIComponent(url.pathname.split('/').at(-1)!)
      tokens.splice(
        tokens.findIndex((t) => t.name === name),
        1,
      )
      return new Response(null, { status: 204 })
    }),
    signOut: vi.fn((_url: URL, _init: RequestInit) => new Response(null, { status: 204 })),
    removePhoto: vi.fn((url: URL, _init: RequestInit) => {
      const p = people.find((x) => x.id === Number(url.pathname.split('/').at(-2)))!
      Object.assign(p, { photo: null })
      return new Response(null, { status: 204 })
    }),
    saveProfile: vi.fn((url: URL, init: RequestInit) => {
      const id = Number(url.pathname.split('/').at(-2))
      const body = JSON.parse(init.body as string) as { creci: string; phone: string; whatsapp: string }
      if (body.creci && !body.creci.includes('SC')) {
        return json(422, {
          error: 'Dados inválidos',
          details: { creci: ['Informe o CRECI do corretor (pessoa física) com o estado, como CRECI/SC 12345-F.'] },
        })
      }
      const p = people.find((x) => x.id === id)!
      Object.assign(p, { creci: body.creci ? 'CRECI/SC 23456-F' : null, phone: null, whatsapp: body.whatsapp ? '+5548988887777' : null })
      return json(200, p)
    }),
  }
  const sessionRoutes = Object.fromEntries(
    people.map((p) => [`GET /api/admin/users/${p.id}/sessions`, () => json(200, { items: sessions.filter((s) => s.user_id === p.id) })]),
  )
  const server = adminServer({
    'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
    'GET /api/admin/users': () => json(200, { items: people }),
    'POST /api/admin/users': handlers.addUser,
    'DELETE /api/admin/users/2': handlers.removeUser,
    'PATCH /api/admin/users/1': handlers.updateUser,
    'PATCH /api/admin/users/2': handlers.updateUser,
    'DELETE /api/admin/users/3': handlers.removeUser,
    'PUT /api/admin/users/2/profile': handlers.saveProfile,
    'GET /api/admin/users/2/visit-hours': () =>
      json(200, { time_zone: 'America/Sao_Paulo', slot_minutes: 60, weekly: [{ weekday: 6, start: '09:00', end: '13:00' }], exceptions: [] }),
    'DELETE /api/admin/users/2/photo': handlers.removePhoto,
    ...sessionRoutes,
    ...Object.fromEntries(sessions.map((s) => [`DELETE /api/admin/sessions/${s.id}`, handlers.revokeSession])),
    'DELETE /api/admin/session': handlers.signOut,
    'GET /api/admin/tokens': () => json(200, { items: tokens }),
    'POST /api/admin/tokens': handlers.createToken,
    'DELETE /api/admin/tokens/site-parceiro': handlers.revokeToken,
    'DELETE /api/admin/tokens/planilha': handlers.revokeToken,
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  // `tokens` are the API tokens listed; the session tokens the server accepts are `accepted`.
  return { ...server, ...handlers, people, sessions, tokens, accepted: server.tokens }
}

const person = (name: string) => screen.findByRole('listitem', { name })

/** Opens Bruno's broker profile and returns its photo control. */
async function brunoPhoto(user: ReturnType<typeof userEvent.setup>) {
  const bruno = await person('Bruno Lima')
  await user.click(within(bruno).getByRole('button', { name: 'Perfil de corretor de Bruno Lima' }))
  return within(bruno).getByRole('group', { name: 'Foto' })
}

describe('team page', () => {
  it('lists the staff; nobody can remove themselves', async () => {
    teamServer()
    renderApp('/admin/equipe')
    expect(await screen.findByRole('heading', { name: 'Equipe e acesso', level: 1 })).toBeInTheDocument()

    const ana = await person(STAFF.name)
    expect(within(ana).getByText('você')).toBeInTheDocument()
    expect(within(ana).getByText(STAFF.email)).toBeInTheDocument()
    expect(within(ana).queryByRole('button', { name: /Remover/ })).toBeNull()

    const bruno = await person('Bruno Lima')
    expect(within(bruno).getByText('Último acesso em 24/11/2026, 17:15')).toBeInTheDocument()
    expect(within(bruno).getByRole('button', { name: 'Remover Bruno Lima' })).toBeInTheDocument()
    expect(within(await person('Carla Dias')).getByText('Ainda não acessou')).toBeInTheDocument()
  })

  it('adds a person; a used e-mail is refused under the e-mail field', async () => {
    const server = teamServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    await person('Bruno Lima')
    const form = screen.getByRole('form', { name: 'Nova pessoa na equipe' })
    expect(within(form).getByLabelText('Senha inicial')).toHaveAccessibleDescription(/Pelo menos 10 caracteres/)

    await user.type(within(form).getByLabelText('Nome'), 'Davi Rocha')
    await user.type(within(form).getByLabelText('E-mail'), BRUNO.email)
    await user.type(within(form).getByLabelText('Senha inicial'), 'uma frase bem longa')
    await user.click(within(form).getByRole('button', { name: 'Adicionar pessoa' }))

    const email = within(form).getByLabelText('E-mail')
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription('Este e-mail já está cadastrado.')
    expect(within(form).getByRole('alert')).toHaveTextContent('verifique o e-mail')
    expect(within(form).getByLabelText('Nome')).toHaveValue('Davi Rocha')
    expect(within(form).getByLabelText('Senha inicial')).toHaveValue('uma frase bem longa')

    await user.clear(email)
    await user.type(email, 'davi@imobiliaria.com.br')
    expect(email).not.toHaveAttribute('aria-invalid')
    const role = within(form).getByLabelText('Papel')
    expect(role).toHaveValue('corretor')
    await user.selectOptions(role, 'Assistente')
    expect(role).toHaveAccessibleDescription(/Assistente: todos os imóveis e contatos/)
    await user.click(within(form).getByRole('button', { name: 'Adicionar pessoa' }))

    expect(await person('Davi Rocha')).toBeInTheDocument()
    expect(screen.getByText('Davi Rocha agora faz parte da equipe.')).toBeInTheDocument()
    expect(within(form).getByLabelText('Nome')).toHaveValue('')
    expect(within(form).getByLabelText('Senha inicial')).toHaveValue('')
    expect(server.addUser).toHaveBeenCalledTimes(2)
    expect(bearer(server.addUser.mock.calls[1][1])).toBe(true)
    expect(JSON.parse(server.addUser.mock.calls[1][1].body as string)).toEqual({
      name: 'Davi Rocha',
      email: 'davi@imobiliaria.com.br',
      password: 'uma frase bem longa',
      role: 'assistente',
    })
  })

  it("shows a broker's hours for visits beside their profile, for the administrador to change", async () => {
    teamServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const bruno = await person('Bruno Lima')
    await user.click(within(bruno).getByRole('button', { name: 'Perfil de corretor de Bruno Lima' }))
    const hours = await within(bruno).findByRole('form', { name: 'Horários de visita' })
    expect(within(hours).getByLabelText('Sábado, intervalo 1: fim')).toHaveValue('13:00')
  })

  it("saves a person's broker profile, with the server's reasons under the fields", async () => {
    const server = teamServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const bruno = await person('Bruno Lima')
    await user.click(within(bruno).getByRole('button', { name: 'Perfil de corretor de Bruno Lima' }))
    const form = within(bruno).getByRole('form', { name: 'Perfil de corretor de Bruno Lima' })
    await user.type(within(form).getByLabelText('CRECI'), '23456-F')
    await user.click(within(form).getByRole('button', { name: 'Salvar perfil' }))
    expect(await within(form).findByText(/com o estado, como CRECI\/SC 12345-F/)).toBeInTheDocument()
    expect(within(form).getByLabelText('CRECI')).toHaveAttribute('aria-invalid', 'true')

    await user.clear(within(form).getByLabelText('CRECI'))
    await user.type(within(form).getByLabelText('CRECI'), '23456-F/SC')
    await user.type(within(form).getByLabelText('WhatsApp'), '(48) 98888-7777')
    await user.click(within(form).getByRole('button', { name: 'Salvar perfil' }))
    expect(await within(form).findByText('Perfil salvo')).toBeInTheDocument()
    expect(JSON.parse(server.saveProfile.mock.calls[1][1].body as string)).toEqual({
      creci: '23456-F/SC',
      phone: '',
      whatsapp: '(48) 98888-7777',
    })
    expect(within(form).getByLabelText('CRECI')).toHaveValue('CRECI/SC 23456-F')
    expect(within(bruno).getByText('CRECI/SC 23456-F', { selector: '.person__creci' })).toBeInTheDocument()
  })

  it("sends a person's photo, shows the file while the server processes it, and says why a file is refused", async () => {
    const createObjectURL = vi.fn(() => 'blob:vitrine/bruno')
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }))
    const server = teamServer()
    const uploads = uploadServer(server.accepted)
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const photo = await brunoPhoto(user)
    expect(within(photo).queryByRole('img')).toBeNull()
    expect(within(photo).queryByRole('button', { name: /Remover a foto/ })).toBeNull()

    // An iPhone's HEIC: the server's advice, in its words.
    const heic = 'Fotos HEIC (o formato padrão do iPhone) não são aceitas. Envie em JPEG.'
    await user.upload(within(photo).getByLabelText('Enviar foto'), new File(['heic'], 'IMG_0001.HEIC', { type: 'image/heic' }))
    await waitFor(() => expect(uploads.sent).toHaveLength(1))
    await act(async () => uploads.sent[0].respond(415, { error: heic }))
    expect(await within(photo).findByRole('alert')).toHaveTextContent(heic)

    const file = new File(['jpeg'], 'bruno.jpg', { type: 'image/jpeg' })
    await user.upload(within(photo).getByLabelText('Enviar foto'), file)
    await waitFor(() => expect(uploads.sent).toHaveLength(2))
    const sent = uploads.sent[1]
    expect(sent.method).toBe('PUT')
    expect(sent.url).toBe('/api/admin/users/2/photo')
    expect(sent.file?.name).toBe('bruno.jpg')
    await act(async () => sent.respond(200, { ...BRUNO, photo: { status: 'processing', error: null, url: null } }))
    expect(within(photo).getByRole('status')).toHaveTextContent('Foto enviada. Ela aparece no site assim que for processada.')
    expect(within(photo).getByText('Processando a foto…')).toBeInTheDocument()
    expect(within(photo).getByRole('img', { name: 'Foto de Bruno Lima' })).toHaveAttribute('src', 'blob:vitrine/bruno')
    expect(createObjectURL).toHaveBeenCalledWith(file)
    expect(within(photo).queryByRole('alert')).toBeNull()
    expect(within(photo).getByLabelText('Trocar foto')).toBeInTheDocument()
  })

  it("shows a person's photo, and removes it", async () => {
    const server = teamServer()
    const url = 'https://vitrine.example/media/4f6c1a2b3c4d5e6f708192a3b4c5d6e7-480.jpg'
    server.people[1] = { ...BRUNO, photo: { status: 'ready', error: null, url } }
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const photo = await brunoPhoto(user)
    const img = within(photo).getByRole('img', { name: 'Foto de Bruno Lima' })
    expect(img).toHaveAttribute('src', url)
    expect(img).toHaveAttribute('width', '64')
    expect(img).toHaveAttribute('height', '64')

    await user.click(within(photo).getByRole('button', { name: 'Remover a foto de Bruno Lima' }))
    expect(await within(photo).findByText('Foto removida')).toBeInTheDocument()
    expect(server.removePhoto).toHaveBeenCalledTimes(1)
    expect(bearer(server.removePhoto.mock.calls[0][1])).toBe(true)
    expect(within(photo).queryByRole('img')).toBeNull()
    expect(within(photo).getByLabelText('Enviar foto')).toBeInTheDocument()
  })

  it("says when a photo's processing failed", async () => {
    const server = teamServer()
    server.people[1] = { ...BRUNO, photo: { status: 'failed', error: 'O arquivo está corrompido ou incompleto. Envie a foto de novo.', url: null } }
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const photo = await brunoPhoto(user)
    expect(within(photo).getByText('O arquivo está corrompido ou incompleto. Envie a foto de novo.')).toBeInTheDocument()
    expect(within(photo).queryByRole('img')).toBeNull()
  })

  it('removes a person only after confirming', async () => {
    const server = teamServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const bruno = await person('Bruno Lima')

    await user.click(within(bruno).getByRole('button', { name: 'Remover Bruno Lima' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Remover Bruno Lima?' })
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(server.removeUser).not.toHaveBeenCalled()

    await user.click(within(bruno).getByRole('button', { name: 'Remover Bruno Lima' }))
    expect(screen.getByRole('alertdialog', { name: 'Remover Bruno Lima?' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(within(bruno).getByRole('button', { name: 'Remover Bruno Lima' })).toHaveFocus()

    await user.click(within(bruno).getByRole('button', { name: 'Remover Bruno Lima' }))
    dialog = screen.getByRole('alertdialog', { name: 'Remover Bruno Lima?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Bruno Lima' })).toBeNull())
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByText('Bruno Lima não faz mais parte da equipe.')).toBeInTheDocument()
    expect(server.removeUser).toHaveBeenCalledTimes(1)
    expect(server.removeUser.mock.calls[0][0].pathname).toBe('/api/admin/users/2')
    expect(bearer(server.removeUser.mock.calls[0][1])).toBe(true)
  })

  it("lists a person's sessions and ends one", async () => {
    const server = teamServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const bruno = await person('Bruno Lima')

    const toggle = within(bruno).getByRole('button', { name: 'Ver sessões de Bruno Lima' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const list = await within(bruno).findByRole('list', { name: 'Sessões de Bruno Lima' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Chrome no Windows', 'Safari no iPhone'])
    expect(items[0]).toHaveTextContent('Entrou em:20/11/2026, 09:00')
    expect(items[0]).toHaveTextContent('Último uso:24/11/2026, 17:15')
    expect(items[0]).toHaveTextContent('Expira:25/11/2026, 05:15 se não for usada; no máximo em 20/12/2026, 09:00')
    expect(within(list).queryByText('esta sessão')).toBeNull()

    await user.click(within(items[0]).getByRole('button', { name: 'Encerrar sessão' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    expect(within(list).getByText('Safari no iPhone')).toBeInTheDocument()
    expect(server.revokeSession.mock.calls[0][0].pathname).toBe('/api/admin/sessions/31')
    expect(bearer(server.revokeSession.mock.calls[0][1])).toBe(true)
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument()
  })

  it('ending this session signs out, after confirming', async () => {
    const server = teamServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const ana = await person(STAFF.name)
    await user.click(within(ana).getByRole('button', { name: `Ver sessões de ${STAFF.name}` }))
    const list = await within(ana).findByRole('list', { name: `Sessões de ${STAFF.name}` })
    const current = within(list).getByRole('listitem')
    expect(current).toHaveTextContent('Firefox no Linux')
    expect(within(current).getByText('esta sessão')).toBeInTheDocument()

    await user.click(within(current).getByRole('button', { name: 'Encerrar sessão' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Encerrar esta sessão?' })
    expect(server.revokeSession).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar e sair' }))

    expect(await screen.findByLabelText('Senha')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Você saiu')
    expect(server.revokeSession.mock.calls[0][0].pathname).toBe('/api/admin/sessions/7')
    expect(localStorage.getItem('vitrine.session')).toBeNull()
  })

  it('shows each API token’s role', async () => {
    teamServer()
    renderApp('/admin/equipe')
    const item = (await screen.findByText('site-parceiro')).closest('li')!
    expect(within(item).getByText('Administrador')).toBeInTheDocument()
  })

  it('creates an API token and shows it once; revokes a token after confirming', async () => {
    const server = teamServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const tokens = await screen.findByRole('region', { name: 'Tokens de API' })
    expect(await within(tokens).findByText('site-parceiro')).toBeInTheDocument()
    expect(within(tokens).getByText(/Criado em 01\/11\/2026, 09:00 · Último uso em 25\/11\/2026, 08:00/)).toBeInTheDocument()

    const form = within(tokens).getByRole('form', { name: 'Criar token' })
    await user.type(within(form).getByLabelText('Nome do novo token'), 'site-parceiro')
    await user.click(within(form).getByRole('button', { name: 'Criar token' }))
    await waitFor(() => expect(within(form).getByLabelText('Nome do novo token')).toHaveAccessibleDescription(/Já existe um token com este nome\./))

    await user.clear(within(form).getByLabelText('Nome do novo token'))
    await user.type(within(form).getByLabelText('Nome do novo token'), 'planilha')
    await user.click(within(form).getByRole('button', { name: 'Criar token' }))

    const secret = await within(tokens).findByLabelText('Token planilha')
    expect(secret).toHaveValue(NEW_TOKEN)
    expect(secret).toHaveAttribute('readonly')
    expect(secret).toHaveAccessibleDescription(/não será mostrado de novo/)
    expect(JSON.parse(server.createToken.mock.calls[1][1].body as string)).toEqual({ name: 'planilha' })
    expect(within(tokens).getByText(`Criado em 26/11/2026, 11:00 por ${STAFF.name} · Nunca usado`)).toBeInTheDocument()

    await user.click(within(tokens).getByRole('button', { name: 'Copiar' }))
    expect(await within(tokens).findByText('Token copiado.')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(NEW_TOKEN)

    await user.click(within(tokens).getByRole('button', { name: 'Fechar' }))
    expect(within(tokens).queryByLabelText('Token planilha')).toBeNull()
    expect(document.body.innerHTML).not.toContain(NEW_TOKEN)

    // Opened again, the page lists the token by name only.
    cleanup()
    renderApp('/admin/equipe')
    const again = await screen.findByRole('region', { name: 'Tokens de API' })
    expect(await within(again).findByText('planilha')).toBeInTheDocument()
    expect(document.body.innerHTML).not.toContain(NEW_TOKEN)
    expect(JSON.stringify({ ...localStorage })).not.toContain(NEW_TOKEN)

    await user.click(within(again).getByRole('button', { name: 'Revogar o token site-parceiro' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Revogar o token site-parceiro?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }))
    await waitFor(() => expect(within(again).queryByText('site-parceiro')).toBeNull())
    expect(screen.getByText('O token site-parceiro foi revogado.')).toBeInTheDocument()
    expect(server.revokeToken).toHaveBeenCalledTimes(1)
    expect(server.revokeToken.mock.calls[0][0].pathname).toBe('/api/admin/tokens/site-parceiro')
    expect(bearer(server.revokeToken.mock.calls[0][1])).toBe(true)
  })
})

describe('roles on the team page', () => {
  it('changes a role; the last administrador stays one, as the server says', async () => {
    const server = teamServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const bruno = await person('Bruno Lima')
    const role = within(bruno).getByLabelText('Papel de Bruno Lima')
    expect(role).toHaveValue('corretor')
    await user.selectOptions(role, 'Administrador')
    expect(await screen.findByText('Bruno Lima agora é administrador.')).toBeInTheDocument()
    expect(JSON.parse(server.updateUser.mock.calls[0][1].body as string)).toEqual({ role: 'administrador' })

    // Bruno is an administrador now: Ana may step down. Had he not been,
    // the server's 409 would be shown under her name.
    server.people[1].role = 'corretor'
    const ana = await person(STAFF.name)
    await user.selectOptions(within(ana).getByLabelText('Papel de Ana Souza'), 'Corretor')
    expect(await within(ana).findByRole('alert')).toHaveTextContent('pelo menos um administrador ativo')
    expect(within(ana).getByLabelText('Papel de Ana Souza')).toHaveValue('administrador')
  })

  it('deactivates and reactivates a person, never oneself', async () => {
    const server = teamServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/equipe')
    const ana = await person(STAFF.name)
    expect(within(ana).queryByRole('button', { name: /Desativar/ })).toBeNull()
    const bruno = await person('Bruno Lima')
    await user.click(within(bruno).getByRole('button', { name: 'Desativar Bruno Lima' }))
    expect(await screen.findByText(/Acesso de Bruno Lima desativado: as sessões e os tokens foram encerrados/)).toBeInTheDocument()
    expect(within(bruno).getByText('desativada')).toBeInTheDocument()
    await user.click(within(bruno).getByRole('button', { name: 'Reativar Bruno Lima' }))
    await waitFor(() => expect(within(bruno).queryByText('desativada')).toBeNull())
    expect(server.updateUser.mock.calls.map((c) => JSON.parse(c[1].body as string))).toEqual([{ active: false }, { active: true }])
  })
})
