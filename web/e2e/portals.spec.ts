import type { Page } from '@playwright/test'
import { axeViolations, expect, signIn, test } from './support/fixtures'

// The back office's Portais page against the server as it is: the feed's
// address, a property held back with its reason and a link to it, and the
// portal crawler's read as the page reports it.

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

async function seriousViolations(page: Page) {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

test('portals page: a blocked listing with its reason and link, and the crawler read', async ({ page, admin }) => {
  const stamp = Date.now().toString(36)
  const title = `Casa com poucas fotos ${stamp}`
  const created = await admin.post('/api/admin/properties', {
    title,
    code: `POUCAS-${stamp.toUpperCase()}`,
    price: '640000.00',
    type: 'venda',
    bedrooms: 3,
    bathrooms: 2,
    useful_area_m2: 120,
    cep: '88220-000',
    description: 'Casa de três quartos a duas quadras do mar, com quintal, churrasqueira e garagem para dois carros.',
    // A city of its own: the search tests count Florianópolis's listings.
    city: { name: 'Bombinhas', state: 'SC' },
    neighborhood: { name: 'Centro' },
    subtype: { name: 'Casa' },
    photos: [1, 2].map((n) => ({ url: `https://fotos.example.com.br/${stamp}/${n}.jpg` })),
    publish_to_portals: true,
  })
  expect(created.status).toBe(201)
  const id = (created.body as { id: string }).id

  try {
    await signIn(page, '/admin/portais')
    await expect(page.getByRole('heading', { level: 1, name: 'Portais' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Área da equipe' })
    await expect(nav.getByRole('link', { name: 'Portais' })).toHaveAttribute('aria-current', 'page')

    const feed = page.getByRole('region', { name: 'Endereço do feed' })
    const address = feed.getByLabel('Endereço do feed (VRSync)')
    await expect(address).toHaveValue(/\/feeds\/vrsync\/[0-9a-f]{40}\.xml$/)

    const state = page.getByRole('region', { name: 'Imóveis no feed' })
    await expect(state).toContainText(/imóve(l|is) marcados? para os portais/)
    const blocked = state.getByRole('list', { name: 'Imóveis fora do feed' })
    const item = blocked.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) })
    await expect(item).toContainText('Os portais exigem ao menos 5 fotos (o imóvel tem 2).')
    expect(await seriousViolations(page), 'axe on /admin/portais').toEqual([])

    // The portal's crawler reads the feed; the page says when.
    const path = new URL(await address.inputValue()).pathname
    const read = await page.request.get(path, { headers: { 'User-Agent': 'VivaRealBot/1.0' } })
    expect(read.status()).toBe(200)
    expect(await read.text(), 'the blocked listing is not in the feed').not.toContain(title)
    await page.reload()
    await expect(page.getByRole('region', { name: 'Imóveis no feed' })).toContainText(
      /Grupo ZAP \(ZAP Imóveis, VivaReal e OLX\): leu o feed pela última vez em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\./,
    )

    // The link opens the property's form, where the reason can be fixed.
    await page.getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/imoveis/${id}$`))
    await expect(page.getByLabel(/^Título/)).toHaveValue(title)
  } finally {
    expect((await admin.del(`/api/admin/properties/${id}`)).status).toBe(204)
  }
})
