import { axeViolations, expect, origin, test } from './support/fixtures'
import { links, mimePart, rawMessage, waitForMessage, type Mail } from './support/mailbox'

// A phone: the booking is made where visitors make it.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

/** axe's serious and critical violations of the page as it is now. */
const serious = async (p: Parameters<typeof axeViolations>[0]) =>
  (await axeViolations(p)).filter((v) => v.impact === 'serious' || v.impact === 'critical')

/** "2026-12-04T13:00:00Z" as an invitation's DTSTART in UTC: "20261204T130000Z". */
const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '')

/** The invitation of a received message: its text/calendar part, which must also come as invite.ics. */
async function invitation(mail: Mail, method: 'REQUEST' | 'CANCEL'): Promise<string> {
  const raw = await rawMessage(mail.ID)
  const part = mimePart(raw, 'text/calendar')
  expect(part, `a text/calendar part in "${mail.Subject}"`).not.toBeNull()
  expect(part!.contentType).toContain(`method=${method}`)
  expect(raw).toContain('invite.ics')
  return part!.body
}

test('a visitor books a broker’s slot on a phone, both get the .ics, the slot cannot be taken twice, the link cancels it', async ({
  page,
  context,
  admin,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now().toString(36)
  const broker = { email: `otavio.${stamp}@imobiliaria.example`, name: `Otávio Corretor ${stamp}`, password: 'senha-do-otavio-2026' }
  const made = await admin.post('/api/admin/users', { ...broker, role: 'corretor' })
  expect(made.status).toBe(201)
  const brokerId = (made.body as { id: number }).id
  // A city of its own (the search tests count Florianópolis's listings), rent: visits are not for sales only.
  const created = await admin.post('/api/admin/properties', {
    title: `Sobrado para visitar ${stamp}`,
    rent_price: '4200.00',
    type: 'aluguel',
    bedrooms: 4,
    bathrooms: 3,
    parking_spots: 1,
    area_m2: 180,
    city: { name: 'Bombinhas', state: 'SC' },
    neighborhood: { name: 'Mariscal' },
    subtype: { name: 'Sobrado' },
    broker_id: brokerId,
  })
  expect(created.status).toBe(201)
  const property = created.body as { id: string; slug: string; title: string }

  try {
    await test.step('the broker is open every day, all day (admin API)', async () => {
      const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }))
      expect((await admin.put(`/api/admin/users/${brokerId}/visit-hours`, { weekly, exceptions: [] })).status).toBe(200)
    })

    // A second visitor opens the same slots before the first books.
    const rival = await context.newPage()
    const openPicker = async (p: typeof page) => {
      await p.goto(`/imoveis/${property.slug}`)
      await p.getByRole('button', { name: 'Agendar visita' }).click()
      // Tomorrow: the second day offered, whatever the hour now.
      const days = p.getByRole('group', { name: 'Dia' })
      await days.getByRole('button').nth(1).click()
      const times = p.getByRole('group', { name: /Horário/ })
      await times.getByRole('button', { name: '10:00' }).click()
    }
    const fillAndConfirm = async (p: typeof page, who: { name: string; email: string }) => {
      const form = p.getByRole('form', { name: 'Agendar visita' })
      await form.getByRole('textbox', { name: 'Nome' }).fill(who.name)
      await form.getByRole('textbox', { name: 'E-mail' }).fill(who.email)
      await form.getByRole('button', { name: 'Confirmar visita' }).click()
    }
    await openPicker(rival)

    const visitor = { name: `Marina Alves ${stamp}`, email: `marina.${stamp}@exemplo.com.br` }
    await test.step('the visitor books tomorrow at 10:00', async () => {
      await openPicker(page)
      expect(await serious(page), 'the slot picker and its form').toEqual([])
      await fillAndConfirm(page, visitor)
      await expect(page.getByText('Visita agendada! Enviamos a confirmação para o seu e-mail.')).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'às 10:00' })).toBeVisible()
    })

    const startsAt = await test.step('the lead is a visit with its slot, assigned to the broker', async () => {
      const leads = (await admin.get('/api/admin/leads?per_page=50')).body as {
        items: Array<{ email: string; kind: string; visit: { starts_at: string } | null; assigned_to: { id: number } | null }>
      }
      const lead = leads.items.find((l) => l.email === visitor.email)
      expect(lead?.kind).toBe('visita')
      expect(lead?.assigned_to?.id).toBe(brokerId)
      return lead!.visit!.starts_at
    })

    await test.step('the same slot again is "já reservado"', async () => {
      await fillAndConfirm(rival, { name: 'Outro Visitante', email: `outro.${stamp}@exemplo.com.br` })
      await expect(rival.getByRole('alert')).toHaveText('Este horário acabou de ser reservado por outra pessoa. Escolha outro horário.')
      // The slots shown again no longer offer it.
      await expect(rival.getByRole('group', { name: /Horário/ }).getByRole('button', { name: '10:00' })).toHaveCount(0)
    })

    let link = ''
    await test.step('the visitor and the broker each get the invitation with the slot', async () => {
      const dtstart = `DTSTART:${icsTime(startsAt)}`
      const toVisitor = await waitForMessage(visitor.email, (m) => m.Subject.startsWith('Visita confirmada'), { timeout: 60_000 })
      const toBroker = await waitForMessage(broker.email, (m) => m.Subject.startsWith('Nova visita'), { timeout: 60_000 })
      for (const mail of [toVisitor, toBroker]) {
        const ics = await invitation(mail, 'REQUEST')
        expect(ics).toContain(`${dtstart}\r\n`)
        expect(ics).toContain('METHOD:REQUEST\r\n')
      }
      link = links(toVisitor.HTML).find((h) => h.startsWith(`${origin}/visitas#`)) ?? ''
      expect(link, 'the visitor’s link to cancel or move the visit').not.toBe('')
    })

    await test.step('the link cancels the visit, and both get the cancellation', async () => {
      await page.goto(link)
      await expect(page.getByRole('heading', { level: 1, name: 'Sua visita' })).toBeVisible()
      expect(await serious(page), 'the visit page').toEqual([])
      await page.getByRole('button', { name: 'Cancelar a visita' }).click()
      await expect(page.getByText('Visita cancelada.', { exact: true })).toBeVisible()
      const cancelled = await waitForMessage(visitor.email, (m) => m.Subject.startsWith('Visita cancelada'), { timeout: 60_000 })
      const ics = await invitation(cancelled, 'CANCEL')
      expect(ics).toContain('STATUS:CANCELLED\r\n')
      expect(ics).toContain('SEQUENCE:1\r\n')
      await waitForMessage(broker.email, (m) => m.Subject.startsWith('Visita cancelada'), { timeout: 60_000 })
    })
  } finally {
    expect((await admin.del(`/api/admin/properties/${property.id}`)).status).toBe(204)
  }
})
