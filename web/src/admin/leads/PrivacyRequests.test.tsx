import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminServer, bearer } from '../../test/admin'
import { json, makeAgency } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import type { Erasure, Subject } from './privacyApi'

afterEach(() => vi.unstubAllGlobals())

const LEAD = {
  id: 12,
  created_at: '2026-11-20T15:00:00Z',
  property: { id: '0190f5a8-1c2d-7e3f-8a4b-5c6d7e8f9a01', slug: 'casa-na-lagoa', title: 'Casa na Lagoa' },
  name: 'Maria Souza',
  email: 'maria@example.com',
  phone: '(48) 99999-0000',
  message: 'Posso visitar no sábado?',
  status: 'novo',
  note: null,
  delivery_status: 'pending',
  consent: { notice_version: '0a1b2c3d4e5f6a7b', marketing: true, at: '2026-11-20T15:00:00Z', client_address_hash: 'ab'.repeat(32) },
  portal: null,
  visit: null,
  timeline: [],
}

function subject(leads: Subject['leads'], erasures: Erasure[] = []): Subject {
  return {
    email: 'maria@example.com',
    generated_at: '2026-11-26T14:00:00Z',
    controller: { name: 'Imobiliária Ilha Bela', creci_display: 'CRECI/SC 12345-J', contact: 'contato@ilhabela.example' },
    leads,
    notices: [{ version: '0a1b2c3d4e5f6a7b', text: 'Quem recebe seus dados: …', consent_label: 'Aceito…', first_shown_at: '2026-11-01T00:00:00Z' }],
    erasures,
    emails: [],
    saved_searches: [],
    favorite_mails: [],
    owner_records: [],
  }
}

function privacyServer() {
  let held: Subject['leads'] = [LEAD, { ...LEAD, id: 13, consent: { ...LEAD.consent, marketing: false } }]
  const erasures: Erasure[] = []
  const bodies: Array<{ route: string; body: unknown }> = []
  const record = (route: string, init: RequestInit) => bodies.push({ route, body: JSON.parse(init.body as string) })
  const server = adminServer({
    'GET /api/v1/agency': () => json(200, makeAgency()),
    'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
    'POST /api/admin/privacy/lookup': (_u, init) => {
      record('lookup', init)
      return json(200, subject(held, erasures))
    },
    'POST /api/admin/privacy/export': (_u, init) => {
      record('export', init)
      return new Response(JSON.stringify(subject(held)), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="dados-pessoais-2026-11-26.json"' },
      })
    },
    'POST /api/admin/privacy/anonymize': (_u, init) => {
      record('anonymize', init)
      const e: Erasure = { id: 1, kind: 'request', leads: held.length, at: '2026-11-26T14:05:00Z', by: { kind: 'user', name: 'Ana Souza' } }
      erasures.push(e)
      held = []
      return json(200, { ...e, owner_records: 0 })
    },
    'GET /api/admin/privacy/erasures': () => json(200, { items: erasures, retention: 'por 24 meses' }),
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return { ...server, bodies }
}

describe('privacy requests (LGPD)', () => {
  it('is reached from the inbox', async () => {
    privacyServer()
    renderApp('/admin/contatos')
    const link = await screen.findByRole('link', { name: 'Privacidade / LGPD' })
    await userEvent.setup({ delay: null }).click(link)
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacidade / LGPD' })).toBeInTheDocument()
  })

  it("finds what is held about an e-mail, downloads it as JSON, and anonymises it after a confirmation", async () => {
    const { bodies, calls } = privacyServer()
    const blobs: Blob[] = []
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:http://localhost/dados'
    })
    URL.revokeObjectURL = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos/lgpd')

    await user.type(await screen.findByLabelText('E-mail do titular'), 'maria@example.com')
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }))
    expect(await screen.findByRole('heading', { name: '2 contatos guardados com maria@example.com' })).toBeInTheDocument()
    expect(screen.getAllByText(/Posso visitar no sábado\?/)).toHaveLength(2)
    expect(screen.getByText(/^Aceitou receber novidades e ofertas · aviso 0a1b2c3d4e5f6a7b/)).toBeInTheDocument()
    expect(screen.getByText(/^Não aceitou receber novidades e ofertas/)).toBeInTheDocument()
    // The e-mail goes in the body, never in the address.
    expect(bodies[0]).toEqual({ route: 'lookup', body: { email: 'maria@example.com' } })
    expect(calls.every((c) => !c.url.search.includes('maria'))).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Baixar dados (JSON)' }))
    const link = await screen.findByRole('link', { name: /^Baixar dados-pessoais-\d{4}-\d{2}-\d{2}\.json$/ })
    expect(link).toHaveAttribute('href', 'blob:http://localhost/dados')
    expect(JSON.parse(await blobs[0].text()).leads).toHaveLength(2)
    const exported = calls.find((c) => c.url.pathname === '/api/admin/privacy/export')!
    expect(bearer(exported.init)).toBe(true)

    // Anonymising asks first; cancelling sends nothing.
    await user.click(screen.getByRole('button', { name: 'Anonimizar dados' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Anonimizar os dados de maria@example.com?' })
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(bodies.some((b) => b.route === 'anonymize')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Anonimizar dados' }))
    dialog = screen.getByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Anonimizar' }))
    expect(await screen.findByText('2 contatos anonimizados.')).toBeInTheDocument()
    expect(bodies.find((b) => b.route === 'anonymize')?.body).toEqual({ email: 'maria@example.com' })
    expect(await screen.findByRole('heading', { name: 'Nenhum contato guardado com maria@example.com' })).toBeInTheDocument()
    expect(screen.getByText(/^Dados já anonimizados em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(2 contatos\)\.$/)).toBeInTheDocument()
    // Nothing is held any more: nothing to download or anonymise again.
    expect(screen.queryByRole('button', { name: 'Anonimizar dados' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Baixar dados (JSON)' })).not.toBeInTheDocument()
    const log = screen.getByRole('region', { name: 'Registro de anonimizações' })
    await waitFor(() => expect(log).toHaveTextContent('Pedido do titular: 2 contatos, por Ana Souza em 26/11/2026, 11:05'))
    expect(log).toHaveTextContent('Os contatos são anonimizados automaticamente por 24 meses após o envio.')
  })

  it('offers the download and the anonymisation of an e-mail that only saved searches', async () => {
    const saved: Subject['saved_searches'][number] = {
      id: 5,
      query: 'business=venda',
      frequency: 'diario',
      status: 'ativo',
      created_at: '2026-11-20T15:00:00Z',
      confirmed_at: '2026-11-20T15:05:00Z',
      unsubscribed_at: null,
      consent: { notice_version: '0a1b2c3d4e5f6a7b', marketing: false, at: '2026-11-20T15:00:00Z', client_address_hash: 'ab'.repeat(32) },
    }
    const anonymized: unknown[] = []
    const server = adminServer({
      'GET /api/v1/agency': () => json(200, makeAgency()),
      'POST /api/admin/privacy/lookup': () => json(200, { ...subject([]), saved_searches: [saved] }),
      'POST /api/admin/privacy/anonymize': (_u, init) => {
        anonymized.push(JSON.parse(init.body as string))
        return json(200, { id: 2, kind: 'request', leads: 0, owner_records: 0, at: '2026-11-26T14:05:00Z', by: { kind: 'user', name: 'Ana Souza' } })
      },
      'GET /api/admin/privacy/erasures': () => json(200, { items: [], retention: 'por 24 meses' }),
    })
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos/lgpd')
    await user.type(await screen.findByLabelText('E-mail do titular'), 'maria@example.com')
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }))
    expect(await screen.findByRole('heading', { name: 'Nenhum contato guardado com maria@example.com' })).toBeInTheDocument()
    expect(screen.getByText(/^1 alerta de busca com este e-mail/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Baixar dados (JSON)' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Anonimizar dados' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(/alertas de busca e os envios da lista de favoritos deste e-mail serão excluídos/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Anonimizar' }))
    expect(await screen.findByText('Dados do e-mail excluídos.')).toBeInTheDocument()
    expect(anonymized).toEqual([{ email: 'maria@example.com' }])
  })

  it("shows the server's refusal of the e-mail", async () => {
    const server = adminServer({
      'GET /api/v1/agency': () => json(200, makeAgency()),
      'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
      'GET /api/admin/privacy/erasures': () => json(200, { items: [], retention: null }),
      'POST /api/admin/privacy/lookup': () => json(422, { error: 'Dados inválidos', details: { email: ['Informe um e-mail válido.'] } }),
    })
    vi.stubGlobal('fetch', vi.fn(server.fetchMock))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/contatos/lgpd')
    await user.type(await screen.findByLabelText('E-mail do titular'), 'maria@')
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe um e-mail válido.')
    expect(screen.getByText('Nenhuma anonimização registrada.')).toBeInTheDocument()
    expect(screen.getByText(/guardados até o titular pedir a exclusão/)).toBeInTheDocument()
  })
})
