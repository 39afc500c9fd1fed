import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Agency, PropertyDetail } from '../lib/types'
import { json, makeAgency, makeProperty, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

// Testing Library's default normaliser turns Intl's no-break space into a plain one.
const brl = (amount: string) => `R$ ${amount}`

function serve(property: PropertyDetail, agency: () => Response = () => json(200, makeAgency())) {
  const { fetchMock } = routeFetch({
    [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
    'GET /api/v1/agency': agency,
  })
  vi.stubGlobal('fetch', vi.fn(fetchMock))
  renderApp(`/imoveis/${property.slug}`)
}

afterEach(() => vi.unstubAllGlobals())

async function priceCard() {
  await screen.findByRole('heading', { level: 1 })
  return screen.getByRole('region', { name: 'Valores do imóvel' })
}

/** The value shown for a term of a description list inside `scope`. */
function valueOf(scope: HTMLElement, term: string) {
  return within(scope).getByText(term).nextElementSibling
}

describe('property detail page: the price line and the sheet on a phone', () => {
  it('names sale and rent, each its own item, with no separator to hang when they wrap', async () => {
    serve(makeProperty({ type: 'venda_aluguel', price: '950000.00', rent_price: '4500.00' }))
    await screen.findByRole('heading', { level: 1 })
    const line = document.querySelector('.price-line')!
    const amounts = [...line.querySelectorAll('.price-line__amount')].map((a) => a.textContent?.replace(/\s+/g, ' '))
    expect(amounts).toEqual([`Venda ${brl('950.000,00')}`, `Aluguel ${brl('4.500,00')}/mês`])
    expect(line.textContent).not.toContain('·')
  })

  it('shows one area when the useful and total areas say the same', async () => {
    serve(makeProperty({ area_m2: 90, useful_area_m2: 90, total_area_m2: 120 }))
    await screen.findByRole('heading', { level: 1 })
    const sheet = screen.getByRole('region', { name: 'Ficha do imóvel' })
    expect(within(sheet).queryByText('Área útil')).toBeNull()
    expect(valueOf(sheet, 'Área total')).toHaveTextContent('120 m²')
  })
})

describe('property detail page: the Brazilian listing model', () => {
  it('shows a rental with its monthly total (rent + condo + yearly IPTU ÷ 12) and no price per m²', async () => {
    serve(
      makeProperty({
        type: 'aluguel',
        price: '3200.00',
        rent_price: '3200.00',
        condo_fee: '800.00',
        iptu: '1200.00',
        iptu_period: 'yearly',
      }),
    )
    const card = await priceCard()
    expect(valueOf(card, 'Aluguel')).toHaveTextContent(`${brl('3.200,00')}/mês`)
    expect(valueOf(card, 'IPTU')).toHaveTextContent(`${brl('1.200,00')}/ano`)
    expect(within(card).getByText('Total mensal').closest('div')).toHaveTextContent(
      `Total mensal (aluguel + condomínio + IPTU)${brl('4.100,00')}`,
    )
    expect(within(card).queryByText('Valor de venda')).toBeNull()
    expect(screen.queryByText('Preço por m²')).toBeNull()
    expect(valueOf(screen.getByRole('region', { name: 'Ficha do imóvel' }), 'Negócio')).toHaveTextContent('Aluguel')
  })

  it('shows a season rental by the day with its period, and no monthly total to mix it into', async () => {
    serve(
      makeProperty({
        type: 'aluguel',
        price: '300.00',
        rent_price: '300.00',
        rent_period: 'daily',
        condo_fee: '800.00',
      }),
    )
    const card = await priceCard()
    expect(valueOf(card, 'Aluguel')).toHaveTextContent(`${brl('300,00')}/dia`)
    expect(document.querySelector('.price-line')).toHaveTextContent(`${brl('300,00')}/dia`)
    expect(within(card).queryByText('Total mensal')).toBeNull()
    expect(screen.queryByText(/\/mês/)).toBeNull()
  })

  it('shows a sale with its price per m² and no monthly total', async () => {
    serve(makeProperty({ type: 'venda', price: '450000.00', area_m2: 98.5, iptu: '150.00', iptu_period: 'monthly' }))
    const card = await priceCard()
    expect(valueOf(card, 'Valor de venda')).toHaveTextContent(brl('450.000,00'))
    expect(valueOf(card, 'Preço por m²')).toHaveTextContent(brl('4.568,53'))
    expect(valueOf(card, 'IPTU')).toHaveTextContent(`${brl('150,00')}/mês`)
    expect(within(card).queryByText('Aluguel')).toBeNull()
    expect(within(card).queryByText('Total mensal')).toBeNull()
  })

  it('shows both prices of a property for sale and rent', async () => {
    serve(makeProperty({ type: 'venda_aluguel', price: '600000.00', rent_price: '2500.00', area_m2: 100, condo_fee: '850.50' }))
    const card = await priceCard()
    expect(valueOf(card, 'Valor de venda')).toHaveTextContent(brl('600.000,00'))
    expect(valueOf(card, 'Aluguel')).toHaveTextContent(`${brl('2.500,00')}/mês`)
    expect(valueOf(card, 'Preço por m²')).toHaveTextContent(brl('6.000,00'))
    expect(within(card).getByText('Total mensal').closest('div')).toHaveTextContent(brl('3.350,50'))
    expect(screen.getAllByText('Venda e aluguel').length).toBeGreaterThan(0)
  })

  it('shows no price per m² when the area is not given', async () => {
    serve(makeProperty({ type: 'venda', area_m2: 0 }))
    const card = await priceCard()
    expect(within(card).queryByText('Preço por m²')).toBeNull()
    expect(within(screen.getByRole('region', { name: 'Ficha do imóvel' })).queryByText('Área')).toBeNull()
  })

  it('puts the price and a way to contact right under the title', async () => {
    serve(makeProperty({ type: 'aluguel', price: '3200.00', rent_price: '3200.00' }))
    const title = await screen.findByRole('heading', { level: 1 })
    const line = title.nextElementSibling as HTMLElement
    expect(line).toHaveTextContent(`${brl('3.200,00')}/mês`)
    expect(within(line).getByRole('link', { name: 'Fale com a imobiliária' })).toHaveAttribute('href', '#contato')
    expect(document.getElementById('contato')).toContainElement(screen.getByRole('button', { name: 'Enviar mensagem' }))
  })

  it('shows suites, areas, floor, year built, street, number and CEP when given', async () => {
    serve(
      makeProperty({
        suites: 2,
        useful_area_m2: 90,
        total_area_m2: 120.5,
        floor: 7,
        year_built: 2015,
        street: 'Rua Esteves Júnior',
        number: '120-A',
        cep: '88015-130',
      }),
    )
    await screen.findByRole('heading', { level: 1 })
    expect(within(screen.getByRole('list', { name: 'Resumo do imóvel' })).getByText('2 suítes')).toBeInTheDocument()
    const sheet = screen.getByRole('region', { name: 'Ficha do imóvel' })
    // The summary's counts are not repeated in the sheet.
    expect(within(sheet).queryByText('Suítes')).toBeNull()
    expect(valueOf(sheet, 'Área útil')).toHaveTextContent('90 m²')
    expect(valueOf(sheet, 'Área total')).toHaveTextContent('120,5 m²')
    expect(valueOf(sheet, 'Andar')).toHaveTextContent('7º andar')
    expect(valueOf(sheet, 'Ano de construção')).toHaveTextContent('2015')
    expect(valueOf(sheet, 'Endereço')).toHaveTextContent('Rua Esteves Júnior, 120-A')
    expect(valueOf(sheet, 'CEP')).toHaveTextContent('88015-130')
    expect(screen.getByText(/Rua Esteves Júnior, 120-A · Centro, Florianópolis – SC/)).toBeInTheDocument()
  })

  it.each([
    [0, 'Térreo'],
    [-1, 'Subsolo'],
    [-2, '2º subsolo'],
  ])('names floor %i "%s"', async (floor, label) => {
    serve(makeProperty({ floor }))
    await screen.findByRole('heading', { level: 1 })
    expect(valueOf(screen.getByRole('region', { name: 'Ficha do imóvel' }), 'Andar')).toHaveTextContent(label)
  })

  it('shows the street alone when the number is not served', async () => {
    serve(makeProperty({ address: 'Rua Esteves Júnior', street: 'Rua Esteves Júnior', number: null, cep: '88015-130' }))
    await screen.findByRole('heading', { level: 1 })
    expect(valueOf(screen.getByRole('region', { name: 'Ficha do imóvel' }), 'Endereço')).toHaveTextContent(
      /^Rua Esteves Júnior$/,
    )
  })

  it('renders no absent fact, as zero or otherwise', async () => {
    serve(
      makeProperty({
        address: null,
        address_visibility: 'neighborhood',
        bedrooms: 0,
        bathrooms: 0,
        parking_spots: 0,
        suites: 0,
        condo_fee: null,
        subtype: { id: 7, name: 'Sala comercial', slug: 'sala-comercial' },
      }),
    )
    await screen.findByRole('heading', { level: 1 })
    const sheet = screen.getByRole('region', { name: 'Ficha do imóvel' })
    for (const term of ['Quartos', 'Suítes', 'Banheiros', 'Vagas', 'Área útil', 'Área total', 'Andar', 'Ano de construção', 'Endereço', 'CEP']) {
      expect(within(sheet).queryByText(term)).toBeNull()
    }
    expect(valueOf(sheet, 'Bairro')).toHaveTextContent('Centro')
    const card = screen.getByRole('region', { name: 'Valores do imóvel' })
    for (const term of ['Condomínio', 'IPTU', 'Total mensal']) expect(within(card).queryByText(term)).toBeNull()
    expect(screen.queryByText(/\b0 (quartos|suítes|banheiros|vagas)\b/)).toBeNull()
    expect(screen.getByText('Centro, Florianópolis – SC')).toBeInTheDocument()
  })

  it.each([
    ['disponivel', 'Disponível'],
    ['reservado', 'Reservado'],
    ['vendido', 'Vendido'],
    ['alugado', 'Alugado'],
  ] as const)('shows the status %s as the badge "%s"', async (status, label) => {
    serve(makeProperty({ status, type: 'venda_aluguel', rent_price: '2500.00' }))
    const header = (await screen.findByRole('heading', { level: 1 })).closest('header') as HTMLElement
    const badge = within(header).getByText(label)
    expect(badge).toHaveClass('status')
    expect(badge).toHaveTextContent(`Situação: ${label}`)
  })
})

describe('property detail page: the agency', () => {
  it('shows the agency with its CRECI beside the contact form and in the footer', async () => {
    serve(makeProperty())
    const agency = await screen.findByRole('group', { name: 'Imobiliária responsável' })
    expect(within(agency).getByText('Imobiliária Ilha Bela')).toBeInTheDocument()
    expect(within(agency).getByText('CRECI/SC 12345-J')).toBeInTheDocument()
    expect(within(agency).getByRole('link', { name: '(48) 3333-4444' })).toHaveAttribute('href', 'tel:+554833334444')
    expect(screen.getByRole('region', { name: 'Fale com a imobiliária' })).toContainElement(agency)
    expect(within(screen.getByRole('contentinfo')).getByText(/Imobiliária Ilha Bela · CRECI\/SC 12345-J/)).toBeInTheDocument()
  })

  it.each<[string, () => Response]>([
    ['fails', () => json(500, { error: 'Erro interno' })],
    ['is not set yet', () => json(200, makeAgency(Object.fromEntries(Object.keys(makeAgency()).map((k) => [k, null])) as Partial<Agency>))],
  ])('still shows the page when the agency read %s', async (_, agency) => {
    serve(makeProperty(), agency)
    expect(await screen.findByRole('heading', { level: 1, name: /Apartamento 3 quartos/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Imobiliária responsável' })).toBeNull()
    expect(screen.queryByText(/CRECI/)).toBeNull()
  })
})
