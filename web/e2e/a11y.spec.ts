import { axeViolations, expect, seeded, signIn, test } from './support/fixtures'

// axe-core on every page a visitor or staff reach, at desktop width and on
// a 390-px phone: no serious or critical violation. The pages' own specs
// check their states; this one walks them all.

const PUBLIC = ['/', '/busca', '/imoveis/venda/florianopolis-sc', `/imoveis/${seeded.section.slug}`, `/imoveis/${seeded.carousel.slug}`, '/privacidade', '/favoritos', '/nao-existe']
const BACK_OFFICE = ['/admin', '/admin/imoveis/novo', `/admin/imoveis/${seeded.section.id}`, '/admin/contatos', '/admin/contatos/lgpd', '/admin/agencia', '/admin/equipe', '/admin/conta', '/admin/emails', '/admin/copias', '/admin/portais']

async function serious(page: import('@playwright/test').Page) {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

for (const width of [1280, 390]) {
  test(`axe at ${width} px: every public page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    for (const path of PUBLIC) {
      await page.goto(path)
      await expect(page.locator('main').first()).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0)
      expect(await serious(page), `axe on ${path}`).toEqual([])
    }
  })

  test(`axe at ${width} px: every back-office page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await signIn(page)
    for (const path of BACK_OFFICE) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0)
      expect(await serious(page), `axe on ${path}`).toEqual([])
    }
  })
}
