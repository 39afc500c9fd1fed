import { expect, origin, seeded, sendContact, signIn, test } from './support/fixtures'
import { links, waitForMessage } from './support/mailbox'
import { AGENCY, SEED } from './support/seed'

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

test('a visitor’s message reaches its lead’s broker or the agency, and the E-mails page lists it as sent', async ({ page, admin }) => {
  // Within the 60 s the notice has to arrive, plus the browser's own steps.
  test.setTimeout(120_000)
  const property = seeded.section
  const code = SEED.section.code
  const stamp = Date.now().toString(36)
  const visitor = { name: `Helena Prado ${stamp}`, email: `helena.${stamp}@exemplo.com.br` }

  await test.step('the agency’s e-mail is the seeded one', async () => {
    // Other specs replace the agency's record (a PUT replaces it whole).
    const put = await admin.put('/api/admin/agency', AGENCY)
    expect(put.status).toBe(200)
  })

  const sentAt = Date.now()
  await test.step('a visitor sends a message on the property page', () =>
    sendContact(page, property.slug, visitor, 'Olá! Gostaria de visitar o apartamento no sábado de manhã.'),
  )

  // The lead went to a broker by the rotation when other specs made
  // corretores, and to nobody otherwise: its notice goes to that broker, or
  // to the agency.
  const recipient = await test.step('the lead is assigned as the rotation says', async () => {
    const leads = (await admin.get('/api/admin/leads?per_page=50')).body as {
      items: Array<{ email: string; assigned_to: { id: number } | null }>
    }
    const lead = leads.items.find((l) => l.email === visitor.email)
    expect(lead, 'the lead is in the inbox').toBeTruthy()
    if (!lead!.assigned_to) return AGENCY.email
    const users = (await admin.get('/api/admin/users')).body as { items: Array<{ id: number; email: string }> }
    return users.items.find((u) => u.id === lead!.assigned_to!.id)!.email
  })

  const mail = await test.step('the recipient’s mailbox receives the notice', () =>
    waitForMessage(recipient, (m) => m.Text.includes(visitor.email), { timeout: 60_000 }),
  )
  expect(Date.now() - sentAt, 'the notice arrives within 60 s').toBeLessThan(60_000)

  const propertyURL = `${origin}/imoveis/${property.slug}`
  let leadId = ''
  await test.step('the notice names the property and the visitor, and links to the property page', async () => {
    expect(mail.To.map((to) => to.Address)).toEqual([recipient])
    expect(mail.Subject).toBe(`Novo contato: ${code} — ${property.title}`)
    expect(mail.ReplyTo.map((r) => r.Address)).toEqual([visitor.email])
    expect(mail.Text).toContain(`Imóvel: ${code} — ${property.title}`)
    expect(mail.Text).toContain(`Nome: ${visitor.name}`)
    expect(mail.Text).toContain(propertyURL)
    expect(mail.HTML).toContain(visitor.name)
    const hrefs = links(mail.HTML)
    expect(hrefs).toContain(propertyURL)
    const leadLink = hrefs.find((h) => h.startsWith(`${origin}/admin/contatos/`))
    expect(leadLink, 'a link to the lead in the back office').toBeTruthy()
    leadId = leadLink!.split('/').at(-1)!

    await page.goto(propertyURL)
    await expect(page.getByRole('heading', { level: 1, name: property.title })).toBeVisible()
  })

  await test.step('the E-mails page lists the notice as sent', async () => {
    // The server records the send after the SMTP server accepted it.
    await expect
      .poll(async () => {
        const outbox = (await admin.get('/api/admin/mail')).body as { items: Array<{ ref: number; status: string }> }
        return outbox.items.find((m) => String(m.ref) === leadId)?.status
      }, { timeout: 30_000 })
      .toBe('sent')

    await signIn(page, '/admin/emails')
    await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Envio de e-mails' }), 'no banner: e-mail is configured').toHaveCount(0)
    const item = page
      .getByRole('list', { name: 'Últimos e-mails' })
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`nº ${leadId}(?![0-9])`) })
    await expect(item).toHaveCount(1)
    await expect(item).toContainText('Aviso de novo contato')
    await expect(item).toContainText('Enviado')
    await expect(item).toContainText(`Para:${recipient}`)
  })
})
