import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminServer } from '../test/admin'
import { json } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

afterEach(() => vi.unstubAllGlobals())

const EMPTY_LEADS = { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }

function serve(role: 'administrador' | 'assistente' | 'corretor') {
  const server = adminServer(
    {
      'GET /api/admin/leads': () => json(200, EMPTY_LEADS),
      'GET /api/admin/users': () => json(200, { items: [] }),
      'GET /api/admin/tokens': () => json(200, { items: [] }),
    },
    { role },
  )
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return server
}

const nav = () => screen.findByRole('navigation', { name: 'Área da equipe' })

describe('the back office by role', () => {
  it('shows a corretor only what the role may use', async () => {
    serve('corretor')
    renderApp('/admin/contatos')
    const links = within(await nav()).getAllByRole('link').map((a) => a.textContent)
    expect(links).toEqual(['Imóveis', expect.stringMatching(/^Contatos/), 'Minha conta'])
    expect(await screen.findByRole('heading', { name: 'Contatos', level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Privacidade / LGPD' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).toBeNull()
  })

  it('answers a corretor who opens the staff page with the 403 view', async () => {
    const server = serve('corretor')
    renderApp('/admin/equipe')
    expect(await screen.findByRole('heading', { name: 'Acesso negado', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Você não tem permissão para acessar esta página.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para os imóveis' })).toHaveAttribute('href', '/admin')
    // The page asked nothing the server would refuse.
    expect(server.calls.map((c) => c.url.pathname)).not.toContain('/api/admin/users')
  })

  it('gives an assistente the leads export but not the agency, staff or LGPD', async () => {
    serve('assistente')
    renderApp('/admin/contatos')
    const links = within(await nav()).getAllByRole('link').map((a) => a.textContent)
    expect(links).not.toContain('Agência')
    expect(links).not.toContain('Equipe e acesso')
    expect(await screen.findByRole('button', { name: 'Exportar CSV' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Privacidade / LGPD' })).toBeNull()
  })

  it('shows an administrador everything', async () => {
    serve('administrador')
    renderApp('/admin/contatos')
    const links = within(await nav()).getAllByRole('link').map((a) => a.textContent)
    expect(links).toEqual(expect.arrayContaining(['Agência', 'Equipe e acesso', 'Minha conta']))
    expect(await screen.findByRole('link', { name: 'Privacidade / LGPD' })).toBeInTheDocument()
  })
})
