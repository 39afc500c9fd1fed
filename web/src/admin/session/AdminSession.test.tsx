import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SESSION_TOKEN, STAFF, adminServer, bearer, signedInAs } from '../../test/admin'
import { json, makeAdminDetail, makeAdminSummary } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import { AdminSessionProvider, useAdminSession } from './AdminSession'

const ID = '6f1c1f7e-8a51-4a8e-9d53-0d2b5a0f3c11'
const NEW_TOKEN = 'vs_novaSessaoBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'

afterEach(() => vi.unstubAllGlobals())

const list = () => json(200, { items: [makeAdminSummary({ id: ID, title: 'Apartamento no Centro' })], total: 1, page: 1, per_page: 50, next_cursor: null })

describe('back office session', () => {
  it('signs in with e-mail and password and opens the address asked for', async () => {
    const signIn = vi.fn((_url: URL, init: RequestInit) => {
      const { email, password } = JSON.parse(init.body as string)
      return email === STAFF.email && password === 'senha-certa-123'
        ? json(201, signedInAs(SESSION_TOKEN))
        : json(401, { error: 'E-mail ou senha incorretos.' })
    })
    const { fetchMock, calls } = adminServer(
      { 'POST /api/admin/session': signIn, 'GET /api/admin/properties': list },
      { signedIn: false },
    )
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin')

    await user.type(await screen.findByLabelText('E-mail'), STAFF.email)
    await user.type(screen.getByLabelText('Senha'), 'senha-errada')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.')
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true')
    expect(localStorage.getItem('vitrine.session')).toBeNull()

    await user.clear(screen.getByLabelText('Senha'))
    await user.type(screen.getByLabelText('Senha'), 'senha-certa-123')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Apartamento no Centro')).toBeInTheDocument()
    expect(screen.getByText(STAFF.name)).toBeInTheDocument()
    expect(localStorage.getItem('vitrine.session')).toBe(SESSION_TOKEN)
    expect(window.location.pathname).toBe('/admin')
    expect(calls.every((c) => !c.url.href.includes(SESSION_TOKEN))).toBe(true)
  })

  it('keeps what the user typed when the session expires, and saves it after signing in again', async () => {
    const put = vi.fn((_url: URL, init: RequestInit) =>
      json(200, makeAdminDetail({ id: ID, ...JSON.parse(init.body as string) })),
    )
    const server = adminServer({
      [`GET /api/admin/properties/${ID}`]: () => json(200, makeAdminDetail({ id: ID, video_url: null })),
      [`PUT /api/admin/properties/${ID}`]: put,
      [`GET /api/admin/properties/${ID}/photos`]: () => json(200, { photos: [] }),
      'POST /api/admin/session': () => {
        server.tokens.add(NEW_TOKEN)
        return json(201, signedInAs(NEW_TOKEN))
      },
    })
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp(`/admin/imoveis/${ID}`)

    const input = await screen.findByLabelText('Endereço do vídeo')
    await user.type(input, 'https://vimeo.com/76979871')
    server.tokens.delete(SESSION_TOKEN) // the session expires while the user types
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))

    const dialog = await screen.findByRole('dialog', { name: 'Entre novamente' })
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue(STAFF.email)
    expect(input).toHaveValue('https://vimeo.com/76979871')
    expect(put).not.toHaveBeenCalled()

    await user.type(within(dialog).getByLabelText('Senha'), 'senha-certa-123')
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(put).toHaveBeenCalledTimes(1)
    expect(bearer(put.mock.calls[0][1], NEW_TOKEN)).toBe(true)
    expect(JSON.parse(put.mock.calls[0][1].body as string).video_url).toBe('https://vimeo.com/76979871')
    expect(localStorage.getItem('vitrine.session')).toBe(NEW_TOKEN)
  })

  it('asks to sign in when the stored session is no longer valid', async () => {
    localStorage.setItem('vitrine.session', 'vs_vencida')
    const { fetchMock } = adminServer({ 'GET /api/admin/properties': list }, { signedIn: false })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/admin')
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Sua sessão expirou')
    expect(localStorage.getItem('vitrine.session')).toBeNull()
  })

  it('signs out: the server forgets the session and the token leaves the browser', async () => {
    const signOut = vi.fn((_url: URL, _init: RequestInit) => new Response(null, { status: 204 }))
    const { fetchMock } = adminServer({ 'GET /api/admin/properties': list, 'DELETE /api/admin/session': signOut })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin')
    await screen.findByText('Apartamento no Centro')
    await user.click(screen.getByRole('button', { name: 'Sair' }))
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Você saiu')
    expect(localStorage.getItem('vitrine.session')).toBeNull()
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1))
    expect(bearer(signOut.mock.calls[0][1])).toBe(true)
  })

  it('reads a file as a Blob with the session token, also after signing in again', async () => {
    const csv = vi.fn((_url: URL, _init: RequestInit) => new Response('nome;email\nMaria;maria@example.com\n', { headers: { 'Content-Type': 'text/csv' } }))
    const server = adminServer({
      'GET /api/admin/leads.csv': csv,
      'POST /api/admin/session': () => {
        server.tokens.add(NEW_TOKEN)
        return json(201, signedInAs(NEW_TOKEN))
      },
    })
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    function Download() {
      const { request } = useAdminSession()
      const [text, setText] = useState('')
      const download = async () => {
        const blob = await request('/api/admin/leads.csv?status=novo', { as: 'blob' })
        setText(`${blob.type} ${await blob.text()}`)
      }
      return (
        <>
          <button type="button" onClick={() => void download()}>
            Baixar
          </button>
          <output>{text}</output>
        </>
      )
    }
    const user = userEvent.setup({ delay: null })
    render(
      <AdminSessionProvider>
        <Download />
      </AdminSessionProvider>,
    )
    server.tokens.delete(SESSION_TOKEN)
    await user.click(await screen.findByRole('button', { name: 'Baixar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Entre novamente' })
    expect(csv).not.toHaveBeenCalled()
    await user.type(within(dialog).getByLabelText('Senha'), 'senha-certa-123')
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('text/csv nome;email Maria;maria@example.com'))
    expect(csv).toHaveBeenCalledTimes(1)
    expect(bearer(csv.mock.calls[0][1], NEW_TOKEN)).toBe(true)
    expect(csv.mock.calls[0][0].searchParams.get('status')).toBe('novo')
  })
})
