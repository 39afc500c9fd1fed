import { expect, test } from './support/fixtures'

// Roles in the real browser against the real server: what a corretor's
// session may open, and the 403 view for what it may not.

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

test('a corretor opening the staff page gets the 403 view', async ({ page, admin }) => {
  const corretor = { email: `corretor.${Date.now().toString(36)}@imobiliaria.example`, name: 'Caio Corretor', password: 'senha-do-corretor-2026' }
  const made = await admin.post('/api/admin/users', { ...corretor, role: 'corretor' })
  expect(made.status).toBe(201)

  await page.goto('/admin/equipe')
  await page.getByLabel('E-mail').fill(corretor.email)
  await page.getByLabel('Senha').fill(corretor.password)
  await page.getByRole('button', { name: 'Entrar' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible()
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Área da equipe' })
  await expect(nav.getByRole('link', { name: 'Minha conta' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Equipe e acesso' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Agência' })).toHaveCount(0)

  // The server agrees: the staff list is a 403 for that session.
  const token = await page.evaluate(() => localStorage.getItem('vitrine.session'))
  const res = await page.request.get('/api/admin/users', { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(403)
  expect(await res.json()).toEqual({ error: 'Você não tem permissão para esta ação.' })

  await page.getByRole('link', { name: 'Voltar para os imóveis' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Imóveis' })).toBeVisible()
})
