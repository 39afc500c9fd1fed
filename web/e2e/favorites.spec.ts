import { stayOffline } from './support/offline'
import { axeViolations, expect, origin, seeded, test } from './support/fixtures'

// Issue 33 on a phone: favourites kept across a browser restart, the
// share count, and the financing simulator's figures.
test.use({ viewport: { width: 390, height: 844 } })

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

test('a favourite saved on a phone is still there when the browser opens again', async ({ page, context, browser }) => {
  const listing = seeded.carousel
  await page.goto(`/imoveis/${listing.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible()
  const heart = page.getByRole('button', { name: 'Salvar nos favoritos' })
  const box = await heart.boundingBox()
  expect(Math.min(box?.width ?? 0, box?.height ?? 0), 'the heart is a 44-px target').toBeGreaterThanOrEqual(44)
  await heart.click()
  await expect(page.getByRole('button', { name: 'Remover dos favoritos' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('link', { name: 'Favoritos, 1 salvo' })).toBeVisible()

  // Closing the browser keeps localStorage (the profile's): a new context with the old one's storage.
  const storage = await context.storageState()
  await context.close()
  const again = await browser.newContext({ storageState: storage, viewport: { width: 390, height: 844 }, locale: 'pt-BR' })
  await stayOffline(again, origin)
  const reopened = await again.newPage()
  await reopened.goto('/favoritos')
  await expect(reopened.getByRole('heading', { level: 1, name: 'Favoritos' })).toBeVisible()
  const list = reopened.getByRole('list', { name: 'Imóveis salvos' })
  await expect(list.getByRole('link', { name: listing.title })).toBeVisible()
  await list.getByRole('button', { name: 'Remover dos favoritos' }).click()
  await expect(reopened.getByText(/Você ainda não salvou nenhum imóvel/)).toBeVisible()
  await again.close()
})

test('copying a listing\'s link tags the campaign and counts a share', async ({ page, context, admin }) => {
  const listing = seeded.section
  const shares = async () => ((await admin.get(`/api/admin/properties/${listing.id}`)).body as { shares: number }).shares
  const before = await shares()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  await page.goto(`/imoveis/${listing.slug}`)
  const share = page.getByRole('group', { name: 'Compartilhar' })
  await share.getByRole('button', { name: 'Copiar link' }).click()
  await expect(share.getByRole('status')).toHaveText('Link copiado.')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${origin}/imoveis/${listing.slug}?utm_source=compartilhar&utm_medium=link&utm_campaign=imovel`,
  )
  await expect.poll(shares).toBe(before + 1)
})

test('the simulator works out SAC and Price for a sale listing, loaded on demand', async ({ page }) => {
  const listing = seeded.carousel // R$ 450.000,00; the agency keeps the default rate, 11,5 % a year
  const chunks: string[] = []
  page.on('request', (r) => {
    if (/FinancingSimulator/.test(r.url())) chunks.push(r.url())
  })
  await page.goto(`/imoveis/${listing.slug}`)
  const open = page.getByRole('button', { name: 'Simular financiamento' })
  await expect(open).toHaveAttribute('aria-expanded', 'false')
  expect(chunks, 'the simulator is not loaded with the page').toEqual([])
  await open.click()
  await expect(page.getByLabel('Entrada (R$)')).toHaveValue('90.000,00')
  await expect(page.getByLabel('Juros (% ao ano)')).toHaveValue('11,5')
  expect(chunks.length).toBeGreaterThan(0)
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious, 'axe with the simulator open').toEqual([])

  // R$ 360.000 over 360 months at (1.115)^(1/12) − 1 = 0,9112 % a month:
  // Price 360000 · i / (1 − (1 + i)^−360) = 3.410,68; SAC 1.000 + 360000 · i
  // = 4.280,49 down to 1.000 · (1 + i) = 1.009,11.
  await expect(page.getByText('R$ 360.000,00')).toBeVisible()
  const row = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell')
  await expect(row('Primeira parcela')).toHaveText(['R$ 4.280,49', 'R$ 3.410,68'])
  await expect(row('Última parcela')).toHaveText(['R$ 1.009,11', 'R$ 3.410,68'])
  await expect(row('Total pago')).toHaveText(['R$ 952.128,20', 'R$ 1.227.846,23'])
  await expect(row('Renda mensal necessária')).toHaveText(['R$ 14.268,30', 'R$ 11.368,95'])

  await page.getByLabel('Prazo', { exact: true }).fill('20')
  // 240 months: Price 360000 · i / (1 − (1 + i)^−240) = 3.699,96; SAC 1.500 + 3.280,49.
  await expect(row('Primeira parcela')).toHaveText(['R$ 4.780,49', 'R$ 3.699,96'])
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no wider than the phone').toBeLessThanOrEqual(390)
})
