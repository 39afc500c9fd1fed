import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, makeSearchResult, makeSummary, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

afterEach(() => vi.unstubAllGlobals())

const NOTICE = { version: '0a1b2c3d4e5f6a7b', text: 'Quem recebe seus dados: a imobiliária.', consent_label: 'Aceito', policy_url: '/privacidade' }
const TOKEN = 'va_abc'

function search(q: string, frequency: 'imediato' | 'diario' = 'imediato', id = 7) {
  return { id, query: q, frequency, status: 'ativo', created_at: '2026-11-28T12:00:00Z', confirmed_at: '2026-11-28T12:05:00Z' }
}

describe('saved searches', () => {
  it('saves the results page search with an e-mail, a frequency and the privacy notice', async () => {
    const user = userEvent.setup()
    const { fetchMock, calls } = routeFetch({
      'GET /api/v1/search': () => json(200, makeSearchResult([makeSummary()])),
      'GET /api/v1/agency': () => json(404, {}),
      'GET /api/v1/privacy-notice': () => json(200, NOTICE),
      'POST /api/v1/saved-searches': () => json(202, { message: 'Enviamos um e-mail de confirmação.' }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/imoveis/venda/florianopolis-sc?bedrooms=2&page=2')
    await user.click(await screen.findByRole('button', { name: 'Avise-me de novos imóveis' }))
    const form = await screen.findByRole('region', { name: 'Avise-me de novos imóveis' })
    expect(within(form).getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', '/privacidade')
    expect(await within(form).findByText('Quem recebe seus dados: a imobiliária.')).toBeInTheDocument()

    await user.type(within(form).getByLabelText('E-mail'), 'maria@')
    await user.click(within(form).getByRole('button', { name: 'Criar alerta' }))
    expect(within(form).getByText('Informe um e-mail válido.')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await user.type(within(form).getByLabelText('E-mail'), 'example.com.br')
    await user.click(within(form).getByRole('radio', { name: /Diário/ }))
    await user.click(within(form).getByRole('button', { name: 'Criar alerta' }))
    const sent = await screen.findByRole('region', { name: 'Confira seu e-mail' })
    expect(within(sent).getByRole('status')).toHaveTextContent('Enviamos um e-mail de confirmação.')
    const post = calls.find((c) => c.method === 'POST')!
    const body = JSON.parse(post.init.body as string)
    expect(body).toEqual({ email: 'maria@example.com.br', frequency: 'diario', notice_version: NOTICE.version, query: expect.any(String) })
    const saved = new URLSearchParams(body.query)
    expect(saved.get('business')).toBe('venda')
    expect(saved.get('city')).toBe('florianopolis-sc')
    expect(saved.get('bedrooms')).toBe('2')
    expect(saved.has('page')).toBe(false)
  })

  it('confirms only when the visitor presses the button', async () => {
    const user = userEvent.setup()
    const { fetchMock, calls } = routeFetch({
      'GET /api/v1/agency': () => json(404, {}),
      'POST /api/v1/saved-searches/confirm': () => json(200, search('business=venda&city=florianopolis-sc')),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp(`/alertas/confirmar?token=${TOKEN}`)
    const button = await screen.findByRole('button', { name: 'Confirmar' })
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    await user.click(button)
    expect(await screen.findByRole('status')).toHaveTextContent(/Alerta confirmado: “Imóveis à venda em Florianopolis/)
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.init.body as string)).toEqual({ token: TOKEN })
    expect(screen.getByRole('link', { name: 'Gerenciar meus alertas' })).toHaveAttribute('href', `/alertas/gerenciar?token=${TOKEN}`)
  })

  it('lists the e-mail’s alerts, changes a frequency and deletes one', async () => {
    const user = userEvent.setup()
    const { fetchMock, calls } = routeFetch({
      'GET /api/v1/agency': () => json(404, {}),
      'POST /api/v1/saved-searches/manage': () =>
        json(200, { email: 'maria@example.com.br', searches: [search('business=venda', 'imediato', 7), search('business=aluguel', 'diario', 8)] }),
      'POST /api/v1/saved-searches/frequency': (_url, init) => json(200, { ...search('business=venda'), frequency: JSON.parse(init.body as string).frequency }),
      'POST /api/v1/saved-searches/delete': () => new Response(null, { status: 204 }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp(`/alertas/gerenciar?token=${TOKEN}`)
    const list = await screen.findByRole('list', { name: 'Alertas' })
    expect(screen.getByText('Alertas enviados para maria@example.com.br.')).toBeInTheDocument()
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)

    const sale = within(list).getByRole('combobox', { name: /Frequência de “Imóveis à venda”/ })
    await user.selectOptions(sale, 'diario')
    const change = calls.find((c) => c.url.pathname.endsWith('/frequency'))!
    expect(JSON.parse(change.init.body as string)).toEqual({ token: TOKEN, id: 7, frequency: 'diario' })
    expect(sale).toHaveValue('diario')

    await user.click(within(list).getByRole('button', { name: /Excluir “Imóveis para alugar”/ }))
    expect(await screen.findByRole('status')).toHaveTextContent('excluído')
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(JSON.parse(calls.find((c) => c.url.pathname.endsWith('/delete'))!.init.body as string)).toEqual({ token: TOKEN, id: 8 })
  })

  it('says a link that opens nothing no longer works', async () => {
    const { fetchMock } = routeFetch({
      'GET /api/v1/agency': () => json(404, {}),
      'POST /api/v1/saved-searches/manage': () => json(404, { error: 'Recurso não encontrado' }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/alertas/gerenciar?token=va_gone')
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link não vale mais')
  })
})
