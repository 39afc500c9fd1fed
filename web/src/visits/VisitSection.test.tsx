import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SLOT_TAKEN } from './VisitBooking'
import { VisitSection } from './VisitSection'

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

const slot = (startsAt: string) => ({ starts_at: startsAt, ends_at: startsAt.replace(/T(\d\d)/, (_, h) => `T${Number(h) + 1}`) })

// 13:00 and 14:00 UTC are 10:00 and 11:00 in São Paulo.
const SLOTS = {
  time_zone: 'America/Sao_Paulo',
  slot_minutes: 60,
  days: [
    { date: '2026-12-04', slots: [slot('2026-12-04T13:00:00Z'), slot('2026-12-04T14:00:00Z')] },
    { date: '2026-12-05', slots: [slot('2026-12-05T12:00:00Z')] },
  ],
}

const NOTICE = { version: '0a1b2c3d4e5f6a7b', text: 'Quem recebe seus dados: Imobiliária Lagoa.', consent_label: 'Aceito novidades', policy_url: '/privacidade' }

/** The server: slots (as `slots` gives them at each call), the notice, and the booking's answer. */
function serve(slots: () => unknown, book: () => Response) {
  const booked: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/visit-slots')) return json(200, slots())
      if (url === '/api/v1/privacy-notice') return json(200, NOTICE)
      booked.push(JSON.parse(init.body as string))
      return book()
    }),
  )
  return booked
}

afterEach(() => vi.unstubAllGlobals())

describe('VisitSection', () => {
  it('shows nothing when the broker has no free slot', async () => {
    serve(
      () => ({ ...SLOTS, days: [] }),
      () => json(500, {}),
    )
    const { container } = render(<VisitSection slug="casa" />)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    // The answer read and rendered: still nothing to show.
    await act(async () => {
      await vi.mocked(fetch).mock.results[0].value
    })
    expect(container).toBeEmptyDOMElement()
  })

  it('books a slot with name and e-mail under the privacy notice, then confirms it', async () => {
    const booked = serve(
      () => SLOTS,
      () => json(201, { id: 9, starts_at: '2026-12-04T14:00:00Z', ends_at: '2026-12-04T15:00:00Z', message: 'Visita agendada!' }),
    )
    const user = userEvent.setup()
    render(<VisitSection slug="casa" />)
    await user.click(await screen.findByRole('button', { name: 'Agendar visita' }))

    const days = await screen.findByRole('group', { name: 'Dia' })
    expect(within(days).getAllByRole('button').map((b) => b.textContent)).toEqual(['sex., 4 de dez.', 'sáb., 5 de dez.'])
    const times = screen.getByRole('group', { name: /Horário/ })
    expect(within(times).getAllByRole('button').map((b) => b.textContent)).toEqual(['10:00', '11:00'])
    await user.click(within(times).getByRole('button', { name: '11:00' }))
    expect(await screen.findByText('Quem recebe seus dados: Imobiliária Lagoa.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Confirmar visita' }))
    expect(await screen.findByText('Informe seu nome.')).toBeInTheDocument()
    expect(booked).toHaveLength(0)

    await user.type(screen.getByLabelText('Nome'), 'Maria Souza')
    await user.type(screen.getByLabelText('E-mail'), 'maria@example.com')
    await user.click(screen.getByRole('button', { name: 'Confirmar visita' }))
    expect(await screen.findByText('Visita agendada!')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('sexta-feira, 4 de dezembro de 2026 às 11:00')
    expect(booked).toEqual([
      { starts_at: '2026-12-04T14:00:00Z', name: 'Maria Souza', email: 'maria@example.com', notice_version: NOTICE.version, marketing_consent: false },
    ])
  })

  it('says a slot taken meanwhile is taken and offers the slots as they are now', async () => {
    let calls = 0
    serve(
      () => (calls++ === 0 ? SLOTS : { ...SLOTS, days: [{ date: '2026-12-04', slots: [slot('2026-12-04T13:00:00Z')] }, SLOTS.days[1]] }),
      () => json(409, { error: 'Este horário acabou de ser reservado', details: { starts_at: ['Este horário já está reservado. Escolha outro.'] } }),
    )
    const user = userEvent.setup()
    render(<VisitSection slug="casa" />)
    await user.click(await screen.findByRole('button', { name: 'Agendar visita' }))
    await user.click(within(await screen.findByRole('group', { name: /Horário/ })).getByRole('button', { name: '11:00' }))
    await user.type(screen.getByLabelText('Nome'), 'Maria Souza')
    await user.type(screen.getByLabelText('E-mail'), 'maria@example.com')
    await user.click(screen.getByRole('button', { name: 'Confirmar visita' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(SLOT_TAKEN)
    await vi.waitFor(() =>
      expect(within(screen.getByRole('group', { name: /Horário/ })).getAllByRole('button').map((b) => b.textContent)).toEqual(['10:00']),
    )
    expect(screen.queryByLabelText('Nome')).not.toBeInTheDocument()
  })
})
