import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SESSION_TOKEN, adminServer, signedInAs } from '../../test/admin'
import { json } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const TOKEN = 'vi_tokenDoConviteAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
const LINK = { kind: 'invite', email: 'bia@imobiliaria.com.br', name: 'Bia Lima', role: 'corretor', expires_at: '2026-12-01T12:00:00Z' }

describe('the pages a link opens', () => {
  it('accepts an invitation: the token leaves the address, the password is chosen, and the back office opens signed in', async () => {
    const accept = vi.fn((_url: URL, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { token: string; password: string }
      expect(body).toEqual({ token: TOKEN, password: 'senha-da-bia-123' })
      return json(201, signedInAs(SESSION_TOKEN, 'corretor'))
    })
    const server = adminServer(
      {
        'POST /api/admin/account/link': (_url, init) =>
          JSON.parse(init.body as string).token === TOKEN ? json(200, LINK) : json(410, { error: 'x' }),
        'POST /api/admin/account/accept-invitation': accept,
        'GET /api/admin/properties': () => json(200, { items: [], total: 0, page: 1, per_page: 20, next_cursor: null }),
        'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
      },
      { signedIn: false, role: 'corretor' },
    )
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup()
    renderApp(`/admin/convite#${TOKEN}`)
    expect(await screen.findByText(/Olá, Bia Lima! Escolha uma senha para entrar na equipe como corretor/)).toBeInTheDocument()
    expect(window.location.hash).toBe('')

    await user.type(screen.getByLabelText('Senha'), 'senha-da-bia-123')
    await user.type(screen.getByLabelText('Repita a senha'), 'outra-senha-123')
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }))
    expect(screen.getByRole('alert')).toHaveTextContent('As duas senhas não são iguais.')
    expect(accept).not.toHaveBeenCalled()

    await user.clear(screen.getByLabelText('Repita a senha'))
    await user.type(screen.getByLabelText('Repita a senha'), 'senha-da-bia-123')
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }))
    expect(await screen.findByRole('button', { name: 'Sair' })).toBeInTheDocument()
    expect(localStorage.getItem('vitrine.session')).toBe(SESSION_TOKEN)
    expect(window.location.pathname).toBe('/admin')
  })

  it('says so when the link opens nothing', async () => {
    const server = adminServer(
      { 'POST /api/admin/account/link': () => json(410, { error: 'Este link não vale mais.' }) },
      { signedIn: false },
    )
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    renderApp('/admin/nova-senha#vr_usado')
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link não vale mais: já foi usado')
  })

  it('asks for a reset link from the sign-in page and shows the one answer', async () => {
    const forgot = vi.fn(() => json(202, { message: 'Se houver uma conta ativa com este e-mail, enviamos um link.' }))
    const server = adminServer({ 'POST /api/admin/account/forgot-password': forgot }, { signedIn: false })
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup()
    renderApp('/admin')
    await user.click(await screen.findByRole('button', { name: 'Esqueci minha senha' }))
    await user.type(screen.getByLabelText('E-mail'), 'ana@imobiliaria.com.br')
    await user.click(screen.getByRole('button', { name: 'Enviar link' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Se houver uma conta ativa com este e-mail'))
    expect(forgot).toHaveBeenCalledTimes(1)
  })
})
