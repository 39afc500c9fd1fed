import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STAFF, adminServer, bearer } from '../../test/admin'
import { json } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'

afterEach(() => vi.unstubAllGlobals())

describe('Minha conta', () => {
  it('changes one’s own password, given the current one', async () => {
    const change = vi.fn((_url: URL, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { current_password: string; new_password: string }
      if (body.current_password !== 'senha-antiga-123') {
        return json(422, { error: 'Dados inválidos', details: { current_password: ['Senha atual incorreta.'] } })
      }
      return new Response(null, { status: 204 })
    })
    const server = adminServer(
      {
        'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
        'PUT /api/admin/me/password': change,
      },
      { role: 'corretor' },
    )
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/conta')
    expect(await screen.findByRole('heading', { name: 'Minha conta', level: 1 })).toBeInTheDocument()
    expect(screen.getByText(/Corretor/)).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Trocar a senha' })

    await user.type(within(form).getByLabelText('Senha atual'), 'chute-errado-1')
    await user.type(within(form).getByLabelText('Nova senha'), 'uma senha nova e longa')
    await user.type(within(form).getByLabelText('Repita a nova senha'), 'uma senha nova e longaX')
    await user.click(within(form).getByRole('button', { name: 'Trocar a senha' }))
    expect(within(form).getByLabelText('Repita a nova senha')).toHaveAccessibleDescription('As senhas não conferem.')
    expect(change).not.toHaveBeenCalled()

    await user.clear(within(form).getByLabelText('Repita a nova senha'))
    await user.type(within(form).getByLabelText('Repita a nova senha'), 'uma senha nova e longa')
    await user.click(within(form).getByRole('button', { name: 'Trocar a senha' }))
    const current = within(form).getByLabelText('Senha atual')
    await waitFor(() => expect(current).toHaveAccessibleDescription('Senha atual incorreta.'))

    await user.clear(current)
    await user.type(current, 'senha-antiga-123')
    await user.click(within(form).getByRole('button', { name: 'Trocar a senha' }))
    expect(await within(form).findByText(/Senha alterada. As suas outras sessões foram encerradas/)).toBeInTheDocument()
    expect(within(form).getByLabelText('Nova senha')).toHaveValue('')
    expect(change).toHaveBeenCalledTimes(2)
    expect(bearer(change.mock.calls[1][1])).toBe(true)
    expect(JSON.parse(change.mock.calls[1][1].body as string)).toEqual({
      current_password: 'senha-antiga-123',
      new_password: 'uma senha nova e longa',
    })
  })

  it('lets a corretor fill in their own broker profile, which the team page would need staff for', async () => {
    const save = vi.fn((_url: URL, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { creci: string; whatsapp: string }
      return json(200, { ...STAFF, role: 'corretor', creci: 'CRECI/SC 23456-F', phone: null, whatsapp: body.whatsapp ? '+5548988887777' : null })
    })
    const server = adminServer(
      {
        'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
        [`PUT /api/admin/users/${STAFF.id}/profile`]: save,
      },
      { role: 'corretor' },
    )
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/conta')
    const form = await screen.findByRole('form', { name: `Perfil de corretor de ${STAFF.name}` })
    await user.type(within(form).getByLabelText('CRECI'), 'creci/sc 23456 f')
    await user.type(within(form).getByLabelText('WhatsApp'), '48 98888-7777')
    await user.click(within(form).getByRole('button', { name: /Salvar/ }))
    await waitFor(() => expect(within(form).getByLabelText('CRECI')).toHaveValue('CRECI/SC 23456-F'))
    expect(save).toHaveBeenCalledTimes(1)
    expect(bearer(save.mock.calls[0][1])).toBe(true)
    expect(within(form).getByText(/Foto/)).toBeInTheDocument()
  })
})

describe('Horários de visita', () => {
  it('shows one’s week and exceptions, and saves a new interval with the whole week', async () => {
    const hours = {
      time_zone: 'America/Sao_Paulo',
      slot_minutes: 60,
      weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
      exceptions: [{ date: '2099-12-24', intervals: [] }],
    }
    const put = vi.fn((_url: URL, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as typeof hours
      return json(200, { ...hours, ...body })
    })
    const server = adminServer(
      {
        'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
        [`GET /api/admin/users/${STAFF.id}/visit-hours`]: () => json(200, hours),
        [`PUT /api/admin/users/${STAFF.id}/visit-hours`]: put,
      },
      { role: 'corretor' },
    )
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/conta')
    const form = await screen.findByRole('form', { name: 'Horários de visita' })
    expect(within(form).getByLabelText('Segunda, intervalo 1: início')).toHaveValue('09:00')
    expect(within(form).getByLabelText('Dia sem visitas')).toBeChecked()

    const saturday = within(form).getByRole('group', { name: 'Sábado' })
    await user.click(within(saturday).getByRole('button', { name: 'Adicionar intervalo' }))
    const end = within(form).getByLabelText('Sábado, intervalo 1: fim')
    await user.clear(end)
    await user.type(end, '13:00')
    await user.click(within(form).getByRole('button', { name: 'Salvar horários' }))
    expect(await within(form).findByText('Horários de visita salvos.')).toBeInTheDocument()
    expect(JSON.parse(put.mock.calls[0][1].body as string)).toEqual({
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 6, start: '09:00', end: '13:00' },
      ],
      exceptions: [{ date: '2099-12-24', intervals: [] }],
    })
  })
})
