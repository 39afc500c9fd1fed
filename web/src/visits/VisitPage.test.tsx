import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, makeAgency, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'
import { SLOT_TAKEN } from './VisitBooking'

const slot = (startsAt: string, endsAt: string) => ({ starts_at: startsAt, ends_at: endsAt })

// 13:00 UTC is 10:00 in São Paulo.
const VISIT = {
  status: 'confirmed',
  starts_at: '2026-12-04T13:00:00Z',
  ends_at: '2026-12-04T14:00:00Z',
  property_slug: 'casa-da-lagoa',
  property_title: 'Casa da Lagoa',
  slots: {
    time_zone: 'America/Sao_Paulo',
    slot_minutes: 60,
    days: [{ date: '2026-12-04', slots: [slot('2026-12-04T13:00:00Z', '2026-12-04T14:00:00Z'), slot('2026-12-04T17:00:00Z', '2026-12-04T18:00:00Z')] }],
  },
}

function visitServer(reschedule: (body: { token: string; starts_at: string }) => Response) {
  const tokens: string[] = []
  const server = routeFetch({
    'GET /api/v1/agency': () => json(200, makeAgency()),
    'POST /api/v1/visits/lookup': (_url, init) => {
      tokens.push((JSON.parse(init.body as string) as { token: string }).token)
      return json(200, VISIT)
    },
    'POST /api/v1/visits/reschedule': (_url, init) => reschedule(JSON.parse(init.body as string)),
    'POST /api/v1/visits/cancel': () => json(200, { ...VISIT, status: 'cancelled', slots: { ...VISIT.slots, days: [] }, message: 'Visita cancelada.' }),
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return { ...server, tokens }
}

afterEach(() => vi.unstubAllGlobals())

describe('/visitas', () => {
  it('reads the token from the fragment and moves the visit to another free slot', async () => {
    const server = visitServer((body) =>
      json(200, { ...VISIT, starts_at: body.starts_at, ends_at: '2026-12-04T18:00:00Z', message: 'Visita remarcada!' }),
    )
    const user = userEvent.setup()
    renderApp('/visitas#vst_abc123')
    expect(await screen.findByText('sexta-feira, 4 de dezembro de 2026 às 10:00')).toBeInTheDocument()
    expect(server.tokens).toEqual(['vst_abc123'])
    expect(server.calls.every((c) => !c.url.href.includes('vst_abc123')), 'the token is never in an address').toBe(true)

    const times = screen.getByRole('group', { name: /Horário/ })
    // The visit's own time is not offered as a new one.
    expect(within(times).getAllByRole('button').map((b) => b.textContent)).toEqual(['14:00'])
    await user.click(within(times).getByRole('button', { name: '14:00' }))
    await user.click(screen.getByRole('button', { name: /^Remarcar para/ }))
    expect(await screen.findByRole('status')).toHaveTextContent('Visita remarcada!')
    expect(screen.getByText('sexta-feira, 4 de dezembro de 2026 às 14:00')).toBeInTheDocument()
  })

  it('says a slot taken meanwhile is taken, and cancels the visit', async () => {
    visitServer(() => json(409, { error: 'Este horário acabou de ser reservado', details: { starts_at: ['Já reservado.'] } }))
    const user = userEvent.setup()
    renderApp('/visitas#vst_abc123')
    await user.click(within(await screen.findByRole('group', { name: /Horário/ })).getByRole('button', { name: '14:00' }))
    await user.click(screen.getByRole('button', { name: /^Remarcar para/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent(SLOT_TAKEN)

    await user.click(screen.getByRole('button', { name: 'Cancelar a visita' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Visita cancelada.')
    expect(screen.getByText(/^Visita cancelada:/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar a visita' })).not.toBeInTheDocument()
  })
})
