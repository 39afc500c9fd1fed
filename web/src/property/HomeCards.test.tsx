import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PropertySummary } from '../lib/types'
import { json, makeSummary, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

const brl = (amount: string) => `R$ ${amount}`
afterEach(() => vi.unstubAllGlobals())

/** Renders the home page listing items; returns its cards by title. */
async function cards(items: PropertySummary[]) {
  const { fetchMock } = routeFetch({
    'GET /api/v1/properties': () => json(200, { items, total: items.length, page: 1, per_page: 12 }),
  })
  vi.stubGlobal('fetch', vi.fn(fetchMock))
  renderApp('/')
  const list = await screen.findByRole('list', { name: '' })
  const byTitle = (title: string) =>
    within(list)
      .getAllByRole('article')
      .find((a) => within(a).queryByRole('link', { name: title }))!
  return byTitle
}

describe('home page cards: prices and status', () => {
  it('shows the monthly rent of a rental, both prices of a sale and rent, and the sale price alone of a sale', async () => {
    const card = await cards([
      makeSummary({ id: 'a', title: 'Studio no Campeche', slug: 'studio', type: 'aluguel', price: '3200.00', rent_price: '3200.00' }),
      makeSummary({ id: 'b', title: 'Casa na Lagoa', slug: 'casa', type: 'venda_aluguel', price: '900000.00', rent_price: '5500.00' }),
      makeSummary({ id: 'c', title: 'Apartamento no Centro', slug: 'ap', type: 'venda', price: '450000.00', rent_price: null }),
      makeSummary({ id: 'd', title: 'Sala antiga', slug: 'sala', type: 'aluguel', price: '1800.00', rent_price: null }),
    ])
    expect(card('Studio no Campeche')).toHaveTextContent(`${brl('3.200,00')}/mês`)
    const both = card('Casa na Lagoa')
    expect(within(both).getByText(brl('900.000,00'))).toBeInTheDocument()
    expect(both).toHaveTextContent(`Aluguel ${brl('5.500,00')}/mês`)
    const sale = card('Apartamento no Centro')
    expect(within(sale).getByText(brl('450.000,00'))).toBeInTheDocument()
    expect(sale).not.toHaveTextContent('/mês')
    // A rental stored before rent_price existed: its price is its rent.
    expect(card('Sala antiga')).toHaveTextContent(`${brl('1.800,00')}/mês`)
  })

  it('marks a reserved, sold or rented property, and not an available one', async () => {
    const card = await cards([
      makeSummary({ id: 'a', title: 'Reservado', slug: 'a', status: 'reservado' }),
      makeSummary({ id: 'b', title: 'Vendido', slug: 'b', status: 'vendido' }),
      makeSummary({ id: 'c', title: 'Alugado', slug: 'c', type: 'aluguel', rent_price: '2000.00', status: 'alugado' }),
      makeSummary({ id: 'd', title: 'Disponível', slug: 'd', status: 'disponivel' }),
    ])
    for (const status of ['Reservado', 'Vendido', 'Alugado']) {
      // The title is a link of the same words: the badge is the other text.
      const badge = within(card(status))
        .getAllByText(status)
        .find((e) => !e.closest('a'))
      expect(badge).toHaveTextContent(`Situação: ${status}`)
    }
    expect(card('Disponível')).not.toHaveTextContent('Situação')
  })
})
