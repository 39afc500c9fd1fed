import { expect, origin, seeded, test } from './support/fixtures'
import { links, waitForMessage } from './support/mailbox'
import { SEED } from './support/seed'

// A visitor on a phone.
test.use({ viewport: { width: 390, height: 844 } })

/** What a test made that the other specs must not see, undone after it. */
const cleanup: Array<() => Promise<void>> = []

test.afterEach(async ({ pageProblems }) => {
  for (const undo of cleanup.splice(0)) await undo()
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

/** The message's headers, as mailpit read them. */
async function headers(id: string): Promise<Record<string, string[]>> {
  const res = await fetch(`${process.env.E2E_MAILPIT}/api/v1/message/${encodeURIComponent(id)}/headers`)
  expect(res.ok).toBe(true)
  return (await res.json()) as Record<string, string[]>
}

test('a saved search is confirmed by e-mail, alerts a new listing, and unsubscribes in one click', async ({ page, admin, playwright }) => {
  // Two e-mails to wait for (60 s each at most), and the browser's steps.
  test.setTimeout(180_000)
  const stamp = Date.now().toString(36)
  const email = `alerta.${stamp}@exemplo.com.br`
  const word = `alerta${stamp}`

  await test.step('on the results page, the visitor asks to be told of new listings', async () => {
    await page.goto(`/busca?business=venda&q=${word}`)
    await page.getByRole('button', { name: 'Avise-me de novos imóveis' }).click()
    const form = page.getByRole('region', { name: 'Avise-me de novos imóveis' })
    await expect(form.getByRole('link', { name: 'Política de privacidade' })).toBeVisible()
    await form.getByLabel('E-mail', { exact: true }).fill(email)
    await form.getByRole('radio', { name: 'Imediato', exact: true }).check()
    await form.getByRole('button', { name: 'Criar alerta' }).click()
    await expect(page.getByRole('region', { name: 'Confira seu e-mail' }).getByRole('status')).toContainText('e-mail de confirmação')
  })

  const confirmation = await test.step('the confirmation e-mail arrives', () =>
    waitForMessage(email, (m) => m.Subject === 'Confirme seu alerta de imóveis'),
  )
  const confirmLink = links(confirmation.HTML).find((h) => h.startsWith(`${origin}/alertas/confirmar?token=`))
  expect(confirmLink, 'a link to the confirmation page').toBeTruthy()
  const token = new URL(confirmLink!).searchParams.get('token')!
  const manage = async () =>
    (await admin.post('/api/v1/saved-searches/manage', { token })).body as { searches: Array<{ status: string; query: string }> }

  await test.step('opening the link confirms nothing until the button is pressed', async () => {
    await page.goto(confirmLink!)
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmar alerta de imóveis' })).toBeVisible()
    expect((await manage()).searches.map((s) => s.status)).toEqual(['pendente'])
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByRole('status')).toContainText('Alerta confirmado')
    expect((await manage()).searches.map((s) => s.status)).toEqual(['ativo'])
  })

  const title = `Terreno ${word} no Campeche`
  const created = await test.step('staff publish a listing the search matches', async () => {
    const res = await admin.post('/api/admin/properties', { ...SEED.noPhotos, title })
    expect(res.status).toBe(201)
    return (res.body as { id: string }).id
  })
  // The other specs count the seeded catalogue: the listing goes when the test ends, passed or not.
  cleanup.push(async () => expect((await admin.del(`/api/admin/properties/${created}`)).status).toBe(204))

  const alert = await test.step('the alert arrives, with the listing and a link to the management page', () =>
    waitForMessage(email, (m) => m.Subject === '1 imóvel novo para a sua busca' && m.Text.includes(title)),
  )
  const hrefs = links(alert.HTML)
  expect(hrefs.some((h) => h.startsWith(`${origin}/imoveis/`))).toBe(true)
  const manageLink = hrefs.find((h) => h.startsWith(`${origin}/alertas/gerenciar?token=`))
  expect(manageLink, 'a link to the management page').toBeTruthy()

  const unsubscribe = await test.step('it carries the RFC 8058 headers', async () => {
    const h = await headers(alert.ID)
    expect(h['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click'])
    const value = h['List-Unsubscribe']?.[0] ?? ''
    expect(value).toMatch(new RegExp(`^<${origin}/api/v1/saved-searches/unsubscribe\\?token=[^>]+>$`))
    return value.slice(1, -1)
  })

  await test.step('the management page lists the alert', async () => {
    await page.goto(manageLink!)
    const list = page.getByRole('list', { name: 'Alertas' })
    await expect(list.getByRole('listitem')).toHaveCount(1)
    await expect(page.getByText(`Alertas enviados para ${email}.`)).toBeVisible()
  })

  await test.step('a GET of the one-click address changes nothing; its POST unsubscribes', async () => {
    const client = await playwright.request.newContext()
    const get = await client.get(unsubscribe, { maxRedirects: 0 })
    expect(get.status()).toBe(303)
    expect((await manage()).searches.map((s) => s.status)).toEqual(['ativo'])
    const post = await client.post(unsubscribe, { form: { 'List-Unsubscribe': 'One-Click' } })
    expect(post.status()).toBe(200)
    expect(((await post.json()) as { status: string }).status).toBe('cancelado')
    expect((await manage()).searches).toEqual([])
    await client.dispose()
  })
})

test('a visitor sends their favourites to their e-mail, under the privacy notice', async ({ page }) => {
  test.setTimeout(120_000)
  const email = `favoritos.${Date.now().toString(36)}@exemplo.com.br`
  const listing = seeded.carousel
  await page.goto(`/imoveis/${listing.slug}`)
  await page.getByRole('button', { name: 'Salvar nos favoritos' }).click()
  await page.goto('/favoritos')
  await page.getByRole('button', { name: 'Enviar minha lista por e-mail' }).click()
  const form = page.getByRole('form', { name: 'Enviar minha lista por e-mail' })
  await expect(form.getByRole('link', { name: 'Política de privacidade' })).toBeVisible()
  await form.getByLabel('E-mail', { exact: true }).fill(email)
  await form.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Enviamos sua lista' })).toBeVisible()
  const mail = await waitForMessage(email, (m) => m.Subject === 'Sua lista de imóveis favoritos')
  expect(mail.Text).toContain(listing.title)
  expect(links(mail.HTML)).toContain(`${origin}/imoveis/${listing.slug}`)
})
