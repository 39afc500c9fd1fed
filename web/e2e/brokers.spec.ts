import { STAFF, expect, signIn, test } from './support/fixtures'
import { waitForMessage } from './support/mailbox'

// Brokers on listings and the lead's timeline, against the server as it is:
// the property page shows the listing's broker and its WhatsApp goes to the
// broker's number; reassigning a lead in the inbox shows in its timeline.

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

interface User {
  id: number
  name: string
  email: string
}

test("the listing's broker on its page, and a reassigned lead's timeline", async ({ page, admin }) => {
  // Within the 60 s the notice has to arrive, plus the browser's own steps.
  test.setTimeout(150_000)
  const stamp = Date.now().toString(36)
  const users = (await admin.get('/api/admin/users')).body as { items: User[] }
  const broker = users.items.find((u) => u.email === STAFF.email)!
  const profile = await admin.put(`/api/admin/users/${broker.id}/profile`, { creci: '12.345-F/SC', whatsapp: '(48) 98888-7777' })
  expect(profile.status).toBe(200)
  const creci = 'CRECI/SC 12345-F'
  expect(profile.body).toMatchObject({ creci, whatsapp: '+5548988887777' })
  const colleague = await admin.post('/api/admin/users', {
    email: `bruna.${stamp}@imobiliaria.example`,
    name: `Bruna Corretora ${stamp}`,
    password: 'senha-longa-da-bruna-2026',
  })
  expect(colleague.status).toBe(201)
  const bruna = colleague.body as User

  const created = await admin.post('/api/admin/properties', {
    title: `Casa do corretor ${stamp}`,
    price: '780000.00',
    type: 'venda',
    bedrooms: 3,
    bathrooms: 2,
    parking_spots: 2,
    area_m2: 140,
    // A city of its own: the search tests count Florianópolis's listings.
    city: { name: 'Garopaba', state: 'SC' },
    neighborhood: { name: 'Centro' },
    subtype: { name: 'Casa' },
    broker_id: broker.id,
  })
  expect(created.status).toBe(201)
  const property = created.body as { id: string; slug: string; title: string }

  try {
    // The page: the broker's name and CRECI beside the form, WhatsApp to their number.
    await page.goto(`/imoveis/${property.slug}`)
    const contact = page.getByRole('region', { name: 'Fale com a imobiliária' })
    const card = contact.getByRole('group', { name: 'Corretor responsável' })
    await expect(card).toContainText(broker.name)
    await expect(card).toContainText(creci)
    const whatsapp = contact.getByRole('link', { name: 'Conversar no WhatsApp' })
    expect(new URL((await whatsapp.getAttribute('href'))!).pathname).toBe('/5548988887777')

    // On a phone, the contact bar names the broker and goes to their WhatsApp too.
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto(`/imoveis/${property.slug}`)
    const bar = page.getByRole('region', { name: 'Contato rápido' })
    await expect(bar).toContainText(`${broker.name} · ${creci}`)
    expect(new URL((await bar.getByRole('link', { name: 'Conversar no WhatsApp' }).getAttribute('href'))!).pathname).toBe(
      '/5548988887777',
    )
    await page.setViewportSize({ width: 1280, height: 900 })

    // A visitor's message goes to the listing's broker.
    const visitor = `Visitante ${stamp}`
    const sent = await page.request.post(`/api/v1/properties/${property.slug}/contact`, {
      data: { name: visitor, email: `visitante.${stamp}@example.com`, message: 'Gostaria de visitar a casa no sábado.' },
    })
    expect(sent.status()).toBe(201)

    // The notice goes to the listing's broker, before anyone reassigns it.
    await waitForMessage(STAFF.email, (m) => m.Text.includes(`visitante.${stamp}@example.com`), { timeout: 60_000 })

    // The inbox: reassign to Bruna, then the timeline says so, oldest first.
    await signIn(page, '/admin/contatos')
    const lead = page.getByRole('article', { name: visitor })
    const assignee = lead.getByLabel('Responsável')
    await expect(assignee).toHaveValue(String(broker.id))
    await assignee.selectOption({ label: bruna.name })
    await expect(assignee).toHaveValue(String(bruna.id))
    await lead.getByRole('button', { name: 'Ver histórico' }).click()
    const history = lead.getByRole('list', { name: 'Histórico do contato' })
    await expect(history.getByRole('listitem')).toHaveCount(4)
    await expect(history.getByRole('listitem').nth(0)).toContainText('Contato recebido pelo site')
    await expect(history.getByRole('listitem').nth(1)).toContainText(`Atribuído a ${broker.name} (corretor do imóvel)`)
    await expect(history.getByRole('listitem').nth(2)).toContainText(`E-mail enviado para ${broker.name}`)
    await expect(history.getByRole('listitem').nth(3)).toContainText(`Reatribuído de ${broker.name} para ${bruna.name}`)
    await expect(history.getByRole('listitem').nth(3)).toContainText(`por ${STAFF.name}`)

    // "Meus contatos" no longer lists it for the broker who signed in.
    await page.getByRole('search', { name: 'Filtrar contatos' }).getByLabel('Responsável').selectOption({ label: 'Meus contatos' })
    await expect(page).toHaveURL(/assigned_to=me/)
    await expect(page.getByRole('article', { name: visitor })).toHaveCount(0)
  } finally {
    // The catalogue as the other tests expect it (they count the listings): without this one.
    expect((await admin.del(`/api/admin/properties/${property.id}`)).status).toBe(204)
  }
})
