import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, makeAgency, makeProperty, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'
import { FAVORITES_KEY, reloadFavorites } from './favorites'

afterEach(() => vi.unstubAllGlobals())

const NOTICE = { version: '0a1b2c3d4e5f6a7b', text: 'Quem recebe seus dados: a imobiliária.', consent_label: 'Aceito', policy_url: '/privacidade' }

describe('sending the favourites by e-mail', () => {
  it('is an explicit choice under the privacy notice, and sends the list in its order', async () => {
    const user = userEvent.setup()
    const property = makeProperty()
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([property.slug, 'casa-vendida']))
    reloadFavorites()
    const { fetchMock, calls } = routeFetch({
      [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
      'GET /api/v1/properties/casa-vendida': () => json(404, { error: 'Imóvel não encontrado' }),
      'GET /api/v1/agency': () => json(200, makeAgency()),
      'GET /api/v1/privacy-notice': () => json(200, NOTICE),
      'POST /api/v1/favorites/email': () => json(202, { message: 'Enviamos sua lista para o e-mail informado.' }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/favoritos')
    await user.click(await screen.findByRole('button', { name: 'Enviar minha lista por e-mail' }))
    const form = screen.getByRole('form', { name: 'Enviar minha lista por e-mail' })
    expect(await within(form).findByText('Quem recebe seus dados: a imobiliária.')).toBeInTheDocument()
    expect(within(form).getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', '/privacidade')

    await user.click(within(form).getByRole('button', { name: 'Enviar' }))
    expect(within(form).getByText('Informe um e-mail válido.')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await user.type(within(form).getByLabelText('E-mail'), 'maria@example.com.br')
    await user.click(within(form).getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Enviamos sua lista para o e-mail informado.')).toBeInTheDocument()
    const post = calls.find((c) => c.method === 'POST')!
    expect(JSON.parse(post.init.body as string)).toEqual({
      email: 'maria@example.com.br',
      slugs: [property.slug, 'casa-vendida'],
      notice_version: NOTICE.version,
    })
  })

  it('says when too many were asked for', async () => {
    const user = userEvent.setup()
    const property = makeProperty()
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([property.slug]))
    reloadFavorites()
    const { fetchMock } = routeFetch({
      [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
      'GET /api/v1/agency': () => json(200, makeAgency()),
      'GET /api/v1/privacy-notice': () => json(200, NOTICE),
      'POST /api/v1/favorites/email': () => json(429, { error: 'Muitas requisições' }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/favoritos')
    await user.click(await screen.findByRole('button', { name: 'Enviar minha lista por e-mail' }))
    const form = screen.getByRole('form', { name: 'Enviar minha lista por e-mail' })
    await within(form).findByText('Quem recebe seus dados: a imobiliária.')
    await user.type(within(form).getByLabelText('E-mail'), 'maria@example.com.br')
    await user.click(within(form).getByRole('button', { name: 'Enviar' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Muitos envios pedidos deste endereço')
  })
})
