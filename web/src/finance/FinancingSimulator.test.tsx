import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PropertyDetail } from '../lib/types'
import { json, makeAgency, makeProperty, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

const brl = (amount: string) => `R$\u00a0${amount}`

function serve(property: PropertyDetail, rate = 12.682503013197) {
  const { fetchMock } = routeFetch({
    [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
    'GET /api/v1/agency': () => json(200, makeAgency({ financing_rate: rate })),
  })
  vi.stubGlobal('fetch', vi.fn(fetchMock))
  renderApp(`/imoveis/${property.slug}`)
}

afterEach(() => vi.unstubAllGlobals())

/** The row of the results table named label: its SAC and Price cells. */
function row(label: string) {
  const header = screen.getByRole('rowheader', { name: label })
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent)
}

describe('financing simulator', () => {
  it('opens on demand with the agency rate and 20 % down, and works out both tables', async () => {
    const user = userEvent.setup()
    // R$ 125.000 with 20 % down finances R$ 100.000; at 1 % a month over
    // 120 months, the reference case of finance.test.ts.
    serve(makeProperty({ price: '125000.00' }))
    const open = await screen.findByRole('button', { name: 'Simular financiamento' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByLabelText('Entrada (R$)')).toBeNull()
    await user.click(open)
    expect(open).toHaveAttribute('aria-expanded', 'true')
    const down = await screen.findByLabelText('Entrada (R$)')
    expect(down).toHaveValue('25.000,00')
    expect(screen.getByLabelText('Juros (% ao ano)')).toHaveValue('12,682503013197')
    expect(screen.getByLabelText('Prazo')).toHaveValue('30')

    await user.clear(screen.getByLabelText('Prazo'))
    await user.type(screen.getByLabelText('Prazo'), '120')
    await user.selectOptions(screen.getByLabelText('Unidade do prazo'), 'meses')
    expect(screen.getByText('R$ 100.000,00')).toBeInTheDocument()
    expect(row('Primeira parcela')).toEqual([brl('1.833,33'), brl('1.434,71')])
    expect(row('Última parcela')).toEqual([brl('841,67'), brl('1.434,71')])
    expect(row('Total pago')).toEqual([brl('160.500,00'), brl('172.165,14')])
    expect(row('Renda mensal necessária (30%)')).toEqual([brl('6.111,11'), brl('4.782,36')])
    expect(screen.getByText(/Estimativa sem seguros/)).toBeInTheDocument()
  })

  it('says what is wrong instead of a table', async () => {
    const user = userEvent.setup()
    serve(makeProperty({ price: '125000.00' }))
    await user.click(await screen.findByRole('button', { name: 'Simular financiamento' }))
    const down = await screen.findByLabelText('Entrada (R$)')
    await user.clear(down)
    await user.type(down, '125.000')
    expect(down).toHaveAttribute('aria-invalid', 'true')
    expect(down).toHaveAccessibleDescription('A entrada deve ser menor que o valor do imóvel.')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('is not offered for rent', async () => {
    serve(makeProperty({ type: 'aluguel', price: '3500.00' }))
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('button', { name: 'Simular financiamento' })).toBeNull()
  })
})
