import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { axeViolations, expect, seeded, signIn, test } from './support/fixtures'

// The back office's pages against the server as it is; the lead workflow
// (status, note, unread count), the session and the team page are in
// journey.spec.ts.

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

async function seriousViolations(page: Page) {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** Whether anything makes the page wider than the window (a horizontal scroll bar). */
function widened(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
}

test('agency page: accessible, a 422 under its field, and a saved agency shown by the site', async ({ page, admin }) => {
  await signIn(page, '/admin/agencia')
  await expect(page.getByRole('heading', { level: 1, name: 'Agência' })).toBeVisible()
  const name = page.getByLabel(/^Nome da imobiliária/)
  const creci = page.getByLabel(/^CRECI/)
  await expect(name).toBeEditable()
  expect(await seriousViolations(page), 'axe on /admin/agencia').toEqual([])

  const email = page.getByLabel(/^E-mail$/)
  const storedEmail = await email.inputValue() // lead notices go there: it is put back
  await name.fill('Imobiliária Vitrine E2E')
  await creci.fill('12345-X')
  await email.fill('contato@')
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  const summary = page.getByRole('alert')
  await expect(summary).toContainText('Corrija os campos indicados')
  await expect(creci).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveValue('Imobiliária Vitrine E2E')
  expect(await seriousViolations(page), 'axe on /admin/agencia with errors').toEqual([])

  // Written without its state, the CRECI takes the agency's.
  await page.getByLabel(/^UF da imobiliária/).selectOption('SC')
  await creci.fill('creci 98765j')
  await expect(page.getByText('CRECI/SC 98765-J', { exact: true })).toBeVisible()
  await email.fill(storedEmail)
  await page.getByLabel(/^Telefone/).fill('48 3333-4444')
  await page.getByLabel(/^Cor da marca/).fill('#7A1F5C')
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Alterações salvas' })).toBeVisible()
  await expect(creci).toHaveValue('CRECI/SC 98765-J')
  await expect(page.getByLabel(/^Telefone/)).toHaveValue('(48) 3333-4444')
  await expect(page.getByRole('contentinfo')).toContainText('Imobiliária Vitrine E2E · CRECI/SC 98765-J')

  const stored = await admin.get('/api/v1/agency')
  expect(stored.body).toMatchObject({
    name: 'Imobiliária Vitrine E2E',
    creci: 'CRECI/SC 98765-J',
    phone: '+554833334444',
    logo_url: null,
    brand_color: '#7a1f5c',
  })
  // The public pages take the agency's colour; the back office keeps its own.
  const brand = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim())
  expect(await brand()).toBe('#0b5cad')
  await page.goto('/')
  await expect.poll(brand).toBe('#7a1f5c')
  // The server's page already wears it, before any script runs.
  const served = await page.request.get('/')
  expect(await served.text()).toContain('html:root{--brand:#7a1f5c}')
})

test("agency logo: sent as a file, shown in the site's header and as its tab's icon", async ({ page, admin }) => {
  test.slow() // the logo is processed on the server
  await signIn(page, '/admin/agencia')
  const logo = page.getByRole('group', { name: 'Logotipo' })
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 600
    canvas.height = 200
    const g = canvas.getContext('2d')!
    g.fillStyle = '#0b5cad'
    g.fillRect(0, 0, 600, 200)
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'))
    return [...new Uint8Array(await blob.arrayBuffer())]
  })
  await logo.getByLabel('Enviar logotipo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png) })
  await expect(logo.getByRole('status')).toContainText(/Logotipo (enviado|salvo)/)
  try {
    // The page says it is processing until it is read again; the public agency shows it once made.
    const read = async () => (await admin.get('/api/v1/agency')).body as { name: string; logo: { url: string } | null }
    await expect.poll(async () => (await read()).logo, { timeout: 60_000 }).not.toBeNull()
    const agency = await read()
    await page.goto('/')
    await expect(page.getByRole('banner').getByRole('img', { name: agency.name })).toHaveAttribute('src', agency.logo!.url)
    await expect(page.locator('link[rel="icon"][href$=".jpg"]')).toHaveAttribute('href', agency.logo!.url)
  } finally {
    expect((await admin.del('/api/admin/agency/logo')).status).toBe(200)
  }
})

test('leads inbox on a 390-px phone: cards, nothing widens the page, CSV export downloads', async ({ page }) => {
  const stamp = Date.now().toString(36)
  const email = `uma.pessoa.com.um.endereco.bem.comprido.${stamp}@exemplo-de-dominio-longo.com.br`
  const sent = await page.request.post(`/api/v1/properties/${seeded.section.slug}/contact`, {
    data: { name: 'Visitante do Celular', email, phone: '(48) 99876-5432', message: 'Quero saber se aceita financiamento.' },
  })
  expect(sent.status()).toBe(201)

  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, '/admin/contatos')
  // The site's header and the back office's menu leave the phone's first
  // screen to the work: at most a fifth of it.
  const nav = await page.getByRole('navigation', { name: 'Área da equipe' }).boundingBox()
  expect((nav?.y ?? 0) + (nav?.height ?? 0), 'the bottom of the menu').toBeLessThanOrEqual(844 / 5)
  const card = page.getByRole('article', { name: 'Visitante do Celular' }).first()
  await expect(card).toBeVisible()
  await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`)
  await expect(card.getByRole('link', { name: 'WhatsApp de Visitante do Celular' })).toHaveAttribute(
    'href',
    'https://wa.me/5548998765432',
  )
  // Call, WhatsApp and e-mail: each a target a thumb can hit (44 px).
  for (const link of [card.getByRole('link', { name: 'Ligar para (48) 99876-5432' }), card.getByRole('link', { name: /^WhatsApp de / }), card.getByRole('link', { name: email })]) {
    const box = await link.boundingBox()
    expect(box?.height ?? 0, `${await link.textContent()} is at least 44 px high`).toBeGreaterThanOrEqual(44)
  }
  await expect(card.getByRole('link', { name: seeded.section.title, exact: true })).toHaveAttribute('href', `/imoveis/${seeded.section.slug}`)
  expect(await widened(page), 'the inbox is no wider than the phone').toBe(false)
  expect(await seriousViolations(page), 'axe on /admin/contatos').toEqual([])

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.csv$/)
  expect(readFileSync(await file.path(), 'utf8')).toContain(email)

  await page.goto('/admin/agencia')
  await expect(page.getByLabel(/^Nome da imobiliária/)).toBeEditable()
  expect(await widened(page), 'the agency form is no wider than the phone').toBe(false)
})

/** A VRSync file of one listing ready for the portals (five JPEG photos, linked), coded code. */
function portalReadyFile(code: string): string {
  const photos = [1, 2, 3, 4, 5].map((n) => `<Item medium="image" caption="Foto ${n}">https://fotos.example.com.br/${code}/${n}.jpg</Item>`)
  return `<?xml version="1.0" encoding="UTF-8"?>
<ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync">
  <Header><Provider>Outro Sistema</Provider><Email>contato@outro.example.com.br</Email></Header>
  <Listings>
    <Listing>
      <ListingID>${code}</ListingID>
      <Title>Apartamento de dois quartos no Centro</Title>
      <TransactionType>For Sale</TransactionType>
      <Location displayAddress="Street">
        <Country abbreviation="BR">Brasil</Country>
        <State abbreviation="SC">Santa Catarina</State>
        <City>Florianópolis</City>
        <Neighborhood>Centro</Neighborhood>
        <Address>Rua Felipe Schmidt</Address>
        <StreetNumber>500</StreetNumber>
        <PostalCode>88010-400</PostalCode>
      </Location>
      <Details>
        <PropertyType>Residential / Apartment</PropertyType>
        <UsageType>Residential</UsageType>
        <Description>Apartamento de dois quartos, reformado, a duas quadras da Praça XV, com varanda e piscina no prédio.</Description>
        <ListPrice currency="BRL">850000</ListPrice>
        <LivingArea unit="square metres">72</LivingArea>
        <Bedrooms>2</Bedrooms>
        <Bathrooms>1</Bathrooms>
      </Details>
      <Media>${photos.join('')}</Media>
    </Listing>
  </Listings>
</ListingDataFeed>
`
}

test("re-importing the agency's own feed: every listing unchanged, nothing written, the page stays", async ({ page, admin }) => {
  const code = `REIMP-${Date.now().toString(36).toUpperCase()}`
  await signIn(page, '/admin/agencia')
  const section = page.getByRole('region', { name: 'Importar imóveis de um arquivo VRSync' })
  const importFile = async (name: string, xml: string) => {
    await section.getByLabel(/Arquivo VRSync/).setInputFiles({ name, mimeType: 'text/xml', buffer: Buffer.from(xml) })
    await section.getByLabel(/Baixar as fotos/).uncheck()
    await section.getByRole('button', { name: 'Verificar' }).click()
  }

  // A listing from another system, imported with its photos linked.
  await importFile('outro.xml', portalReadyFile(code))
  await expect(section.getByRole('status')).toContainText('1 anúncio no arquivo: 1 seria criado')
  await section.getByRole('button', { name: 'Importar' }).click()
  await expect(section.getByRole('status')).toContainText('1 anúncio: 1 criado')

  // The agency's feed now carries it; imported back, nothing changes.
  const feed = await admin.get('/api/admin/feeds/vrsync')
  expect(feed.status).toBe(200)
  const xml = await (await page.request.get(new URL((feed.body as { url: string }).url).pathname)).text()
  expect(xml, 'the imported listing in the feed').toContain(`<ListingID>${code}</ListingID>`)
  const listings = xml.match(/<Listing>/g)?.length ?? 0

  await importFile('feed.xml', xml)
  const unchanged = listings === 1 ? '1 ficaria sem mudanças' : `${listings} ficariam sem mudanças`
  await expect(section.getByRole('status')).toContainText(`no arquivo: 0 seriam criados, 0 seriam atualizados, ${unchanged}`)
  await expect(section.getByRole('status')).toContainText('Nada foi gravado.')
  await expect(section.getByRole('row').filter({ hasText: 'Sem mudanças' })).toHaveCount(listings)
  await expect(section.getByRole('button', { name: 'Importar' })).toBeDisabled()
  await expect(page.getByRole('navigation', { name: 'Área da equipe' })).toBeVisible()
  await expect(page.getByText('Não foi possível mostrar esta página')).toHaveCount(0)

  // The other specs count the catalogue: the listing goes.
  const found = await admin.get(`/api/admin/properties?q=${code}`)
  const items = (found.body as { items: Array<{ id: string }> }).items
  expect(items).toHaveLength(1)
  expect((await admin.del(`/api/admin/properties/${items[0].id}`)).status).toBe(204)
})
