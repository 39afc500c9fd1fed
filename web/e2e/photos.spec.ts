import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { drawJpeg } from './support/images'
import { YOUTUBE_ID } from './support/seed'

// An employee uploads photos from the back office; the public page shows
// them, in the order and with the descriptions given, as responsive images.

// The properties a test makes, removed after it: the other specs count
// the catalogue the global setup seeded.
const made: string[] = []

test.afterEach(async ({ pageProblems, admin }) => {
  for (const id of made.splice(0)) expect((await admin.del(`/api/admin/properties/${id}`)).status).toBe(204)
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

/** Three JPEG photos of distinct colours, drawn by the browser itself. */
async function jpegs(page: Page): Promise<Array<{ name: string; mimeType: string; buffer: Buffer }>> {
  const colours = [
    ['vermelha.jpg', '#c0392b'],
    ['verde.jpg', '#27ae60'],
    ['azul.jpg', '#2c6fbb'],
  ]
  const out = []
  for (const [name, colour] of colours) out.push({ name, mimeType: 'image/jpeg', buffer: await drawJpeg(page, colour) })
  return out
}

test('photos: upload three, reorder, describe; the public page shows them in that order with srcset, after the video', async ({ page, admin }) => {
  test.slow() // three photos are processed on the server
  const created = await admin.post('/api/admin/properties', {
    title: 'Casa com fotos enviadas pela equipe',
    price: '690000.00',
    type: 'venda',
    subtype: { name: 'Casa' },
    city: { name: 'Florianópolis', state: 'SC' },
    neighborhood: { name: 'Santo Antônio de Lisboa' },
    video_url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
    video_position: 'carousel',
  })
  expect(created.status).toBe(201)
  const { id, slug, title } = created.body as { id: string; slug: string; title: string }
  made.push(id)

  await signIn(page, `/admin/imoveis/${id}`)
  const list = page.getByRole('list', { name: 'Fotos do anúncio, na ordem da galeria' })
  await page.locator('input[type="file"]').setInputFiles(await jpegs(page))
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 30_000 })
  await expect(list.getByText('Processando…')).toHaveCount(0, { timeout: 90_000 })

  // The blue one (uploaded last) becomes the cover; the red one goes last.
  await page.getByRole('button', { name: 'Subir a foto 3' }).click()
  await page.getByRole('button', { name: 'Subir a foto 2' }).click()
  await expect(list.getByRole('listitem').first().getByText('Capa')).toBeVisible()
  for (const [n, alt] of [
    [1, 'Fachada azul com jardim'],
    [2, 'Sala vermelha integrada'],
    [3, 'Quarto verde com vista'],
  ] as const) {
    const input = page.getByLabel(`Descrição da foto ${n}`)
    await input.fill(alt)
    await input.press('Enter')
    await expect(list.getByRole('listitem').nth(n - 1).getByText('Salvo')).toBeVisible()
  }

  const photos = await admin.get(`/api/admin/properties/${id}/photos`)
  const stored = (photos.body as { photos: Array<{ alt_text: string; status: string; source: string }> }).photos
  expect(stored.map((p) => [p.alt_text, p.status, p.source])).toEqual([
    ['Fachada azul com jardim', 'ready', 'upload'],
    ['Sala vermelha integrada', 'ready', 'upload'],
    ['Quarto verde com vista', 'ready', 'upload'],
  ])

  // The public page: the video first, then the photos in that order, each
  // a <picture> whose variants come from this server.
  await page.goto(`/imoveis/${slug}`)
  const gallery = page.getByRole('region', { name: `Fotos de ${title}` })
  const counter = gallery.getByText(/^\d+ \/ \d+$/)
  await expect(counter).toHaveText('1 / 4')
  await gallery.getByRole('button', { name: 'Assistir ao vídeo' }).click()
  await expect(gallery.locator('iframe')).toHaveCount(1)
  for (const [slide, alt] of [
    ['2 / 4', 'Fachada azul com jardim'],
    ['3 / 4', 'Sala vermelha integrada'],
    ['4 / 4', 'Quarto verde com vista'],
  ]) {
    await gallery.getByRole('button', { name: 'Próxima foto' }).click()
    await expect(counter).toHaveText(slide)
    const img = gallery.getByRole('img', { name: alt })
    await expect(img).toBeVisible()
    await expect(img).toHaveAttribute('srcset', /\/media\/[0-9a-f]{32}-480\.jpg 480w, .*\/media\/[0-9a-f]{32}-1600\.jpg 1600w$/)
    await expect(img).toHaveAttribute('width', '1600')
    await expect(img).toHaveAttribute('height', '1200')
    await expect(img.locator('xpath=preceding-sibling::source[@type="image/webp"]')).toHaveAttribute('srcset', /-480\.webp 480w/)
    // The browser loaded a variant from this server (a WebP, from <source>).
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/media\/[0-9a-f]{32}-\d+\.webp$/)
  }

  // The server-rendered head names the cover as the Open Graph image, and
  // preloads it: the video comes first in the carousel, and its poster is
  // the cover.
  const html = await (await page.request.get(`/imoveis/${slug}`)).text()
  expect(html).toMatch(/<meta property="og:image" content="[^"]*\/media\/[0-9a-f]{32}-1600\.jpg">/)
  expect(html).toContain('<meta property="og:image:alt" content="Fachada azul com jardim">')
  expect(html).toMatch(/<link rel="preload" as="image"[^>]*imagesrcset="[^"]*\/media\/[0-9a-f]{32}-480\.webp 480w/)
})

test('photos on a 390-px phone: the uploader fits, a photo is sent and turns ready', async ({ page, admin }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const created = await admin.post('/api/admin/properties', {
    title: 'Apartamento fotografado pelo celular',
    rent_price: '2800.00',
    type: 'aluguel',
    subtype: { name: 'Apartamento' },
    city: { name: 'Florianópolis', state: 'SC' },
    neighborhood: { name: 'Trindade' },
  })
  expect(created.status).toBe(201)
  const { id } = created.body as { id: string }
  made.push(id)
  await signIn(page, `/admin/imoveis/${id}`)
  const picker = page.getByText('Adicionar fotos', { exact: true })
  await picker.scrollIntoViewIfNeeded()
  await expect(picker).toBeVisible()
  const [photo] = await jpegs(page)
  await page.locator('input[type="file"]').setInputFiles([photo])
  const list = page.getByRole('list', { name: 'Fotos do anúncio, na ordem da galeria' })
  await expect(list.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
  await expect(list.getByText('Processando…')).toHaveCount(0, { timeout: 60_000 })
  await expect(list.getByRole('img')).toHaveJSProperty('complete', true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), 'nothing widens the page').toBe(false)
})

test('photos before the first save: the new listing is saved as a draft, takes the photo, and stays a draft until published', async ({
  page,
  admin,
}) => {
  test.slow() // a photo is processed on the server
  const title = 'Casa fotografada antes do primeiro salvamento'
  await signIn(page, '/admin/imoveis/novo')
  await expect(page.getByRole('heading', { level: 1, name: 'Novo imóvel' })).toBeVisible()
  const textbox = (name: string) => page.getByRole('textbox', { name, exact: true })
  const combobox = (name: string) => page.getByRole('combobox', { name, exact: true })
  await textbox('Título').fill(title)
  await textbox('Preço de venda (R$)').fill('870.000,00')
  await textbox('Bairro').fill('Santo Antônio de Lisboa')
  await textbox('Cidade').fill('Florianópolis')
  await combobox('UF').selectOption('SC')
  await combobox('Tipo do imóvel').fill('Casa')

  // Choosing a photo saves the draft first, then sends the photo to it; the form stays, at the draft's address.
  const [photo] = await jpegs(page)
  await page.locator('input[type="file"]').setInputFiles([photo])
  await expect(page).toHaveURL(/\/admin\/imoveis\/[0-9a-f-]{36}$/)
  const id = new URL(page.url()).pathname.split('/').at(-1)!
  made.push(id)
  await expect(page.getByRole('status').filter({ hasText: 'Rascunho salvo (inativo)' })).toBeVisible()
  await expect(textbox('Título')).toHaveValue(title)
  const list = page.getByRole('list', { name: 'Fotos do anúncio, na ordem da galeria' })
  await expect(list.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
  await expect(list.getByText('Processando…')).toHaveCount(0, { timeout: 60_000 })

  // "Salvar" is now an update of that draft, not a second listing.
  await textbox('Código').fill('CA-FOTO-1')
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Alterações salvas' })).toBeVisible()
  const found = await admin.get(`/api/admin/properties?q=${encodeURIComponent(title)}&page=1&per_page=20`)
  expect((found.body as { items: Array<{ id: string }> }).items.map((p) => p.id)).toEqual([id])
  const stored = await admin.get(`/api/admin/properties/${id}`)
  const { slug } = stored.body as { slug: string }
  expect(stored.body).toMatchObject({ code: 'CA-FOTO-1', is_active: false, photos: [expect.objectContaining({ width: 1600 })] })
  const photos = await admin.get(`/api/admin/properties/${id}/photos`)
  expect((photos.body as { photos: Array<{ status: string }> }).photos.map((p) => p.status)).toEqual(['ready'])
  // A draft is not on the site.
  expect((await page.request.get(`/api/v1/properties/${slug}`)).status()).toBe(404)

  // Published: the page shows the photo.
  await page.getByRole('checkbox', { name: 'Ativo' }).check()
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Alterações salvas' })).toBeVisible()
  await page.goto(`/imoveis/${slug}`)
  const gallery = page.getByRole('region', { name: `Fotos de ${title}` })
  await expect(gallery.getByText('1 / 1')).toBeVisible()
  const img = gallery.getByRole('img')
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/media\/[0-9a-f]{32}-\d+\.webp$/)
})
