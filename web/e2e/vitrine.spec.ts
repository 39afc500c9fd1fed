import { mkdirSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { STAFF, axeViolations, expect, seeded, signIn, test } from './support/fixtures'
import { VIMEO_ID, YOUTUBE_ID } from './support/seed'

const VIDEO_TITLE = 'Vídeo de apresentação do imóvel'
// The docs' screenshot is rewritten only on request (make screenshots); a
// test run keeps its picture among the run's own output.
const DOCS_SCREENSHOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshot-detail.png')

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

test('home lists the active properties and links to their pages', async ({ page }) => {
  await page.goto('/')
  // Named after the agency once a test has set it, after the product before.
  await expect(page).toHaveTitle(/^.+ — imóveis à venda e para alugar$/)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/)
  const list = page.getByRole('list').filter({ has: page.getByRole('article') })
  await expect(list.getByRole('article')).toHaveCount(4)
  await expect(page.getByRole('link', { name: seeded.inactive.title })).toHaveCount(0)

  const card = page.getByRole('article').filter({ hasText: seeded.section.title })
  await expect(card.getByText('R$ 1.280.000,00')).toBeVisible()
  await expect(card.getByText('Agronômica, Florianópolis – SC')).toBeVisible()
  await expect(card.getByText('3 quartos', { exact: true })).toBeVisible()
  await card.getByRole('link', { name: seeded.section.title }).click()
  await expect(page).toHaveURL(`/imoveis/${seeded.section.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: seeded.section.title })).toBeVisible()
})

test('carousel video: slide 0 is the video, played on a tap, then photos, by button, keyboard and swipe', async ({ page }) => {
  await page.goto(`/imoveis/${seeded.carousel.slug}`)
  // The title names the agency, as stored when the page was read.
  const agency = (await (await page.request.get('/api/v1/agency')).json()) as { name: string }
  await expect(page).toHaveTitle(`${seeded.carousel.title} — ${agency.name}`)
  const gallery = page.getByRole('region', { name: `Fotos de ${seeded.carousel.title}` })
  const counter = gallery.getByText(/^\d+ \/ \d+$/)
  const frame = gallery.locator(`iframe[title="${VIDEO_TITLE}"]`)

  await expect(counter).toHaveText('1 / 4')
  // Slide 0 is the video, shown as the cover with a play button: nothing
  // of YouTube loads before the tap.
  await expect(frame).toHaveCount(0)
  await gallery.getByRole('button', { name: 'Assistir ao vídeo' }).click()
  await expect(frame).toHaveAttribute('src', `https://www.youtube.com/embed/${YOUTUBE_ID}`)
  await expect(frame).toHaveAttribute('allowfullscreen', '')
  await expect(frame).toHaveAttribute('loading', 'lazy')
  await expect(frame).toBeVisible()
  const videoThumb = gallery.getByRole('button', { name: 'Ver vídeo' })
  await expect(videoThumb).toHaveAttribute('aria-current', 'true')

  await gallery.getByRole('button', { name: 'Próxima foto' }).click()
  await expect(counter).toHaveText('2 / 4')
  await expect(frame).toHaveCount(0)
  await expect(gallery.getByRole('img', { name: 'Sala de estar com sacada' })).toBeVisible()

  // Back by the arrow: the video's poster again; "Ver vídeo" plays it.
  await gallery.getByRole('button', { name: 'Foto anterior' }).click()
  await expect(counter).toHaveText('1 / 4')
  await expect(frame).toHaveCount(0)

  await gallery.getByRole('button', { name: 'Ver foto 3' }).click()
  await expect(counter).toHaveText('4 / 4')
  await videoThumb.click()
  await expect(counter).toHaveText('1 / 4')
  await expect(frame).toBeVisible()

  // Keyboard: focus the carousel itself and use the arrows.
  await gallery.focus()
  await page.keyboard.press('ArrowRight')
  await expect(counter).toHaveText('2 / 4')
  await page.keyboard.press('ArrowLeft')
  await expect(counter).toHaveText('1 / 4')

  // Swipe left on the band above the 16:9 player (the frame itself keeps its own pointer events).
  const box = await page.getByTestId('carousel-viewport').boundingBox()
  if (!box) throw new Error('carousel viewport not laid out')
  const y = box.y + 12
  await page.mouse.move(box.x + box.width * 0.75, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.45, y, { steps: 6 })
  await page.mouse.move(box.x + box.width * 0.25, y, { steps: 6 })
  await page.mouse.up()
  await expect(counter).toHaveText('2 / 4')
  await expect(frame).toHaveCount(0)
})

test("section video: own 'Vídeo' section below the gallery", async ({ page }) => {
  await page.goto(`/imoveis/${seeded.section.slug}`)
  const gallery = page.getByRole('region', { name: `Fotos de ${seeded.section.title}` })
  await expect(gallery.getByText('1 / 5')).toBeVisible()
  await expect(gallery.getByRole('button', { name: 'Ver vídeo' })).toHaveCount(0)
  await expect(gallery.locator('iframe')).toHaveCount(0)

  const section = page.getByRole('region', { name: 'Vídeo', exact: true })
  await expect(section.getByRole('heading', { level: 2, name: 'Vídeo' })).toBeVisible()
  await expect(section.locator(`iframe[title="${VIDEO_TITLE}"]`)).toHaveAttribute(
    'src',
    `https://player.vimeo.com/video/${VIMEO_ID}`,
  )
  const galleryBox = await gallery.boundingBox()
  const sectionBox = await section.boundingBox()
  expect(sectionBox!.y).toBeGreaterThan(galleryBox!.y + galleryBox!.height)

  // The price line under the title repeats the price (shown on narrow screens only).
  const prices = page.getByRole('region', { name: 'Valores do imóvel' })
  await expect(prices.getByText('R$ 1.280.000,00')).toBeVisible()
  await expect(prices.getByText('R$ 1.350,00')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Características' }).getByText('Varanda gourmet')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Lazer' }).getByText('Academia')).toBeVisible()
})

test('on a 390-px phone the header links and the gallery arrows are targets a thumb can hit (44 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/imoveis/${seeded.section.slug}`)
  const header = page.getByRole('banner')
  const links = header.getByRole('link')
  await expect(links.first()).toBeVisible()
  expect(await links.count(), 'links in the header').toBeGreaterThanOrEqual(2)
  for (const link of await links.all()) {
    const box = await link.boundingBox()
    expect(box?.height ?? 0, `header link ${await link.textContent()} height`).toBeGreaterThanOrEqual(44)
    expect(box?.width ?? 0, `header link ${await link.textContent()} width`).toBeGreaterThanOrEqual(44)
  }
  const gallery = page.getByRole('region', { name: `Fotos de ${seeded.section.title}` })
  for (const name of ['Foto anterior', 'Próxima foto']) {
    const box = await gallery.getByRole('button', { name }).boundingBox()
    expect(box?.width ?? 0, `${name} width`).toBeGreaterThanOrEqual(44)
    expect(box?.height ?? 0, `${name} height`).toBeGreaterThanOrEqual(44)
  }
})

test('a property without photos shows a tidy placeholder, never a broken image', async ({ page }) => {
  await page.goto(`/imoveis/${seeded.noPhotos.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: seeded.noPhotos.title })).toBeVisible()
  await expect(page.getByText('Sem fotos disponíveis')).toBeVisible()
  await expect(page.getByRole('region', { name: /^Fotos de/ })).toHaveCount(0)
  await expect(page.locator('main img')).toHaveCount(0)
  // No condo fee: the price card shows the price and no empty condo row.
  await expect(page.getByRole('region', { name: 'Valores do imóvel' }).getByText('R$ 380.000,00')).toBeVisible()
  await expect(page.getByText('Condomínio')).toHaveCount(0)
})

test('contact form: 201 stores a lead the admin can read', async ({ page, admin }) => {
  await page.goto(`/imoveis/${seeded.section.slug}`)
  const form = page.getByRole('form', { name: 'Formulário de contato' })
  const stamp = Date.now().toString(36)
  await form.getByLabel('Nome').fill('Mariana Costa')
  await form.getByLabel('E-mail', { exact: true }).fill(`mariana.${stamp}@exemplo.com.br`)
  await form.getByLabel('Telefone (opcional)').fill('(48) 99876-5432')
  await form.getByLabel('Mensagem').fill('Olá! Gostaria de agendar uma visita neste fim de semana.')
  await form.getByRole('button', { name: 'Enviar mensagem' }).click()

  await expect(form.getByRole('status')).toHaveText('Mensagem enviada com sucesso!')
  await expect(form.getByLabel('Nome')).toHaveValue('')
  // The message starts again from the greeting naming the property.
  await expect(form.getByLabel('Mensagem')).toHaveValue(new RegExp(`^Olá! Tenho interesse no imóvel ${seeded.section.title}`))

  const leads = await admin.get(`/api/admin/leads?property_id=${seeded.section.id}`)
  expect(leads.status).toBe(200)
  const items = (leads.body as { items: Array<Record<string, unknown>> }).items
  expect(items).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        property_id: seeded.section.id,
        name: 'Mariana Costa',
        email: `mariana.${stamp}@exemplo.com.br`,
        phone: '(48) 99876-5432',
        message: 'Olá! Gostaria de agendar uma visita neste fim de semana.',
      }),
    ]),
  )
})

test("contact form: the server's 422 shows under the field and keeps the values", async ({ page }) => {
  await page.goto(`/imoveis/${seeded.carousel.slug}`)
  const form = page.getByRole('form', { name: 'Formulário de contato' })
  // Passes the browser's check (which leaves dot placement to the server) but not the server's.
  await form.getByLabel('Nome').fill('João Pereira')
  await form.getByLabel('E-mail', { exact: true }).fill('joao..pereira@exemplo.com')
  await form.getByLabel('Mensagem').fill('Tenho interesse, o imóvel ainda está disponível?')
  await form.getByRole('button', { name: 'Enviar mensagem' }).click()

  const email = form.getByLabel('E-mail', { exact: true })
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByRole('alert')).toContainText('Dados inválidos')
  const describedBy = await email.getAttribute('aria-describedby')
  expect(describedBy).toBeTruthy()
  await expect(page.locator(`[id="${describedBy}"]`)).not.toBeEmpty()
  await expect(form.getByLabel('Nome')).toHaveValue('João Pereira')
  await expect(form.getByLabel('Nome')).not.toHaveAttribute('aria-invalid')
  await expect(form.getByLabel('Mensagem')).toHaveValue('Tenho interesse, o imóvel ainda está disponível?')

  // The browser's own check stops a short message before anything is sent.
  await form.getByLabel('Mensagem').fill('Oi')
  await form.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(form.getByText('A mensagem deve ter pelo menos 10 caracteres.')).toBeVisible()
})

test('unknown and inactive properties show the not-found page', async ({ page }) => {
  for (const slug of ['nao-existe-este-imovel', seeded.inactive.slug]) {
    await page.goto(`/imoveis/${slug}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Imóvel não encontrado' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Ver imóveis disponíveis' })).toBeVisible()
  }
})

test('admin edits the video in the property form and the public page shows it', async ({ page, admin }) => {
  await signIn(page)

  const inactive = page.getByRole('listitem', { name: seeded.inactive.title })
  await expect(inactive.getByText('Inativo', { exact: true })).toBeVisible()
  await expect(inactive.getByRole('link', { name: /Ver página/ })).toHaveCount(0)
  await page.getByRole('link', { name: `Editar ${seeded.editable.title}`, exact: true }).click()
  await expect(page).toHaveURL(`/admin/imoveis/${seeded.editable.id}`)

  const input = page.getByLabel('Endereço do vídeo')
  await input.fill('https://example.com/tour')
  await expect(input).toHaveAccessibleDescription(/Endereço não reconhecido/)
  await input.fill(`  https://youtu.be/${YOUTUBE_ID}  `)
  const preview = page.getByRole('region', { name: 'Pré-visualização' })
  await expect(preview.locator(`iframe[title="${VIDEO_TITLE}"]`)).toHaveAttribute(
    'src',
    `https://www.youtube.com/embed/${YOUTUBE_ID}`,
  )
  await page.getByRole('radio', { name: /Carrossel/ }).check()
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByRole('status')).toHaveText('Alterações salvas')
  // The server stores the address trimmed (spec 4.3, rule 2).
  await expect(input).toHaveValue(`https://youtu.be/${YOUTUBE_ID}`)

  const stored = await admin.get(`/api/admin/properties/${seeded.editable.id}`)
  expect(stored.body).toMatchObject({ video_url: `https://youtu.be/${YOUTUBE_ID}`, video_position: 'carousel' })

  await page.goto(`/imoveis/${seeded.editable.slug}`)
  const gallery = page.getByRole('region', { name: /^Fotos de/ })
  await expect(gallery.getByText('1 / 2')).toBeVisible()
  await gallery.getByRole('button', { name: 'Assistir ao vídeo' }).click()
  await expect(gallery.locator(`iframe[title="${VIDEO_TITLE}"]`)).toHaveAttribute(
    'src',
    `https://www.youtube.com/embed/${YOUTUBE_ID}`,
  )

  // Switch to its own section; the public page follows.
  await page.goto(`/admin/imoveis/${seeded.editable.id}`)
  await page.getByRole('radio', { name: /Seção própria/ }).check()
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByRole('status')).toHaveText('Alterações salvas')
  await page.goto(`/imoveis/${seeded.editable.slug}`)
  await expect(page.getByRole('region', { name: 'Vídeo', exact: true }).locator('iframe')).toBeVisible()
  await expect(page.getByRole('region', { name: /^Fotos de/ }).getByText('1 / 1')).toBeVisible()
})

test('admin: a wrong password is refused and a 422 shows under its field', async ({ page, admin }) => {
  await page.goto('/admin')
  await page.getByLabel('E-mail').fill(STAFF.email)
  await page.getByLabel('Senha').fill('senha-errada-123')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible()

  // What the server answers for an invalid position, straight from the API.
  const bad = await admin.put(`/api/admin/properties/${seeded.editable.id}`, { video_position: 'lado' })
  expect(bad.status).toBe(422)
  expect(bad.body).toMatchObject({ details: { video_position: expect.any(Array) } })
})

test("admin property form: the server's 422 shows under its field and in the summary", async ({ page }) => {
  await signIn(page, `/admin/imoveis/${seeded.editable.id}`)
  const suites = page.getByRole('textbox', { name: 'Suítes' })
  await suites.fill('999')
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  const summary = page.getByRole('alert')
  await expect(summary).toContainText('Dados inválidos')
  await expect(suites).toHaveAttribute('aria-invalid', 'true')
  await expect(suites).toHaveAccessibleDescription(/Não pode passar do número de quartos/)
  await summary.getByRole('link', { name: /^Suítes:/ }).click()
  await expect(suites).toBeFocused()
  await expect(suites).toHaveValue('999')
})

test('admin list and property form: no serious accessibility violation, and a phone shows them whole', async ({ page }) => {
  const serious = async (what: string) => {
    const found = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(found, `axe on ${what}`).toEqual([])
  }
  await signIn(page)
  await expect(page.getByRole('list', { name: 'Imóveis cadastrados' })).toBeVisible()
  await serious('/admin')
  await page.goto(`/admin/imoveis/${seeded.editable.id}`)
  await expect(page.getByLabel('Endereço do vídeo')).toBeVisible()
  await serious('the edit form')
  await page.goto('/admin/imoveis/novo')
  await expect(page.getByRole('heading', { level: 1, name: 'Novo imóvel' })).toBeVisible()
  await serious('the new property form')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin')
  const cards = page.getByRole('list', { name: 'Imóveis cadastrados' }).locator(':scope > li')
  await expect(cards.first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the list is no wider than the phone').toBeLessThanOrEqual(390)
  for (const action of await cards.first().locator('.prop-item__actions').locator('a, button').all()) {
    const box = await action.boundingBox()
    expect(box, 'action laid out').not.toBeNull()
    expect((box?.x ?? 0) + (box?.width ?? 0), `${await action.textContent()} within the screen`).toBeLessThanOrEqual(390)
  }
  await page.goto(`/admin/imoveis/${seeded.editable.id}`)
  await expect(page.getByLabel('Endereço do vídeo')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the form is no wider than the phone').toBeLessThanOrEqual(390)
  // 16-px fields: iOS does not zoom into them.
  const sizes = await page.locator('.prop-form input[type="text"], .prop-form select, .prop-form textarea').evaluateAll((els) =>
    [...new Set(els.map((el) => getComputedStyle(el).fontSize))],
  )
  expect(sizes).toEqual(['16px'])
})

test('detail page has no serious or critical accessibility violation', async ({ page }) => {
  for (const slug of [seeded.section.slug, seeded.carousel.slug, seeded.noPhotos.slug]) {
    await page.goto(`/imoveis/${slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious, `axe on /imoveis/${slug}`).toEqual([])
  }
})

test('screenshot of the detail page for the docs', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/imoveis/${seeded.section.slug}`)
  await expect(page.getByRole('img', { name: 'Varanda gourmet com vista para o mar' })).toBeVisible()
  // The section video frame is lazy: bring it into view once so it loads, then go back up.
  const frame = page.getByRole('region', { name: 'Vídeo', exact: true }).locator('iframe')
  await frame.scrollIntoViewIfNeeded()
  await expect(page.frameLocator(`iframe[title="${VIDEO_TITLE}"]`).locator('svg')).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.evaluate(() => document.fonts.ready)
  // Wait until the visible photos have decoded.
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => {
        const r = img.getBoundingClientRect()
        return r.top < window.innerHeight && r.left < window.innerWidth && r.right > 0 && r.width > 0
      })
      .every((img) => img.complete && img.naturalWidth > 0),
  )
  // A viewport as tall as the page (rather than fullPage) so cross-origin frames are painted too.
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width: 1280, height })
  await expect(page.frameLocator(`iframe[title="${VIDEO_TITLE}"]`).locator('svg')).toBeVisible()
  const path = process.env.E2E_DOCS_SCREENSHOTS === '1' ? DOCS_SCREENSHOT : testInfo.outputPath('screenshot-detail.png')
  mkdirSync(dirname(path), { recursive: true })
  await page.screenshot({ path })
  expect(statSync(path).size).toBeGreaterThan(0)
})
