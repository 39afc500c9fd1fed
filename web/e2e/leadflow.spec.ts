import { STAFF, expect, origin, sendContact, signIn, test } from './support/fixtures'
import { links, waitForMessage } from './support/mailbox'

// A lead reaches its broker: the visitor's message on a listing, the
// listing's broker's mailbox within a minute, the broker following the
// notice's link to the lead and taking it on, and the owner reading what
// happened in the lead's timeline. Real browser, real server, real SMTP.

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

test('a visitor’s message reaches the listing’s broker, who takes it on; the owner sees the timeline', async ({
  page,
  browser,
  admin,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now().toString(36)
  const broker = {
    email: `carla.${stamp}@imobiliaria.example`,
    name: `Carla Corretora ${stamp}`,
    password: 'senha-da-carla-2026',
  }
  const made = await admin.post('/api/admin/users', { ...broker, role: 'corretor' })
  expect(made.status).toBe(201)
  const brokerId = (made.body as { id: number }).id

  const created = await admin.post('/api/admin/properties', {
    title: `Apartamento da Carla ${stamp}`,
    price: '520000.00',
    type: 'venda',
    bedrooms: 2,
    bathrooms: 1,
    parking_spots: 1,
    area_m2: 70,
    // A city of its own: the search tests count Florianópolis's listings.
    city: { name: 'Imbituba', state: 'SC' },
    neighborhood: { name: 'Centro' },
    subtype: { name: 'Apartamento' },
    broker_id: brokerId,
  })
  expect(created.status).toBe(201)
  const property = created.body as { id: string; slug: string; title: string }

  try {
    const visitor = { name: `Rafael Costa ${stamp}`, email: `rafael.${stamp}@exemplo.com.br` }
    const sentAt = Date.now()
    await test.step('a visitor sends a message on the property page', () =>
      sendContact(page, property.slug, visitor, 'Olá! O apartamento ainda está disponível?'),
    )

    const mail = await test.step('the broker’s mailbox has the notice within 60 s', () =>
      waitForMessage(broker.email, (m) => m.Text.includes(visitor.email), { timeout: 60_000 }),
    )
    expect(Date.now() - sentAt, 'the notice arrives within 60 s').toBeLessThan(60_000)
    expect(mail.ReplyTo.map((r) => r.Address)).toEqual([visitor.email])
    const leadLink = links(mail.HTML).find((h) => h.startsWith(`${origin}/admin/contatos/`))
    expect(leadLink, 'a link to the lead in the back office').toBeTruthy()
    const leadId = leadLink!.split('/').at(-1)!
    const note = `Liguei para ${visitor.name}; visita marcada para sábado.`

    await test.step('the broker follows the link, signs in and takes the lead on', async () => {
      await page.goto(leadLink!)
      await page.getByLabel('E-mail').fill(broker.email)
      await page.getByLabel('Senha').fill(broker.password)
      await page.getByRole('button', { name: 'Entrar' }).click()
      await expect(page.getByRole('heading', { level: 1, name: `Contato nº ${leadId}` })).toBeVisible()
      const lead = page.getByRole('article', { name: visitor.name })
      await lead.getByLabel('Situação').selectOption({ label: 'Em atendimento' })
      await expect(lead.getByRole('list', { name: 'Histórico do contato' })).toContainText('Status: novo → em atendimento')
      await lead.getByLabel('Nota interna').fill(note)
      await lead.getByRole('button', { name: 'Salvar nota' }).click()
      await expect(lead.getByText('Nota salva')).toBeVisible()
    })

    await test.step('the owner sees the whole timeline', async () => {
      const owner = await browser.newPage()
      try {
        await signIn(owner, `/admin/contatos/${leadId}`)
        const history = owner.getByRole('article', { name: visitor.name }).getByRole('list', { name: 'Histórico do contato' })
        await expect(history).toContainText('Contato recebido pelo site')
        await expect(history).toContainText(`Atribuído a ${broker.name}`)
        await expect(history).toContainText(`E-mail enviado para ${broker.name}`)
        await expect(history).toContainText('Status: novo → em atendimento')
        await expect(history).toContainText(note)
        await expect(history).toContainText(`por ${broker.name}`)
        expect(STAFF.name).not.toBe(broker.name)
      } finally {
        await owner.close()
      }
    })
  } finally {
    // The catalogue as the other tests expect it (they count the listings): without this one.
    expect((await admin.del(`/api/admin/properties/${property.id}`)).status).toBe(204)
  }
})
