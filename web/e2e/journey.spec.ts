import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { STAFF, axeViolations, expect, origin, signIn, test } from './support/fixtures'
import { stayOffline } from './support/offline'
import { YOUTUBE_ID } from './support/seed'

// An agency employee's day in the back office, from a new listing to a
// lead worked and exported, and the session's edges: one that ends while
// a form is being edited, and signing out.

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

// What a test creates is removed after it: the other specs count the home page's cards.
const made: string[] = []
test.afterEach(async ({ admin }) => {
  for (const id of made.splice(0)) expect((await admin.del(`/api/admin/properties/${id}`)).status).toBe(204)
})

const SESSION_KEY = 'vitrine.session'

async function seriousViolations(page: Page) {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)
}

/** The accessible name of the navigation's "Contatos" link with `n` unread leads. */
function leadsNavName(n: number): string {
  if (n === 0) return 'Contatos'
  return n === 1 ? 'Contatos, 1 não lido' : `Contatos, ${n} não lidos`
}

/**
 * The leads export as Excel in Brazilian Portuguese reads it: a UTF-8 byte
 * order mark, then ';' between quoted cells, "" for a quote, line breaks
 * inside quotes. A file without the mark fails: Excel would garble its accents.
 */
function parseExcelCSV(file: string): string[][] {
  expect(file.startsWith('\uFEFF'), 'the export starts with a byte order mark').toBe(true)
  const text = file.slice(1)
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ';') {
      row.push(cell)
      cell = ''
    } else if (c === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else if (c !== '\r') cell += c
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}

test('journey: a new listing with every field, seen by a visitor, hidden and shown again, its lead worked and exported, then signing out', async ({
  page,
  context,
  browser,
  admin,
}) => {
  test.setTimeout(90_000)
  const stamp = Date.now().toString(36)
  const title = `Cobertura duplex com vista para a Beira-Mar ${stamp}`
  const slug = `cobertura-duplex-jornada-${stamp}`
  const code = `JOR-${stamp}`.toUpperCase()
  const street = 'Rua das Gaivotas'
  const number = '388-B'
  const complement = 'Bloco Ipê, apartamento 1502'
  const photoURL = `https://fotos.vitrine.test/jornada-${stamp}-terraço.jpg`
  const agency = { name: 'Imobiliária Jornada E2E', creci: 'CRECI/SC 45678-J' }

  await test.step('the agency has a name and a CRECI', async () => {
    const put = await admin.put('/api/admin/agency', agency)
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ ...agency, creci_display: 'CRECI/SC 45678-J' })
  })

  await test.step('sign in with e-mail and password', async () => {
    await signIn(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Imóveis' })).toBeVisible()
    await expect(page.getByText(STAFF.name, { exact: true })).toBeVisible()
  })

  let id = ''
  await test.step('"Novo imóvel": every field of the form, then save', async () => {
    await page.getByRole('link', { name: 'Novo imóvel' }).click()
    await expect(page).toHaveURL('/admin/imoveis/novo')
    await expect(page.getByRole('heading', { level: 1, name: 'Novo imóvel' })).toBeVisible()
    const textbox = (name: string) => page.getByRole('textbox', { name, exact: true })
    const combobox = (name: string) => page.getByRole('combobox', { name, exact: true })

    // Anúncio
    await textbox('Título').fill(title)
    await textbox('Código').fill(code)
    await textbox('Endereço da página').fill(slug)
    await textbox('Descrição').fill(
      'Cobertura duplex com terraço, piscina privativa e vista definitiva para a Beira-Mar Norte.\n\nTrês quartos, dois deles suítes, e duas vagas de garagem.',
    )
    await combobox('Negócio').selectOption('venda_aluguel')
    await combobox('Situação').selectOption('reservado')
    await textbox('Preço de venda (R$)').fill('1.250.000,00')
    await textbox('Aluguel mensal (R$)').fill('4.800,00')
    await textbox('Condomínio (R$ por mês)').fill('920,00')
    await textbox('IPTU (R$)').fill('3.600,00')
    await combobox('Período do IPTU').selectOption('yearly')
    // A new listing starts as a draft; this one is published at once.
    await expect(page.getByRole('checkbox', { name: 'Ativo' })).not.toBeChecked()
    await page.getByRole('checkbox', { name: 'Ativo' }).check()
    await page.getByRole('checkbox', { name: 'Destaque' }).check()

    // Endereço: the CEP is typed as digits and masked as it is typed.
    const cep = textbox('CEP')
    await cep.pressSequentially('88015200')
    await expect(cep).toHaveValue('88015-200')
    await textbox('Rua').fill(street)
    await textbox('Número').fill(number)
    await textbox('Complemento').fill(complement)
    await textbox('Bairro').fill('Centro')
    await textbox('Cidade').fill('Florianópolis')
    await combobox('UF').selectOption('SC')
    await textbox('Endereço (texto livre)').fill(`${street}, ${number}`)
    await page.getByRole('radio', { name: /^Só a rua/ }).check()
    await textbox('Latitude').fill('-27,5945')
    await textbox('Longitude').fill('-48,5477')

    // Características
    await combobox('Tipo do imóvel').fill('Cobertura')
    await textbox('Quartos').fill('3')
    await textbox('Suítes').fill('2')
    await textbox('Banheiros').fill('4')
    await textbox('Vagas de garagem').fill('2')
    await textbox('Área principal (m²)').fill('132,5')
    await textbox('Área útil (m²)').fill('120')
    await textbox('Área total (m²)').fill('180')
    await textbox('Andar').fill('12')
    await textbox('Ano de construção').fill('2019')

    // Comodidades
    await page.getByRole('button', { name: 'Adicionar comodidade' }).click()
    await combobox('Comodidade 1').fill('Churrasqueira')
    await page.getByRole('button', { name: 'Adicionar comodidade' }).click()
    await combobox('Comodidade 2').fill('Piscina privativa')
    await combobox('Grupo da comodidade 2').selectOption('lazer')

    // Fotos: choosing some would save it as a draft first (photos.spec.ts).
    await expect(page.getByText(/^Ao escolher as fotos, o imóvel é salvo como rascunho/)).toBeVisible()

    // Vídeo, with its preview.
    await textbox('Endereço do vídeo').fill(`https://www.youtube.com/watch?v=${YOUTUBE_ID}`)
    await expect(page.getByRole('region', { name: 'Pré-visualização' }).locator('iframe')).toHaveAttribute(
      'src',
      `https://www.youtube.com/embed/${YOUTUBE_ID}`,
    )
    await page.getByRole('radio', { name: /^Carrossel/ }).check()

    await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Imóvel cadastrado' })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/imoveis\/[^/]+$/)
    id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '')
    made.push(id)
    await expect(page.getByRole('heading', { level: 1, name: `Editar imóvel ${title}` })).toBeVisible()
    // The stored form reads back what was typed.
    await expect(textbox('CEP')).toHaveValue('88015-200')
    await expect(textbox('Complemento')).toHaveValue(complement)

    // Fotos, once saved: another host's address, answered offline by a drawn picture (support/offline.ts).
    await textbox('Endereço da foto').fill(photoURL)
    await textbox('Descrição (opcional)').fill('Terraço com piscina e vista para o mar')
    await page.getByRole('button', { name: 'Adicionar endereço' }).click()
    await expect(page.getByText('Foto adicionada ao fim da lista.')).toBeVisible()
    await expect(textbox('Descrição da foto 1')).toHaveValue('Terraço com piscina e vista para o mar')

    const stored = await admin.get(`/api/admin/properties/${id}`)
    expect(stored.status).toBe(200)
    expect(stored.body).toMatchObject({
      title,
      slug,
      code,
      type: 'venda_aluguel',
      status: 'reservado',
      price: '1250000.00',
      rent_price: '4800.00',
      condo_fee: '920.00',
      iptu: '3600.00',
      iptu_period: 'yearly',
      is_active: true,
      is_featured: true,
      cep: '88015-200',
      street,
      number,
      complement,
      address: `${street}, ${number}`,
      address_visibility: 'street',
      latitude: -27.5945,
      longitude: -48.5477,
      city: { name: 'Florianópolis', state: 'SC' },
      neighborhood: { name: 'Centro' },
      subtype: { name: 'Cobertura' },
      bedrooms: 3,
      suites: 2,
      bathrooms: 4,
      parking_spots: 2,
      area_m2: 132.5,
      useful_area_m2: 120,
      total_area_m2: 180,
      floor: 12,
      year_built: 2019,
      photos: [{ url: photoURL, alt_text: 'Terraço com piscina e vista para o mar', display_order: 0 }],
      video_url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
      video_position: 'carousel',
      created_by: { kind: 'user', name: STAFF.name },
    })
    const amenities = (stored.body as { amenities: Array<{ name: string; group: string }> }).amenities
    expect(amenities.map(({ name, group }) => ({ name, group }))).toEqual(
      expect.arrayContaining([
        { name: 'Churrasqueira', group: 'caracteristica' },
        { name: 'Piscina privativa', group: 'lazer' },
      ]),
    )
  })

  // The public page, opened from the edit page as the employee would.
  const site = await test.step('the public page shows what a visitor may see', async () => {
    const opened = context.waitForEvent('page')
    await page.getByRole('link', { name: 'Ver página no site' }).click()
    const site = await opened
    await expect(site).toHaveURL(`/imoveis/${slug}`)
    await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(site).toHaveTitle(`${title} — ${agency.name}`)

    const tags = site.locator('.detail__tags')
    await expect(tags.getByText('Situação: Reservado')).toBeVisible()
    await expect(tags.getByText('Venda e aluguel', { exact: true })).toBeVisible()
    await expect(tags.getByText(`Cód. ${code}`)).toBeVisible()

    const prices = site.getByRole('region', { name: 'Valores do imóvel' })
    await expect(prices.getByText('R$ 1.250.000,00', { exact: true })).toBeVisible()
    await expect(prices.getByText('R$ 4.800,00/mês', { exact: true })).toBeVisible()
    await expect(prices.getByRole('definition').filter({ hasText: 'R$ 920,00' })).toBeVisible()
    await expect(prices.getByText('R$ 3.600,00/ano', { exact: true })).toBeVisible()
    // 4.800 + 920 + 3.600 / 12
    await expect(prices.getByText('R$ 6.020,00', { exact: true })).toBeVisible()

    // "Só a rua": the street and the CEP, never the number, the complement nor the map's coordinates.
    await expect(site.locator('.detail__location')).toContainText(`${street} · Centro, Florianópolis – SC`)
    const sheet = site.getByRole('region', { name: 'Ficha do imóvel' })
    await expect(sheet.getByRole('definition').filter({ hasText: street })).toHaveText(street)
    await expect(sheet.getByText('88015-200', { exact: true })).toBeVisible()
    await expect(sheet.getByText('12º andar', { exact: true })).toBeVisible()
    await expect(site.getByRole('region', { name: 'Lazer' }).getByText('Piscina privativa')).toBeVisible()
    await expect(site.getByRole('region', { name: 'Características' }).getByText('Churrasqueira')).toBeVisible()
    const main = site.getByRole('main')
    await expect(main).not.toContainText(number)
    await expect(main).not.toContainText('1502')
    await expect(main).not.toContainText('Bloco Ipê')

    const gallery = site.getByRole('region', { name: `Fotos de ${title}` })
    await expect(gallery.getByText('1 / 2')).toBeVisible()
    await gallery.getByRole('button', { name: 'Assistir ao vídeo' }).click()
    await expect(gallery.locator('iframe')).toHaveAttribute('src', `https://www.youtube.com/embed/${YOUTUBE_ID}`)
    await gallery.getByRole('button', { name: 'Próxima foto' }).click()
    await expect(gallery.getByRole('img', { name: 'Terraço com piscina e vista para o mar' })).toBeVisible()

    const advertiser = site.getByRole('group', { name: 'Imobiliária responsável' })
    await expect(advertiser.getByText(agency.name, { exact: true })).toBeVisible()
    await expect(advertiser.getByText('CRECI/SC 45678-J', { exact: true })).toBeVisible()

    // What the public API gives away: the street only.
    const api = await site.request.get(`/api/v1/properties/${slug}`)
    expect(api.status()).toBe(200)
    const detail = await api.json()
    expect(detail).toMatchObject({ street, address: street, number: null, latitude: null, longitude: null, cep: '88015-200' })
    expect(JSON.stringify(detail)).not.toContain('1502')

    // The server's HTML: structured data that parses, without the complement or the number.
    const html = await site.request.get(`/imoveis/${slug}`)
    expect(html.status()).toBe(200)
    const text = await html.text()
    const blocks = [...text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1])
    expect(blocks).toHaveLength(1)
    const ld = JSON.parse(blocks[0])
    expect(ld['@context']).toBe('https://schema.org')
    const graph: Array<Record<string, unknown>> = ld['@graph']
    const ofType = (type: string) => graph.find((node) => node['@type'] === type)
    // The listing: the home at the street level, a sale and a monthly rent, both offered by the agency.
    expect(ofType('RealEstateListing')).toMatchObject({
      name: title,
      url: `${origin}/imoveis/${slug}`,
      image: [photoURL],
      mainEntity: {
        address: { streetAddress: street, postalCode: '88015-200', addressLocality: 'Florianópolis', addressRegion: 'SC' },
        numberOfBedrooms: 3,
      },
      offers: [
        { '@type': 'Offer', price: '1250000.00', priceCurrency: 'BRL', availability: 'https://schema.org/LimitedAvailability' },
        {
          '@type': 'Offer',
          priceSpecification: { '@type': 'UnitPriceSpecification', price: '4800.00', unitCode: 'MON' },
        },
      ],
    })
    expect(ofType('RealEstateListing')?.mainEntity).not.toHaveProperty('geo')
    expect(ofType('RealEstateAgent')).toMatchObject({ identifier: { name: 'CRECI', value: 'CRECI/SC 45678-J' } })
    expect(ofType('BreadcrumbList')).toMatchObject({ itemListElement: [{ name: 'Início' }, { name: title }] })
    expect(text).not.toContain('1502')
    expect(text).not.toContain('Bloco Ip')
    expect(blocks[0]).not.toContain(number)
    return site
  })

  await test.step('deactivated from the list: the public page is gone', async () => {
    await page.getByRole('navigation', { name: 'Área da equipe' }).getByRole('link', { name: 'Imóveis' }).click()
    const item = page.getByRole('listitem', { name: title })
    await expect(item.getByText('Ativo', { exact: true })).toBeVisible()
    await item.getByRole('button', { name: `Desativar ${title}` }).click()
    await expect(page.getByRole('status').filter({ hasText: `“${title}” desativado.` })).toBeVisible()
    await expect(item.getByText('Inativo', { exact: true })).toBeVisible()
    expect((await admin.get(`/api/admin/properties/${id}`)).body).toMatchObject({ is_active: false })

    await site.reload()
    await expect(site.getByRole('heading', { level: 1, name: 'Imóvel não encontrado' })).toBeVisible()
    expect((await site.request.get(`/imoveis/${slug}`)).status()).toBe(404)
    expect((await site.request.get(`/api/v1/properties/${slug}`)).status()).toBe(404)
    // An inactive property takes no contact.
    const refused = await site.request.post(`/api/v1/properties/${slug}/contact`, {
      data: { name: 'Ninguém', email: 'ninguem@exemplo.com.br', message: 'Este imóvel está inativo?' },
    })
    expect(refused.status()).toBe(404)
  })

  await test.step('reactivated: the public page is back', async () => {
    await page.getByRole('listitem', { name: title }).getByRole('button', { name: `Ativar ${title}` }).click()
    await expect(page.getByRole('status').filter({ hasText: `“${title}” ativado.` })).toBeVisible()
    await site.reload()
    await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await site.close()
  })

  const unreadBefore = ((await admin.get('/api/admin/leads?per_page=1')).body as { unread: number }).unread
  const visitorEmail = `renata.${stamp}@exemplo.com.br`
  const message = 'Olá! A cobertura aceita permuta? Gostaria de visitar no sábado.'
  await test.step('a visitor, not signed in, sends the contact form', async () => {
    const visitor = await browser.newContext({ baseURL: origin, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
    await stayOffline(visitor, origin)
    const visit = await visitor.newPage()
    await visit.goto(`/imoveis/${slug}`)
    expect(await visit.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull()
    const form = visit.getByRole('form', { name: 'Formulário de contato' })
    await form.getByLabel('Nome').fill('Renata Albuquerque')
    await form.getByLabel('E-mail', { exact: true }).fill(visitorEmail)
    await form.getByLabel('Telefone (opcional)').fill('(48) 99123-4567')
    await form.getByLabel('Mensagem').fill(message)
    await form.getByRole('button', { name: 'Enviar mensagem' }).click()
    await expect(form.getByRole('status')).toHaveText('Mensagem enviada com sucesso!')
    await visitor.close()
  })

  const note = `Ligar na sexta às 10h; prefere WhatsApp. (${stamp})`
  const card = page.getByRole('article').filter({ hasText: visitorEmail })
  await test.step('"Contatos": the lead is new and the badge counts it; its status and note are kept', async () => {
    const nav = page.getByRole('navigation', { name: 'Área da equipe' })
    await nav.getByRole('link', { name: /^Contatos/ }).click()
    await expect(page).toHaveURL('/admin/contatos')
    await expect(card).toBeVisible()
    await expect(card.getByRole('heading', { name: 'Renata Albuquerque' })).toBeVisible()
    await expect(card.getByText(message)).toBeVisible()
    await expect(card.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/imoveis/${slug}`)
    const status = card.getByRole('combobox', { name: 'Situação' })
    await expect(status).toHaveValue('novo')
    await expect(status.locator('option:checked')).toHaveText('Novo')
    await expect(nav.getByRole('link', { name: leadsNavName(unreadBefore + 1), exact: true })).toBeVisible()
    await expect(nav.locator('.admin-badge')).toHaveText(String(unreadBefore + 1))

    await status.selectOption('em_atendimento')
    await expect(card.getByText(`Atualizado por ${STAFF.name} em`)).toBeVisible()
    await expect(nav.getByRole('link', { name: leadsNavName(unreadBefore), exact: true })).toBeVisible()
    await card.getByRole('textbox', { name: 'Nota interna' }).fill(note)
    await card.getByRole('button', { name: 'Salvar nota' }).click()
    await expect(card.getByRole('status').filter({ hasText: 'Nota salva' })).toBeVisible()

    await page.reload()
    await expect(card.getByRole('combobox', { name: 'Situação' })).toHaveValue('em_atendimento')
    await expect(card.getByRole('combobox', { name: 'Situação' }).locator('option:checked')).toHaveText('Em atendimento')
    await expect(card.getByRole('textbox', { name: 'Nota interna' })).toHaveValue(note)
    await expect(card.getByText(`Atualizado por ${STAFF.name} em`)).toBeVisible()
    await expect(nav.getByRole('link', { name: leadsNavName(unreadBefore), exact: true })).toBeVisible()
    expect(await seriousViolations(page), 'axe on /admin/contatos with a lead worked on').toEqual([])
  })

  await test.step('filtered by "em_atendimento" (kept in the address) and exported as CSV', async () => {
    await page.getByRole('search', { name: 'Filtrar contatos' }).getByRole('combobox', { name: 'Situação' }).selectOption('em_atendimento')
    await expect(page).toHaveURL('/admin/contatos?status=em_atendimento')
    await expect(page.getByText(/ para estes filtros/)).toBeVisible()
    await expect(card).toBeVisible()
    for (const select of await page.getByRole('article').getByRole('combobox', { name: 'Situação' }).all()) {
      await expect(select).toHaveValue('em_atendimento')
    }
    await page.reload()
    await expect(page.getByRole('search', { name: 'Filtrar contatos' }).getByRole('combobox', { name: 'Situação' })).toHaveValue(
      'em_atendimento',
    )
    await expect(card).toBeVisible()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Exportar CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.csv$/)
    const rows = parseExcelCSV(readFileSync(await file.path(), 'utf8'))
    const [header, ...data] = rows
    expect(header).toEqual(expect.arrayContaining(['email', 'status', 'nota', 'criado_em', 'imovel_codigo', 'aceita_marketing']))
    const col = (name: string) => header.indexOf(name)
    const row = data.find((r) => r[col('email')] === visitorEmail)
    expect(row, 'the lead is in the export').toBeDefined()
    expect(row?.[col('status')]).toBe('em atendimento')
    // Local time, as Excel in pt-BR takes for a date: today in São Paulo.
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      new Date(),
    )
    expect(row?.[col('criado_em')]).toMatch(new RegExp(`^${today.replaceAll('/', '\\/')} \\d{2}:\\d{2}$`))
    expect(row?.[col('nota')]).toBe(note)
    expect(row?.[col('imovel_slug')]).toBe(slug)
    expect(data.every((r) => r[col('status')] === 'em atendimento'), 'the export follows the filter').toBe(true)
  })

  await test.step('"Sair": the sign-in form again, and the old token is refused', async () => {
    const token = await sessionToken(page)
    expect(token).toBeTruthy()
    const me = await page.request.get('/api/admin/me', { headers: { Authorization: `Bearer ${token}` } })
    expect(me.status()).toBe(200)
    expect(await me.json()).toMatchObject({ kind: 'user', user: { email: STAFF.email } })

    const ended = page.waitForResponse((r) => r.url().endsWith('/api/admin/session') && r.request().method() === 'DELETE')
    await page.getByRole('button', { name: 'Sair' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Área da equipe' })).toBeVisible()
    await expect(page.getByText('Você saiu da área da equipe.')).toBeVisible()
    await expect(page.getByLabel('E-mail')).toBeVisible()
    expect((await ended).status()).toBe(204)
    expect(await sessionToken(page)).toBeNull()

    await page.goto('/admin')
    await expect(page.getByLabel('Senha')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0)
    const after = await page.request.get('/api/admin/me', { headers: { Authorization: `Bearer ${token}` } })
    expect(after.status()).toBe(401)
  })
})

test('a session ended while editing: the sign-in dialog keeps the typed title and the save completes', async ({ page, admin }) => {
  const stamp = Date.now().toString(36)
  const created = await admin.post('/api/admin/properties', {
    title: `Casa térrea para a sessão expirada ${stamp}`,
    price: '720000.00',
    type: 'venda',
    bedrooms: 3,
    bathrooms: 2,
    parking_spots: 2,
    area_m2: 160,
    city: { name: 'Florianópolis', state: 'SC' },
    neighborhood: { name: 'Campeche' },
    subtype: { name: 'Casa' },
  })
  expect(created.status).toBe(201)
  const property = created.body as { id: string; title: string }
  made.push(property.id)

  await signIn(page, `/admin/imoveis/${property.id}`)
  const titleInput = page.getByRole('textbox', { name: 'Título', exact: true })
  await expect(titleInput).toHaveValue(property.title)
  const newTitle = `Casa térrea com quintal no Campeche ${stamp}`
  await titleInput.fill(newTitle)

  // End the browser's session on the server, as the staff list would (a revoked session answers as an expired one).
  const token = await sessionToken(page)
  const me = await page.request.get('/api/admin/me', { headers: { Authorization: `Bearer ${token}` } })
  const sessionId = ((await me.json()) as { session: { id: number } }).session.id
  const users = (await admin.get('/api/admin/users')).body as { items: Array<{ id: number; email: string }> }
  const staff = users.items.find((u) => u.email === STAFF.email)
  expect(staff).toBeDefined()
  const sessions = (await admin.get(`/api/admin/users/${staff?.id}/sessions`)).body as { items: Array<{ id: number }> }
  expect(sessions.items.map((s) => s.id)).toContain(sessionId)
  expect((await admin.del(`/api/admin/sessions/${sessionId}`)).status).toBe(204)

  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  const dialog = page.getByRole('dialog', { name: 'Entre novamente' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('E-mail')).toHaveValue(STAFF.email)
  await expect(dialog.getByLabel('Senha')).toBeFocused()
  await expect(titleInput).toHaveValue(newTitle)
  expect(await seriousViolations(page), 'axe with the sign-in dialog open').toEqual([])
  // Nothing was saved while signed out.
  expect((await admin.get(`/api/admin/properties/${property.id}`)).body).toMatchObject({ title: property.title })

  await dialog.getByLabel('Senha').fill(STAFF.password)
  await dialog.getByRole('button', { name: 'Entrar' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Alterações salvas' })).toBeVisible()
  await expect(titleInput).toHaveValue(newTitle)
  await expect(page.getByRole('heading', { level: 1, name: `Editar imóvel ${newTitle}` })).toBeVisible()
  const stored = await admin.get(`/api/admin/properties/${property.id}`)
  expect(stored.body).toMatchObject({ title: newTitle, updated_by: { kind: 'user', name: STAFF.name } })
  const fresh = await sessionToken(page)
  expect(fresh).toBeTruthy()
  expect(fresh).not.toBe(token)
})

test('sign-in page and team page with a new token: no serious accessibility violation', async ({ page, admin }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Área da equipe' })).toBeVisible()
  expect(await seriousViolations(page), 'axe on the sign-in page').toEqual([])
  // An error the browser finds by itself: no attempt reaches the server's limit.
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert')).toHaveText('Informe o e-mail e a senha.')
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
  expect(await seriousViolations(page), 'axe on the sign-in page with its error').toEqual([])

  await page.getByLabel('E-mail').fill(STAFF.email)
  await page.getByLabel('Senha').fill(STAFF.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Área da equipe' }).getByRole('link', { name: 'Equipe e acesso' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Equipe e acesso' })).toBeVisible()

  const name = `jornada-${Date.now().toString(36)}`
  await page.getByRole('textbox', { name: 'Nome do novo token' }).fill(name)
  await page.getByRole('button', { name: 'Criar token' }).click()
  await expect(page.getByRole('heading', { name: `Token ${name} criado` })).toBeVisible()
  const secret = await page.getByRole('textbox', { name: `Token ${name}`, exact: true }).inputValue()
  expect(secret.length).toBeGreaterThan(20)
  expect(await seriousViolations(page), 'axe on /admin/equipe with a token just created').toEqual([])

  // The token shown works, and is gone once revoked.
  const check = await page.request.get('/api/admin/me', { headers: { Authorization: `Bearer ${secret}` } })
  expect(check.status()).toBe(200)
  expect((await admin.del(`/api/admin/tokens/${name}`)).status).toBe(204)
})
