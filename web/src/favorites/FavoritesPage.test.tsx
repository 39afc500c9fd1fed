import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, makeAgency, makeProperty, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'
import { FAVORITES_KEY, reloadFavorites } from './favorites'

afterEach(() => vi.unstubAllGlobals())

describe('favourites', () => {
  it('saves from the page, counts in the header, lists on /favoritos and removes from the card', async () => {
    const user = userEvent.setup()
    const property = makeProperty()
    const { fetchMock } = routeFetch({
      [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
      'GET /api/v1/agency': () => json(200, makeAgency()),
      'GET /api/v1/privacy-notice': () => json(404, { error: 'x' }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp(`/imoveis/${property.slug}`)
    await screen.findByRole('heading', { level: 1, name: property.title })
    const heart = screen.getByRole('button', { name: 'Salvar nos favoritos' })
    expect(heart).toHaveAttribute('aria-pressed', 'false')
    await user.click(heart)
    expect(heart).toHaveAttribute('aria-pressed', 'true')
    expect(heart).toHaveAccessibleName('Remover dos favoritos')
    const nav = screen.getByRole('navigation', { name: 'Principal' })
    expect(within(nav).getByRole('link', { name: 'Favoritos, 1 salvo' })).toHaveAttribute('href', '/favoritos')

    await user.click(within(nav).getByRole('link', { name: 'Favoritos, 1 salvo' }))
    await screen.findByRole('heading', { level: 1, name: 'Favoritos' })
    const list = await screen.findByRole('list', { name: 'Imóveis salvos' })
    expect(await within(list).findByRole('link', { name: property.title })).toHaveAttribute('href', `/imoveis/${property.slug}`)
    await user.click(within(list).getByRole('button', { name: 'Remover dos favoritos' }))
    expect(await screen.findByText(/Você ainda não salvou nenhum imóvel/)).toBeInTheDocument()
    expect(localStorage.getItem(FAVORITES_KEY)).toBe('[]')
  })

  it('says a listing is no longer available, and removes it', async () => {
    const user = userEvent.setup()
    const property = makeProperty()
    localStorage.setItem(FAVORITES_KEY, JSON.stringify(['casa-vendida', property.slug]))
    reloadFavorites()
    const { fetchMock } = routeFetch({
      [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
      'GET /api/v1/properties/casa-vendida': () => json(404, { error: 'Imóvel não encontrado' }),
      'GET /api/v1/agency': () => json(200, makeAgency()),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    renderApp('/favoritos')
    const list = await screen.findByRole('list', { name: 'Imóveis salvos' })
    const gone = await within(list).findByText('Este imóvel não está mais disponível.')
    await within(list).findByRole('link', { name: property.title })
    await user.click(within(gone.closest('li')!).getByRole('button', { name: 'Remover dos favoritos' }))
    expect(within(list).queryByText('Este imóvel não está mais disponível.')).toBeNull()
    expect(JSON.parse(localStorage.getItem(FAVORITES_KEY)!)).toEqual([property.slug])
  })
})
