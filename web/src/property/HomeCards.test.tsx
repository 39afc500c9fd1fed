import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PropertySummary } from '../lib/types'
import { externalPhoto, json, makeSummary, routeFetch, uploadedPhoto } from '../test/fixtures'
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

describe('home page cards: covers', () => {
  const uploaded = uploadedPhoto('3e5a7c9b1d2f4a6c8e0b2d4f6a8c0e1b', 'Fachada com jardim', 0)
  const external = externalPhoto('https://fotos.example.com/casa.jpg', 'Casa vista da rua', 0)
  const items = () => [
    makeSummary({ id: 'a', title: 'Casa com jardim', slug: 'a', cover: uploaded }),
    makeSummary({ id: 'b', title: 'Casa de esquina', slug: 'b', cover: external }),
    makeSummary({ id: 'c', title: 'Sobrado', slug: 'c', cover: uploadedPhoto('7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a', '', 0, 960, 640) }),
  ]

  it('serves an uploaded cover in variants sized to the card, with its pixel size, and an external one as it is', async () => {
    const card = await cards(items())
    const img = within(card('Casa com jardim')).getByRole('img', { name: 'Fachada com jardim' })
    expect(img).toHaveAttribute('src', uploaded.url)
    expect(img).toHaveAttribute('srcset', uploaded.srcset!.jpeg)
    expect(img).toHaveAttribute('width', '1920')
    expect(img).toHaveAttribute('height', '1440')
    // A third of the content on a wide screen, the whole width (less the page margins) on a phone.
    const sizes = img.getAttribute('sizes')!
    expect(sizes).toMatch(/^\(min-width: 1180px\) 366px, /)
    expect(sizes).toMatch(/, calc\(100vw - 32px\)$/)
    const source = img.parentElement!.querySelector('source')!
    expect(img.parentElement!.tagName).toBe('PICTURE')
    expect(source).toHaveAttribute('type', 'image/webp')
    expect(source).toHaveAttribute('srcset', uploaded.srcset!.webp)
    expect(source).toHaveAttribute('sizes', sizes)

    const plain = within(card('Casa de esquina')).getByRole('img', { name: 'Casa vista da rua' })
    expect(plain).toHaveAttribute('src', 'https://fotos.example.com/casa.jpg')
    for (const attr of ['srcset', 'sizes', 'width', 'height']) expect(plain).not.toHaveAttribute(attr)
    expect(plain.closest('picture')).toBeNull()

    // No description: the title names the photo.
    const third = within(card('Sobrado')).getByRole('img', { name: 'Sobrado' })
    expect(third).toHaveAttribute('width', '960')
    expect(third).toHaveAttribute('height', '640')
  })

  it('fetches the first cover at once and first, and the others lazily', async () => {
    const card = await cards(items())
    const first = within(card('Casa com jardim')).getByRole('img')
    expect(first).toHaveAttribute('loading', 'eager')
    expect(first).toHaveAttribute('fetchpriority', 'high')
    for (const title of ['Casa de esquina', 'Sobrado']) {
      const img = within(card(title)).getByRole('img')
      expect(img).toHaveAttribute('loading', 'lazy')
      expect(img).not.toHaveAttribute('fetchpriority')
    }
  })

  it('shows the placeholder when an uploaded cover fails to load', async () => {
    const card = await cards(items())
    fireEvent.error(within(card('Casa com jardim')).getByRole('img'))
    expect(within(card('Casa com jardim')).getByText('Sem fotos disponíveis')).toBeInTheDocument()
    expect(within(card('Casa com jardim')).queryByRole('img')).toBeNull()
    expect(card('Casa com jardim').querySelector('picture')).toBeNull()
    expect(within(card('Casa de esquina')).getByRole('img')).toBeInTheDocument()
  })
})
