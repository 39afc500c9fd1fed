import type { Browser, Page } from '@playwright/test'
import { TOKEN, axeViolations, expect, origin, test } from './support/fixtures'
import { drawJpeg } from './support/images'

// A visitor opens a property's photos full screen (PhotoSwipe, loaded on
// demand): moves between them, zooms in on a variant larger than the one
// that fits the screen, and closes with Esc or the Back button.

const TITLE = 'Casa com galeria em tela cheia no Ribeirão da Ilha'
const ALTS = ['Fachada com jardim', 'Sala com lareira']
let property: { id: string; slug: string } | null = null

/** JPEGs of 1920×1280 in distinct colours: the server makes each one's variants, up to 1920 wide. */
async function jpegs(browser: Browser): Promise<Buffer[]> {
  const page = await browser.newPage()
  const out = [await drawJpeg(page, '#2c6fbb', 1920, 1280), await drawJpeg(page, '#c0392b', 1920, 1280)]
  await page.close()
  return out
}

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(180_000) // two photos are processed on the server
  const api = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Authorization: `Bearer ${TOKEN}` } })
  const created = await api.post('/api/admin/properties', {
    data: {
      title: TITLE,
      price: '1150000.00',
      type: 'venda',
      is_active: true,
      subtype: { name: 'Casa' },
      city: { name: 'Florianópolis', state: 'SC' },
      neighborhood: { name: 'Ribeirão da Ilha' },
    },
  })
  expect(created.status()).toBe(201)
  property = await created.json()
  const files = await jpegs(browser)
  for (const [i, buffer] of files.entries()) {
    const res = await api.post(`/api/admin/properties/${property!.id}/photos`, {
      multipart: { alt_text: ALTS[i], file: { name: `foto-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer } },
    })
    expect(res.status()).toBe(201)
  }
  await expect
    .poll(
      async () => {
        const res = await api.get(`/api/admin/properties/${property!.id}/photos`)
        return ((await res.json()) as { photos: Array<{ status: string }> }).photos.map((p) => p.status)
      },
      { timeout: 150_000 },
    )
    .toEqual(['ready', 'ready'])
  await api.dispose()
})

test.afterAll(async ({ playwright }) => {
  if (!property) return
  // The other specs count the catalogue the global setup seeded.
  const api = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Authorization: `Bearer ${TOKEN}` } })
  expect((await api.delete(`/api/admin/properties/${property.id}`)).status()).toBe(204)
  await api.dispose()
})

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

/** The width, in CSS pixels, of the photo the gallery shows, and the variant the browser fetched for it. */
async function shown(page: Page) {
  const img = page.locator('.pswp__item[aria-hidden="false"] img.pswp__img')
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)
  return img.evaluate((el: HTMLImageElement) => ({
    width: el.getBoundingClientRect().width,
    variant: Number(/-(\d+)\.(?:webp|jpg)$/.exec(el.currentSrc)?.[1] ?? 0),
    format: /\.(webp|jpg)$/.exec(el.currentSrc)?.[1],
    alt: el.alt,
  }))
}

for (const { name, viewport, touch } of [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, touch: false },
]) {
  test.describe(name, () => {
    test.use({ hasTouch: touch })
    test(`gallery full screen (${name}): opens on a tap, moves, zooms, closes with Esc and Back, no serious axe violation`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      // The gallery's code is not part of the page until a photo is touched.
      const lazy: string[] = []
      page.on('request', (r) => {
        if (/\/assets\/lightbox-[\w-]+\.(js|css)$/.test(r.url())) lazy.push(r.url())
      })
      await page.goto(`/imoveis/${property!.slug}`)
      const carousel = page.getByRole('region', { name: `Fotos de ${TITLE}` })
      const cover = carousel.getByRole('img', { name: ALTS[0] })
      await expect(cover).toBeVisible()
      await expect.poll(() => cover.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)
      expect(lazy, 'no gallery code at first paint').toEqual([])

      // A tap on the photo opens it full screen, at that photo.
      await cover.click()
      const dialog = page.getByRole('dialog', { name: `Fotos de ${TITLE}` })
      await expect(dialog).toBeVisible()
      expect(lazy.length, 'the gallery comes as its own chunk').toBeGreaterThan(0)
      const counter = dialog.getByText(/^Foto \d+ de \d+$/)
      await expect(counter).toHaveText('Foto 1 de 2')
      await expect(page).toHaveURL(`/imoveis/${property!.slug}`)
      const close = dialog.getByRole('button', { name: 'Fechar' })
      const closeBox = await close.boundingBox()
      expect(closeBox!.width).toBeGreaterThanOrEqual(44)
      expect(closeBox!.height).toBeGreaterThanOrEqual(44)
      expect((await shown(page)).alt).toBe(ALTS[0])
      expect(await serious(page), 'axe with the gallery open').toEqual([])

      // Next photo by the keyboard, and back by a swipe (a drag to the right).
      await page.keyboard.press('ArrowRight')
      await expect(counter).toHaveText('Foto 2 de 2')
      await expect.poll(async () => (await shown(page)).alt).toBe(ALTS[1])
      const y = viewport.height / 2 - 90 // above the arrow buttons
      await page.mouse.move(viewport.width * 0.1, y)
      await page.mouse.down()
      await page.mouse.move(viewport.width * 0.5, y, { steps: 8 })
      await page.mouse.move(viewport.width * 0.9, y, { steps: 8 })
      await page.mouse.up()
      await expect(counter).toHaveText('Foto 1 de 2')
      await expect.poll(async () => (await shown(page)).alt).toBe(ALTS[0])

      // Fitted, the photo is at most as wide as the screen, and its variant is
      // the one for that width; zoomed in, it is wider than the screen and a
      // larger variant is fetched.
      const fitted = await shown(page)
      expect(fitted.width).toBeLessThanOrEqual(viewport.width + 0.5)
      expect(fitted.variant).toBeGreaterThanOrEqual(Math.min(480, fitted.width))
      // Chromium decodes WebP: the gallery takes those variants, as the page's <picture> does.
      expect(fitted.format).toBe('webp')
      const zoom = dialog.getByRole('button', { name: 'Ampliar' })
      const zoomBox = await zoom.boundingBox()
      expect(zoomBox!.width).toBeGreaterThanOrEqual(44)
      if (touch) {
        // A double tap on the photo.
        const box = await page.locator('.pswp__item[aria-hidden="false"] img.pswp__img').boundingBox()
        const [x, y] = [box!.x + box!.width / 2, box!.y + box!.height / 2]
        await page.touchscreen.tap(x, y)
        await page.touchscreen.tap(x, y)
      } else {
        await zoom.click()
      }
      await expect(dialog.getByRole('button', { name: 'Reduzir' })).toBeVisible()
      await expect.poll(async () => (await shown(page)).width).toBeGreaterThan(viewport.width)
      await expect.poll(async () => (await shown(page)).variant).toBeGreaterThan(fitted.variant)

      // Esc closes it; the page is where it was, and the entry the gallery added to the history is gone.
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(page).toHaveURL(`/imoveis/${property!.slug}`)
      await expect.poll(() => page.evaluate(() => JSON.stringify(window.history.state))).not.toContain('vitrineGallery')
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()

      // From the keyboard: "Ver em tela cheia", then the browser's Back closes
      // the gallery (not the page), and the focus returns to the button.
      const expand = carousel.getByRole('button', { name: 'Ver em tela cheia' })
      const expandBox = await expand.boundingBox()
      expect(expandBox!.width).toBeGreaterThanOrEqual(44)
      expect(expandBox!.height).toBeGreaterThanOrEqual(44)
      await expand.focus()
      await page.keyboard.press('Enter')
      await expect(dialog).toBeVisible()
      expect(await page.evaluate(() => JSON.stringify(window.history.state))).toContain('vitrineGallery')
      await expect(counter).toHaveText('Foto 1 de 2')
      // The focus stays inside the gallery.
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => !!document.activeElement?.closest('.pswp'))).toBe(true)
      }
      await page.goBack()
      await expect(dialog).toHaveCount(0)
      await expect(page).toHaveURL(`/imoveis/${property!.slug}`)
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
      await expect(expand).toBeFocused()
    })
  })
}

async function serious(page: Page) {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}
