import type { Page } from '@playwright/test'
import { axeViolations, expect, seeded, test, TILES } from './support/fixtures'
import { SEED } from './support/seed'

// The maps (issue 30), drawn from the local tile server the global setup starts (no other
// map host is reachable). "carousel" shows its whole address: a pin. "noPhotos" shows its
// neighborhood only: a circle around the area, never its point. "section" has no
// coordinates: no map at all.

const ATTRIBUTION = '© Mapas do Teste E2E'

/** The tiles asked of the tile server so far. */
async function tilesAsked(): Promise<number> {
  return ((await (await fetch(`${TILES}/requests`)).json()) as string[]).length
}

/** The requests for the map's chunk that the page has made. */
function mapChunkRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/LeafletMap-[^/]+\.(js|css)$/.test(r.url())) seen.push(r.url())
  })
  return seen
}

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

async function serious(page: Page) {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

for (const [name, viewport] of [
  ['on a 390-px phone', { width: 390, height: 844 }],
  ['on a desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(name, () => {
    test.use({ viewport })

    test('a listing with its whole address: a pin, loaded as its map comes near, with the credit', async ({ page }) => {
      const chunk = mapChunkRequests(page)
      const before = await tilesAsked()
      await page.goto(`/imoveis/${seeded.carousel.slug}`)
      await expect(page.getByRole('heading', { level: 1, name: seeded.carousel.title })).toBeVisible()
      const region = page.getByRole('region', { name: `Mapa da localização de ${seeded.carousel.title}` })
      await expect(region).toBeAttached()
      if (viewport.width < 600) expect(chunk, 'no map fetched before the visitor scrolls near it').toEqual([])

      await region.scrollIntoViewIfNeeded()
      const pin = region.getByRole('button', { name: 'Localização do imóvel' })
      await expect(pin).toBeVisible()
      await expect(region.locator('path.map-area')).toHaveCount(0)
      await expect(region.getByText(ATTRIBUTION)).toBeVisible()
      await expect(region.locator('img.leaflet-tile-loaded').first()).toBeAttached()
      expect(chunk.length, 'the map came in its own chunk').toBeGreaterThan(0)
      expect(await tilesAsked(), 'tiles asked of the configured tile server').toBeGreaterThan(before)
      await expect(page.getByText(/Localização aproximada/)).toHaveCount(0)
      expect(await serious(page), 'axe with the map drawn').toEqual([])
    })

    test('a listing with its neighborhood only: a circle and no pin, never its point', async ({ page }) => {
      await page.goto(`/imoveis/${seeded.noPhotos.slug}`)
      const region = page.getByRole('region', { name: `Mapa da localização de ${seeded.noPhotos.title}` })
      await region.scrollIntoViewIfNeeded()
      await expect(region.locator('path.map-area')).toHaveCount(1)
      await expect(region.locator('.leaflet-marker-icon')).toHaveCount(0)
      await expect(region.getByText(ATTRIBUTION)).toBeVisible()
      await expect(page.getByText('Localização aproximada: o círculo mostra a região do imóvel.', { exact: false })).toBeVisible()
      // The point is in neither the page the server sent nor anything the client asked for.
      const html = await (await page.request.get(`/imoveis/${seeded.noPhotos.slug}`)).text()
      const detail = await (await page.request.get(`/api/v1/properties/${seeded.noPhotos.slug}`)).text()
      for (const digits of [String(SEED.noPhotos.latitude), String(SEED.noPhotos.longitude)]) {
        expect(html).not.toContain(digits)
        expect(detail).not.toContain(digits)
      }
      expect(await serious(page), 'axe with the map drawn').toEqual([])
    })

    test('a listing without coordinates: no map and no empty box', async ({ page }) => {
      await page.goto(`/imoveis/${seeded.section.slug}`)
      await expect(page.getByRole('heading', { level: 2, name: 'Ficha do imóvel' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Localização' })).toHaveCount(0)
      await expect(page.locator('.map')).toHaveCount(0)
    })

    test('the results on a map: a pin and a circle, whose card opens the listing', async ({ page }) => {
      await page.goto('/imoveis/venda/florianopolis-sc')
      await expect(page.getByText('3 imóveis encontrados')).toBeVisible()
      const toggle = page.getByRole('group', { name: 'Ver resultados em' })
      await toggle.getByRole('button', { name: 'Mapa' }).click()
      await expect(toggle.getByRole('button', { name: 'Mapa' })).toHaveAttribute('aria-pressed', 'true')
      const region = page.getByRole('region', { name: 'Mapa dos imóveis encontrados' })
      await expect(region).toBeVisible()
      await expect(page.getByRole('list', { name: 'Imóveis encontrados' })).toHaveCount(0)
      await expect(region.locator('.leaflet-marker-icon')).toHaveCount(1)
      await expect(region.locator('path.map-area')).toHaveCount(1)
      await expect(region.getByText(ATTRIBUTION)).toBeVisible()
      await expect(page.getByText('1 imóvel desta página não tem localização no mapa e aparece só na lista.')).toBeVisible()
      expect(await serious(page), 'axe on the results map').toEqual([])

      await region.getByRole('button', { name: seeded.carousel.title }).click()
      const card = region.getByRole('link', { name: seeded.carousel.title })
      await expect(card).toBeVisible()
      await card.click()
      await expect(page).toHaveURL(`/imoveis/${seeded.carousel.slug}`)
      await expect(page.getByRole('heading', { level: 1, name: seeded.carousel.title })).toBeVisible()

      // A keyboard opens an area's card as it opens a pin's.
      await page.goto('/imoveis/venda/florianopolis-sc')
      await page.getByRole('group', { name: 'Ver resultados em' }).getByRole('button', { name: 'Mapa' }).click()
      const area = region.locator('path.map-area')
      const areaName = await area.getAttribute('aria-label')
      expect(areaName, 'the area is named after its listing').toBeTruthy()
      await area.focus()
      await page.keyboard.press('Enter')
      await expect(region.getByRole('link', { name: areaName! })).toBeVisible()
    })
  })
}

test('a keyboard user skips the map', async ({ page }) => {
  await page.goto(`/imoveis/${seeded.carousel.slug}`)
  const skip = page.getByRole('link', { name: 'Pular o mapa' })
  await skip.focus()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  // Focus lands after the map: the next Tab leaves it behind, past its zoom buttons and pin.
  await page.keyboard.press('Tab')
  const focused = await page.evaluate(() => Boolean(document.activeElement?.closest('.map__box')))
  expect(focused).toBe(false)
})
