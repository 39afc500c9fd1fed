import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminServer, bearer } from '../../test/admin'
import { json } from '../../test/fixtures'
import { renderApp } from '../../test/renderApp'
import { countSentence } from './PortalsPage'

afterEach(() => vi.unstubAllGlobals())

const FEED = {
  url: 'https://ilhabela.example/feeds/vrsync/0123456789abcdef0123456789abcdef01234567.xml',
  generation: 1,
  rotated_at: '2026-11-20T15:00:00Z',
  rotated_by: null,
}

const LEAD_ADDRESS = {
  url: 'https://ilhabela.example/api/v1/portal-leads/' + 'a'.repeat(40),
  generation: 1,
  rotated_at: '2026-11-20T15:00:00Z',
  rotated_by: null,
}

const BLOCKED_ID = '7d3f0c7e-5b1a-4c3e-9a51-2f1a7c9b0e11'

const STATE = {
  candidates: 3,
  listed: 2,
  agency_problems: [],
  blocked: [
    {
      id: BLOCKED_ID,
      title: 'Casa com quintal no Campeche',
      code: 'CAM-7',
      problems: [{ field: 'photos', message: 'Os portais exigem ao menos 5 fotos (o imóvel tem 2).' }],
    },
  ],
  crawlers: [{ name: 'grupozap', label: 'Grupo ZAP (ZAP Imóveis, VivaReal e OLX)', last_read_at: '2026-11-28T12:30:00Z' }],
}

function portalsServer(state: object = STATE) {
  const rotate = vi.fn((_url: URL, _init: RequestInit) =>
    json(200, {
      url: 'https://ilhabela.example/feeds/vrsync/fedcba9876543210fedcba9876543210fedcba98.xml',
      generation: 2,
      rotated_at: '2026-11-26T14:00:00Z',
      rotated_by: { kind: 'user', name: 'Ana Souza' },
    }),
  )
  const rotateLeads = vi.fn((_url: URL, _init: RequestInit) =>
    json(200, { ...LEAD_ADDRESS, url: 'https://ilhabela.example/api/v1/portal-leads/' + 'b'.repeat(40), generation: 2 }),
  )
  const server = adminServer({
    'GET /api/admin/portal-leads/address': () => json(200, LEAD_ADDRESS),
    'POST /api/admin/portal-leads/address': rotateLeads,
    'GET /api/admin/feeds/vrsync': () => json(200, FEED),
    'POST /api/admin/feeds/vrsync': rotate,
    'GET /api/admin/portals': () => json(200, state),
    'GET /api/admin/leads': () => json(200, { items: [], total: 0, page: 1, per_page: 1, next_cursor: null, unread: 0 }),
  })
  vi.stubGlobal('fetch', vi.fn(server.fetchMock))
  return { ...server, rotate, rotateLeads }
}

describe('portals page', () => {
  it("shows the address for the portals' leads, copies it, and makes a new one only after asking", async () => {
    const { rotate, rotateLeads } = portalsServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/portais')
    const leads = (await screen.findByRole('region', { name: 'Contatos dos portais' })) as HTMLElement
    const address = await within(leads).findByLabelText('Endereço para os contatos (integração de leads)')
    expect(address).toHaveValue(LEAD_ADDRESS.url)
    expect(within(leads).getByRole('button', { name: 'Copiar endereço' })).toBeInTheDocument()

    await user.click(within(leads).getByRole('button', { name: 'Gerar novo endereço para os contatos' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Gerar novo endereço para os contatos?' })
    await user.click(within(dialog).getByRole('button', { name: 'Gerar novo endereço para os contatos' }))
    await waitFor(() => expect(address).toHaveValue('https://ilhabela.example/api/v1/portal-leads/' + 'b'.repeat(40)))
    expect(rotateLeads).toHaveBeenCalledTimes(1)
    expect(bearer(rotateLeads.mock.calls[0][1])).toBe(true)
    expect(rotate).not.toHaveBeenCalled()
    expect(within(leads).getByRole('status')).toHaveTextContent('Informe-o ao Grupo OLX: o anterior já não funciona.')
  })

  it('is in the menu and says what the feed carries, what it holds back and why, and when the portal read it', async () => {
    portalsServer()
    renderApp('/admin/portais')
    const nav = await screen.findByRole('navigation', { name: 'Área da equipe' })
    expect(within(nav).getByRole('link', { name: 'Portais' })).toHaveAttribute('aria-current', 'page')
    const state = (await screen.findByRole('region', { name: 'Imóveis no feed' })) as HTMLElement
    expect(await within(state).findByText('2 de 3 imóveis marcados para os portais estão no feed.')).toBeInTheDocument()
    const blocked = within(state).getByRole('list', { name: 'Imóveis fora do feed' })
    const link = within(blocked).getByRole('link', { name: 'Casa com quintal no Campeche' })
    expect(link).toHaveAttribute('href', `/admin/imoveis/${BLOCKED_ID}`)
    expect(blocked).toHaveTextContent('(CAM-7)')
    expect(blocked).toHaveTextContent('Os portais exigem ao menos 5 fotos (o imóvel tem 2).')
    expect(state).toHaveTextContent('Grupo ZAP (ZAP Imóveis, VivaReal e OLX): leu o feed pela última vez em 28/11/2026, 09:30.')
    expect(within(state).queryByRole('alert')).toBeNull()
  })

  it('says which agency field is missing while the feed carries nothing, and that the portal never read it', async () => {
    portalsServer({
      ...STATE,
      listed: 0,
      agency_problems: [
        { field: 'agency.email', message: 'Informe o e-mail da imobiliária em Agência: os portais exigem um e-mail de contato no feed e em cada anúncio.' },
      ],
      crawlers: [{ ...STATE.crawlers[0], last_read_at: null }],
    })
    renderApp('/admin/portais')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Informe o e-mail da imobiliária em Agência')
    expect(within(alert).getByRole('link', { name: 'Abrir os dados da agência' })).toHaveAttribute('href', '/admin/agencia')
    expect(screen.getByText('Nenhum dos 3 imóveis marcados para os portais está no feed.')).toBeInTheDocument()
    expect(screen.getByText(/ainda não leu o feed/)).toBeInTheDocument()
  })

  it('copies the feed address, and makes a new one only after asking', async () => {
    const { rotate } = portalsServer()
    const user = userEvent.setup({ delay: null })
    renderApp('/admin/portais')
    const section = (await screen.findByRole('region', { name: 'Endereço do feed' })) as HTMLElement
    const address = await within(section).findByLabelText('Endereço do feed (VRSync)')
    expect(address).toHaveValue(FEED.url)

    await user.click(within(section).getByRole('button', { name: 'Copiar endereço' }))
    expect(await navigator.clipboard.readText()).toBe(FEED.url)
    expect(within(section).getByRole('status')).toHaveTextContent('Endereço copiado.')

    await user.click(within(section).getByRole('button', { name: 'Gerar novo endereço' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Gerar novo endereço do feed?' })
    expect(dialog).toHaveTextContent('O endereço atual deixa de funcionar na hora.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(rotate).not.toHaveBeenCalled()
    expect(address).toHaveValue(FEED.url)

    await user.click(within(section).getByRole('button', { name: 'Gerar novo endereço' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Gerar novo endereço' }))
    await waitFor(() => expect(rotate).toHaveBeenCalledTimes(1))
    expect(bearer(rotate.mock.calls[0][1])).toBe(true)
    await waitFor(() => expect(address).toHaveValue('https://ilhabela.example/feeds/vrsync/fedcba9876543210fedcba9876543210fedcba98.xml'))
    expect(within(section).getByRole('status')).toHaveTextContent('Novo endereço gerado. Informe-o aos portais: o anterior já não funciona.')
    expect(section).toHaveTextContent('Endereço gerado por Ana Souza em 26/11/2026, 11:00.')
  })
})

describe('countSentence', () => {
  it('words every count in Portuguese', () => {
    expect(countSentence(0, 0)).toBe('Nenhum imóvel está marcado com “Publicar nos portais”: marque-o no formulário do imóvel.')
    expect(countSentence(1, 1)).toBe('O imóvel marcado para os portais está no feed.')
    expect(countSentence(0, 1)).toBe('O imóvel marcado para os portais não está no feed.')
    expect(countSentence(0, 4)).toBe('Nenhum dos 4 imóveis marcados para os portais está no feed.')
    expect(countSentence(4, 4)).toBe('Os 4 imóveis marcados para os portais estão no feed.')
    expect(countSentence(1, 4)).toBe('1 de 4 imóveis marcados para os portais está no feed.')
  })
})
