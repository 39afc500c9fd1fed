import type { Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { axeViolations, expect, signIn, test, TOKEN } from './support/fixtures'
import { drawJpeg } from './support/images'

// The owner's record (captação) in the real browser against the real
// server: an administrador fills it and keeps a PDF there; staff who are
// not the listing's broker never see it; a listing duplicated shows the
// same photos, served from the same files.

// The properties and users a test makes, removed after it: the other
// specs count the catalogue the global setup seeded.
const made: string[] = []
const users: number[] = []

test.afterEach(async ({ pageProblems, admin }) => {
  for (const id of made.splice(0)) expect((await admin.del(`/api/admin/properties/${id}`)).status).toBe(204)
  for (const id of users.splice(0)) expect((await admin.del(`/api/admin/users/${id}`)).status).toBe(204)
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

async function listing(admin: { post: (p: string, b: unknown) => Promise<{ status: number; body: unknown }> }, extra: object = {}) {
  const created = await admin.post('/api/admin/properties', {
    title: `Casa captada ${Date.now().toString(36)}`,
    price: '820000.00',
    type: 'venda',
    subtype: { name: 'Casa' },
    city: { name: 'Florianópolis', state: 'SC' },
    neighborhood: { name: 'Campeche' },
    ...extra,
  })
  expect(created.status).toBe(201)
  const property = created.body as { id: string; slug: string; title: string }
  made.push(property.id)
  return property
}

async function signInAs(page: Page, path: string, email: string, password: string) {
  await page.goto(path)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible()
}

test('an administrador fills the captação, keeps a PDF there and downloads it', async ({ page, admin }) => {
  const { id, slug } = await listing(admin)
  await signIn(page, `/admin/imoveis/${id}`)
  const section = page.getByRole('region', { name: 'Captação' })
  await section.getByRole('button', { name: 'Captação' }).click()
  await section.getByLabel('Proprietário').fill('Joaquim Quintanilha')
  await section.getByLabel('Telefones').fill('(48) 99876-5432')
  await section.getByLabel('E-mails').fill('joaquim.quintanilha@exemplo.com.br')
  await section.getByLabel('Exclusividade').check()
  await section.getByLabel('Exclusivo até').fill('2027-06-30')
  await section.getByLabel('Comissão (%)').fill('5,5')
  await section.getByLabel('Onde estão as chaves').fill('Na portaria, envelope 12')
  await section.getByRole('button', { name: 'Salvar captação' }).click()
  await expect(section.getByText('Captação salva.')).toBeVisible()

  await section.getByLabel('Enviar documento').setInputFiles({ name: 'escritura.pdf', mimeType: 'application/pdf', buffer: PDF })
  await expect(section.getByText('Documento escritura.pdf enviado.')).toBeVisible()
  // As the a11y spec holds every page: nothing serious or critical (the
  // edit page's photos heading, an h3 under the h1, is a moderate finding of its own).
  const found = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(found, 'the open captação passes axe').toEqual([])
  const download = page.waitForEvent('download')
  await section.getByRole('button', { name: 'Baixar escritura.pdf' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('escritura.pdf')
  expect(await readFile((await file.path())!)).toEqual(PDF)

  // Stored as typed, and on a reload.
  const stored = await admin.get(`/api/admin/properties/${id}/owner`)
  expect(stored.body).toMatchObject({ name: 'Joaquim Quintanilha', commission: 5.5, exclusive_until: '2027-06-30', keys: 'Na portaria, envelope 12' })
  await page.reload()
  await section.getByRole('button', { name: 'Captação' }).click()
  await expect(section.getByLabel('Comissão (%)')).toHaveValue('5,5')
  await expect(section.getByText('escritura.pdf')).toBeVisible()

  // The public page shows none of it, even once the listing is published.
  expect((await admin.put(`/api/admin/properties/${id}`, { is_active: true })).status).toBe(200)
  const html = await (await page.request.get(`/imoveis/${slug}`)).text()
  const detail = await (await page.request.get(`/api/v1/properties/${slug}`)).text()
  for (const secret of ['Quintanilha', '99876-5432', 'envelope 12', 'escritura']) {
    expect(html).not.toContain(secret)
    expect(detail).not.toContain(secret)
  }
})

test('staff who are not the listing’s broker never see its captação', async ({ page, admin }) => {
  const stamp = Date.now().toString(36)
  const people = {
    broker: { email: `dono.${stamp}@imobiliaria.example`, name: 'Bia Corretora', password: 'senha-da-corretora-2026', role: 'corretor' },
    assistente: { email: `assist.${stamp}@imobiliaria.example`, name: 'Alan Assistente', password: 'senha-do-assistente-2026', role: 'assistente' },
    other: { email: `outro.${stamp}@imobiliaria.example`, name: 'Caio Corretor', password: 'senha-do-outro-corretor-2026', role: 'corretor' },
  }
  const ids: Record<string, number> = {}
  for (const [key, person] of Object.entries(people)) {
    const res = await admin.post('/api/admin/users', person)
    expect(res.status).toBe(201)
    ids[key] = (res.body as { id: number }).id
    users.push(ids[key])
  }
  const { id } = await listing(admin, { broker_id: ids.broker })
  expect((await admin.put(`/api/admin/properties/${id}/owner`, { name: 'Proprietário Sigiloso' })).status).toBe(200)

  // The assistente sees the listing, not its captação; the server agrees.
  await signInAs(page, `/admin/imoveis/${id}`, people.assistente.email, people.assistente.password)
  await expect(page.getByRole('heading', { level: 1, name: /Casa captada/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Captação' })).toHaveCount(0)
  const token = await page.evaluate(() => localStorage.getItem('vitrine.session'))
  const res = await page.request.get(`/api/admin/properties/${id}/owner`, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(403)
  await page.getByRole('button', { name: 'Sair' }).click()

  // Another corretor does not even find the listing (row scoping).
  await signInAs(page, `/admin/imoveis/${id}`, people.other.email, people.other.password)
  await expect(page.getByText('Imóvel não encontrado.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Captação' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Sair' }).click()

  // The listing's broker does.
  await signInAs(page, `/admin/imoveis/${id}`, people.broker.email, people.broker.password)
  const section = page.getByRole('region', { name: 'Captação' })
  await section.getByRole('button', { name: 'Captação' }).click()
  await expect(section.getByLabel('Proprietário')).toHaveValue('Proprietário Sigiloso')
})

test('a listing duplicated opens as an inactive copy with the same photos, whose files are shared', async ({ page, admin, playwright }) => {
  test.slow() // a photo is processed on the server
  const { id, title } = await listing(admin)
  const api = await playwright.request.newContext({ extraHTTPHeaders: { Authorization: `Bearer ${TOKEN}` } })
  const buffer = await drawJpeg(page, '#2c6fbb', 800, 600)
  const up = await api.post(`/api/admin/properties/${id}/photos`, {
    multipart: { alt_text: 'Fachada azul', file: { name: 'fachada.jpg', mimeType: 'image/jpeg', buffer } },
  })
  expect(up.status()).toBe(201)
  type Photos = { photos: Array<{ id: string; status: string; thumbnail_url: string | null; url: string | null; alt_text: string }> }
  const photosOf = async (pid: string) => ((await (await api.get(`/api/admin/properties/${pid}/photos`)).json()) as Photos).photos
  await expect.poll(async () => (await photosOf(id)).map((p) => p.status), { timeout: 60_000 }).toEqual(['ready'])
  const [original] = await photosOf(id)

  await signIn(page, `/admin/imoveis/${id}`)
  await page.getByRole('button', { name: 'Duplicar imóvel' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Editar imóvel ${title} (cópia)` })).toBeVisible()
  await expect(page.getByText(/Cópia criada como rascunho inativo/)).toBeVisible()
  await expect(page.getByText('Inativo', { exact: true })).toBeVisible()
  const copyID = new URL(page.url()).pathname.split('/').pop()!
  expect(copyID).not.toBe(id)
  made.push(copyID)

  const list = page.getByRole('list', { name: 'Fotos do anúncio, na ordem da galeria' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('img')).toHaveAttribute('src', original.thumbnail_url!)
  const [copied] = await photosOf(copyID)
  expect(copied.id).not.toBe(original.id)
  expect([copied.url, copied.thumbnail_url, copied.alt_text, copied.status]).toEqual([original.url, original.thumbnail_url, 'Fachada azul', 'ready'])

  // The original deleted, the copy's photo is still served.
  expect((await admin.del(`/api/admin/properties/${id}`)).status).toBe(204)
  made.splice(made.indexOf(id), 1)
  expect((await page.request.get(copied.url!)).status()).toBe(200)
  await api.dispose()
})
