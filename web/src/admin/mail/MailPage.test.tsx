import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminServer } from '../../test/admin'
import { json } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import type { MailOutbox, OutboxMail } from './api'

afterEach(() => vi.unstubAllGlobals())

function mail(overrides: Partial<OutboxMail>): OutboxMail {
  return {
    id: 1,
    kind: 'lead_notice',
    ref: 41,
    status: 'sent',
    attempts: 1,
    last_error: null,
    recipient: 'contato@ilhabela.example',
    created_at: '2026-11-25T12:30:00Z',
    next_attempt_at: null,
    sent_at: '2026-11-25T12:30:05Z',
    ...overrides,
  }
}

const SENT = mail({ id: 3, ref: 43 })
const RETRYING = mail({
  id: 2,
  ref: 42,
  status: 'pending',
  attempts: 2,
  last_error: '421 4.7.0 Try again later',
  recipient: null,
  sent_at: null,
  next_attempt_at: '2026-11-25T13:00:00Z',
})
const GIVEN_UP = mail({
  id: 1,
  ref: 40,
  status: 'failed',
  attempts: 0,
  last_error: 'não enviado: e-mail não configurado',
  recipient: null,
  sent_at: null,
})

const EMPTY_LIST = { items: [], total: 0, page: 1, per_page: 20, next_cursor: null }

/**
 * The back office with GET /api/admin/mail answered by `outbox` (an
 * outbox, or a handler for an error), over an empty property list.
 */
function mailServer(outbox: MailOutbox | ((url: URL, init: RequestInit) => Response)) {
  const getMail = vi.fn(typeof outbox === 'function' ? outbox : () => json(200, outbox))
  const server = adminServer({
    'GET /api/admin/mail': getMail,
    'GET /api/admin/properties': () => json(200, EMPTY_LIST),
    'GET /api/admin/saved-searches/stats': () => json(200, { active: 42, pending: 3, unsubscribed: 5, alerts_sent: 317 }),
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return { getMail }
}

const notConfigured = (pending: number): MailOutbox => ({
  configured: false,
  counts: { pending, sent: 0, failed: 0, cancelled: 0 },
  items: [],
})

/**
 * Waits until the page and the banner have their answers: the property
 * list (asked at the same time) is shown, the outbox was asked, and the
 * turn in which the banner would render has passed.
 */
async function settled(getMail: ReturnType<typeof vi.fn>) {
  expect(await screen.findByRole('heading', { name: 'Nenhum imóvel cadastrado' })).toBeInTheDocument()
  await vi.waitFor(() => expect(getMail).toHaveBeenCalled())
  await new Promise((r) => setTimeout(r, 0))
}

const banner = () => screen.queryByRole('region', { name: 'Envio de e-mails' })

describe('e-mail banner', () => {
  it('says e-mail is not configured, how many notices wait, and leads to how to configure it', async () => {
    mailServer(notConfigured(3))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin')

    const region = await screen.findByRole('region', { name: 'Envio de e-mails' })
    expect(region).toHaveTextContent(
      'O envio de e-mails não está configurado: 3 avisos de novos contatos estão aguardando. Avisos com mais de 7 dias não são mais enviados.',
    )
    await user.click(within(region).getByRole('link', { name: 'Veja como configurar' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/admin/emails')
    expect(screen.getByRole('link', { name: 'E-mails' })).toHaveAttribute('aria-current', 'page')
    const setup = screen.getByRole('region', { name: 'Configuração' })
    expect(setup).toHaveTextContent('--smtp-url')
    expect(setup).toHaveTextContent('--mail-from')
    expect(setup).toHaveTextContent('VITRINE_SMTP_PASSWORD')
  })

  it('words a single waiting notice, and none', async () => {
    mailServer(notConfigured(1))
    const { unmount } = renderApp('/admin')
    expect(await screen.findByRole('region', { name: 'Envio de e-mails' })).toHaveTextContent(
      'não está configurado: 1 aviso de novo contato está aguardando.',
    )
    unmount()

    vi.unstubAllGlobals()
    mailServer(notConfigured(0))
    renderApp('/admin')
    expect(await screen.findByRole('region', { name: 'Envio de e-mails' })).toHaveTextContent(
      'não está configurado: os avisos de novos contatos vão aguardar até que seja configurado.',
    )
  })

  it('is not shown when e-mail is configured', async () => {
    const { getMail } = mailServer({ configured: true, counts: { pending: 0, sent: 5, failed: 0, cancelled: 0 }, items: [] })
    renderApp('/admin')
    await settled(getMail)
    expect(banner()).toBeNull()
  })

  it('is not shown to someone who may not see the outbox (403)', async () => {
    const { getMail } = mailServer(() => json(403, { error: 'Acesso negado' }))
    renderApp('/admin')
    await settled(getMail)
    expect(banner()).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('e-mails page', () => {
  it('shows the counts and the latest e-mails: kind, recipient, state with its error, attempts and dates', async () => {
    mailServer({
      configured: true,
      counts: { pending: 1, sent: 12, failed: 1, cancelled: 2 },
      items: [SENT, RETRYING, GIVEN_UP],
    })
    renderApp('/admin/emails')

    expect(await screen.findByText('O envio de e-mails está configurado', { exact: false })).toBeInTheDocument()
    expect(banner()).toBeNull()
    const counts = screen.getByRole('region', { name: 'Situação' })
    const count = (term: string) => within(counts).getByText(term).nextElementSibling?.textContent
    expect(count('Aguardando')).toBe('1')
    expect(count('Enviados')).toBe('12')
    expect(count('Falharam')).toBe('1')
    expect(count('Cancelados')).toBe('2')

    const items = within(screen.getByRole('list', { name: 'Últimos e-mails' })).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    const [sent, retrying, givenUp] = items
    expect(sent).toHaveAccessibleName('Aviso de novo contato')
    expect(sent).toHaveTextContent('Enviado')
    expect(sent).toHaveTextContent('Contato:nº 43')
    expect(sent).toHaveTextContent('Para:contato@ilhabela.example')
    expect(sent).toHaveTextContent('Tentativas:1 tentativa')
    expect(sent).toHaveTextContent('Criado em:25/11/2026, 09:30')
    expect(sent).toHaveTextContent('Enviado em:25/11/2026, 09:30')

    expect(retrying).toHaveTextContent('Aguardando')
    expect(retrying).toHaveTextContent('Tentativas:2 tentativas')
    expect(retrying).toHaveTextContent('Próxima tentativa:25/11/2026, 10:00')
    expect(retrying).toHaveTextContent('Última tentativa: 421 4.7.0 Try again later')
    expect(retrying).not.toHaveTextContent('Para:')

    expect(givenUp).toHaveTextContent('Falhou')
    expect(givenUp).toHaveTextContent('Nenhuma tentativa')
    expect(givenUp).toHaveTextContent('Motivo: não enviado: e-mail não configurado')
    expect(givenUp).not.toHaveTextContent('Próxima tentativa')
  })

  it('names every kind of e-mail, and one it does not know as the server does', async () => {
    const kinds = ['invitation', 'password_reset', 'daily_summary', 'newsletter', 'saved_search_confirm', 'saved_search_alert']
    mailServer({
      configured: true,
      counts: { pending: 0, sent: 4, failed: 0, cancelled: 0 },
      items: kinds.map((kind, i) => mail({ id: 10 + i, kind, ref: 7 })),
    })
    renderApp('/admin/emails')
    const list = await screen.findByRole('list', { name: 'Últimos e-mails' })
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveAccessibleName('Convite para a equipe')
    expect(items[1]).toHaveAccessibleName('Nova senha')
    expect(items[2]).toHaveAccessibleName('Resumo diário')
    expect(items[3]).toHaveAccessibleName('E-mail (newsletter)')
    expect(items[4]).toHaveAccessibleName('Confirmação de alerta de busca')
    expect(items[5]).toHaveAccessibleName('Alerta de busca')
    for (const item of items) expect(item).not.toHaveTextContent('Contato:')
  })

  it('counts the visitors’ search alerts and the alert e-mails sent', async () => {
    mailServer({ configured: true, counts: { pending: 0, sent: 0, failed: 0, cancelled: 0 }, items: [] })
    renderApp('/admin/emails')
    const alerts = await screen.findByRole('region', { name: 'Alertas de busca' })
    const count = async (term: string) => (await within(alerts).findByText(term)).nextElementSibling?.textContent
    expect(await count('Ativos')).toBe('42')
    expect(await count('Aguardando confirmação')).toBe('3')
    expect(await count('Cancelados')).toBe('5')
    expect(await count('E-mails de alerta enviados')).toBe('317')
  })

  it('says so when there is no e-mail yet', async () => {
    mailServer({ configured: true, counts: { pending: 0, sent: 0, failed: 0, cancelled: 0 }, items: [] })
    renderApp('/admin/emails')
    expect(await screen.findByText('Nenhum e-mail até agora.')).toBeInTheDocument()
  })

  it('says when the outbox cannot be read, and tries again on request', async () => {
    let fail = true
    const { getMail } = mailServer(() =>
      fail ? json(500, { error: 'Erro interno' }) : json(200, { configured: true, counts: { pending: 0, sent: 1, failed: 0, cancelled: 0 }, items: [SENT] }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/emails')

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Não foi possível carregar os e-mails.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('listitem', { name: 'Aviso de novo contato' })).toHaveTextContent('Enviado')
    expect(getMail.mock.calls.length).toBeGreaterThanOrEqual(3)
  })

  it('loads the outbox again on "Atualizar"', async () => {
    let outbox: MailOutbox = { configured: true, counts: { pending: 1, sent: 0, failed: 0, cancelled: 0 }, items: [RETRYING] }
    mailServer(() => json(200, outbox))
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/emails')

    expect(await screen.findByRole('listitem', { name: 'Aviso de novo contato' })).toHaveTextContent('Aguardando')
    outbox = { configured: true, counts: { pending: 0, sent: 1, failed: 0, cancelled: 0 }, items: [mail({ id: 2, ref: 42 })] }
    await user.click(screen.getByRole('button', { name: 'Atualizar' }))
    expect(await screen.findByText('Enviado', { selector: '.tag' })).toBeInTheDocument()
  })
})
