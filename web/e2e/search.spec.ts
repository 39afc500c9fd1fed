import { expect, seeded, test } from './support/fixtures'
import { SEED } from './support/seed'

// The visitor's search (issue 18) over the seeded catalogue (support/seed.ts):
// for sale in Florianópolis – SC, "carousel" (Centro, 2 bedrooms), "section"
// (Agronômica, 3 bedrooms) and "noPhotos" (Campeche, a plot); for rent in
// São José – SC, "editable"; "inactive" (Palhoça) is never found. The other
// specs remove what they create, so these are the active properties here.

const CITY = 'florianopolis-sc'
const PLACE_PAGE = `/imoveis/venda/${CITY}`

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

test.describe('on a 390-px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('search from the home page, narrow in the filter drawer, open a result and come back to the same results', async ({
    page,
  }) => {
    await page.goto('/')
    const search = page.getByRole('search', { name: 'Buscar imóveis' })
    await expect(search.getByRole('radio', { name: 'Comprar' })).toBeChecked()
    const box = search.getByRole('combobox', { name: 'Cidade, bairro ou código' })
    await box.fill('flor')
    const suggestion = page.getByRole('option', { name: 'Florianópolis – SC (3 imóveis)' })
    await expect(suggestion).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await box.press('ArrowDown')
    await expect(suggestion).toHaveAttribute('aria-selected', 'true')
    await box.press('Enter')

    await expect(page).toHaveURL(PLACE_PAGE)
    await expect(page.getByRole('heading', { level: 1, name: 'Imóveis à venda em Florianópolis – SC' })).toBeVisible()
    // The agency's name follows, whichever an earlier spec left stored.
    await expect(page).toHaveTitle(/^Imóveis à venda em Florianópolis – SC — Imobiliária /)
    await expect(page.getByText('3 imóveis encontrados')).toBeVisible()
    const results = page.getByRole('list', { name: 'Imóveis encontrados' })
    await expect(results.getByRole('article')).toHaveCount(3)
    await expect(results.getByRole('link', { name: seeded.editable.title })).toHaveCount(0)
    await expect(results.getByRole('link', { name: seeded.inactive.title })).toHaveCount(0)

    // On a phone the filters wait behind a button that counts them (business and city).
    await expect(page.getByRole('complementary', { name: 'Filtros' })).toHaveCount(0)
    const openFilters = page.getByRole('button', { name: 'Filtros (2)' })
    await openFilters.click()
    const drawer = page.getByRole('dialog', { name: 'Filtros' })
    await expect(drawer).toBeVisible()
    await expect(openFilters).toHaveAttribute('aria-expanded', 'true')

    await drawer.getByRole('checkbox', { name: /^Agronômica \(1\)$/ }).check()
    await expect(page).toHaveURL(`${PLACE_PAGE}/agronomica`)
    await drawer
      .getByRole('group', { name: 'Quartos' })
      .getByRole('button', { name: /^3\+ \(1\)$/ })
      .click()
    await expect(page).toHaveURL(`${PLACE_PAGE}/agronomica?bedrooms=3`)
    const show = drawer.getByRole('button', { name: 'Ver 1 imóvel' })
    await expect(show).toBeVisible()
    // The drawer fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await show.click()
    await expect(drawer).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Filtros (4)' })).toBeFocused()

    const narrowed = page.url()
    await expect(page.getByRole('heading', { level: 1, name: 'Imóveis à venda em Agronômica, Florianópolis – SC' })).toBeVisible()
    await expect(page.getByText('1 imóvel encontrado')).toBeVisible()
    await expect(results.getByRole('article')).toHaveCount(1)
    await results.getByRole('link', { name: seeded.section.title }).click()
    await expect(page).toHaveURL(`/imoveis/${seeded.section.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: seeded.section.title })).toBeVisible()

    // Back: the same address, the same results, the same filters shown.
    await page.goBack()
    await expect(page).toHaveURL(narrowed)
    await expect(page.getByText('1 imóvel encontrado')).toBeVisible()
    await expect(results.getByRole('link', { name: seeded.section.title })).toBeVisible()
    await page.getByRole('button', { name: 'Filtros (4)' }).click()
    await expect(drawer.getByRole('radio', { name: /^Comprar/ })).toBeChecked()
    await expect(drawer.getByRole('combobox', { name: 'Cidade' })).toHaveValue(CITY)
    await expect(drawer.getByRole('checkbox', { name: /^Agronômica/ })).toBeChecked()
    await expect(drawer.getByRole('group', { name: 'Quartos' }).getByRole('button', { name: /^3\+/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)

    // And back once more: the whole city again.
    await page.goBack()
    await expect(page).toHaveURL(`${PLACE_PAGE}/agronomica`)
    await page.goBack()
    await expect(page).toHaveURL(PLACE_PAGE)
    await expect(page.getByText('3 imóveis encontrados')).toBeVisible()
  })
})

test('a code typed on the home page opens its listing, however written, from either tab', async ({ page }) => {
  const code = SEED.section.code as string // "AP-3021", for sale
  for (const [tab, typed] of [
    ['Alugar', code.toLowerCase().replace(/[^a-z0-9]/g, '')],
    ['Comprar', code],
  ] as const) {
    await page.goto('/')
    const search = page.getByRole('search', { name: 'Buscar imóveis' })
    await search.getByRole('radio', { name: tab }).check()
    await search.getByRole('combobox', { name: 'Cidade, bairro ou código' }).fill(typed)
    await search.getByRole('button', { name: 'Buscar' }).click()
    await expect(page, `${typed} from ${tab}`).toHaveURL(`/imoveis/${seeded.section.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: seeded.section.title })).toBeVisible()
  }
})

test('free text from the home page searches /busca for the business', async ({ page }) => {
  await page.goto('/')
  const search = page.getByRole('search', { name: 'Buscar imóveis' })
  await search.getByRole('radio', { name: 'Alugar' }).check()
  await search.getByRole('combobox', { name: 'Cidade, bairro ou código' }).fill('sala comercial')
  await search.getByRole('button', { name: 'Buscar' }).click()
  await expect(page).toHaveURL('/busca?q=sala+comercial&business=aluguel')
  await expect(page.getByText('1 imóvel encontrado')).toBeVisible()
  await expect(page.getByRole('link', { name: seeded.editable.title })).toBeVisible()
})

test('a place page is served with its head and its result links in the HTML, and the app replaces them', async ({
  page,
  request,
  browser,
}) => {
  const res = await request.get(PLACE_PAGE)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toMatch(/^text\/html/)
  const html = await res.text()

  expect(html).toMatch(/<title>[^<]*Florianópolis – SC[^<]*<\/title>/)
  const canonical = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).find((tag) => /rel="canonical"/.test(tag))
  expect(canonical, 'a canonical link').toBeDefined()
  expect(canonical).toMatch(new RegExp(`href="(https?://[^"/]+)?${PLACE_PAGE}"`))

  const root = html.slice(html.indexOf('<div id="root">'))
  const linksTo = (slug: string) => new RegExp(`href="(https?://[^"/]+)?/imoveis/${slug}"`)
  for (const found of [seeded.carousel, seeded.section, seeded.noPhotos]) expect(root).toMatch(linksTo(found.slug))
  for (const other of [seeded.editable, seeded.inactive]) expect(root).not.toMatch(linksTo(other.slug))

  // An unknown place is a 404 page.
  expect((await request.get(`/imoveis/venda/atlantida-xx`)).status()).toBe(404)

  // Before the client starts (here, never: no JavaScript), the server's
  // list is laid out by the site's stylesheet, not shown as bare links.
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const plain = await noScript.newPage()
  await plain.goto(new URL(PLACE_PAGE, res.url()).toString())
  const item = plain.locator('.ssr-results > ol > li').first()
  await expect(item).toBeVisible()
  expect(await item.evaluate((li) => getComputedStyle(li.parentElement!).listStyleType)).toBe('none')
  expect(await item.evaluate((li) => getComputedStyle(li).borderTopStyle)).toBe('solid')
  await noScript.close()

  // In the browser, the client's list takes the place of the server's: each result once.
  await page.goto(PLACE_PAGE)
  await expect(page.getByText('3 imóveis encontrados')).toBeVisible()
  await expect(page.locator(`#root a[href$="/imoveis/${seeded.section.slug}"]`)).toHaveCount(1)
})
