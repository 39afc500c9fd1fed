import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { test as base, expect, type APIResponse, type Page } from '@playwright/test'
import type { Seeded } from './seed'
import { stayOffline } from './offline'

const baseURL = process.env.E2E_BASE_URL
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run through "npm run e2e" (global setup)')
/** The test server's origin: the only one a browser context may reach (see offline.ts). */
export const origin = new URL(baseURL).origin

/** The test tile server (global-setup.ts: startTiles), which the site's maps are drawn from. */
export const TILES = process.env.E2E_TILES ?? ''

export const TOKEN = process.env.E2E_TOKEN ?? ''
export const seeded: Seeded = JSON.parse(process.env.E2E_SEED ?? '{}')
/** The staff account made by the global setup. */
export const STAFF: { email: string; name: string; password: string } = JSON.parse(process.env.E2E_STAFF ?? '{}')

/** Signs in to the back office at `path` as the staff account. */
export async function signIn(page: Page, path = '/admin') {
  await page.goto(path)
  await page.getByLabel('E-mail').fill(STAFF.email)
  await page.getByLabel('Senha').fill(STAFF.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible()
}

interface Fixtures {
  /** Uncaught page errors and CSP violations seen during the test. */
  pageProblems: string[]
  admin: {
    get: (path: string) => Promise<{ status: number; body: unknown }>
    put: (path: string, body: unknown) => Promise<{ status: number; body: unknown }>
    post: (path: string, body: unknown) => Promise<{ status: number; body: unknown }>
    /** A DELETE; body is null for an empty answer (204). */
    del: (path: string) => Promise<{ status: number; body: unknown }>
  }
}

export const test = base.extend<Fixtures>({
  baseURL,
  context: async ({ context }, use) => {
    await stayOffline(context, origin, TILES ? [new URL(TILES).origin] : [])
    await use(context)
  },
  pageProblems: async ({ page }, use) => {
    const problems: string[] = []
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text())) problems.push(m.text())
    })
    await use(problems)
  },
  admin: async ({ playwright }, use) => {
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${TOKEN}` },
    })
    const answer = async (res: APIResponse) => {
      const text = await res.text()
      return { status: res.status(), body: text === '' ? null : JSON.parse(text) }
    }
    await use({
      get: async (path) => answer(await api.get(path)),
      put: async (path, body) => answer(await api.put(path, { data: body })),
      post: async (path, body) => answer(await api.post(path, { data: body })),
      del: async (path) => answer(await api.delete(path)),
    })
    await api.dispose()
  },
})
export { expect }

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: unknown[] }>
}

/** Runs axe-core in the page (evaluated through DevTools, so the page CSP allows it). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource)
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
}

/** A visitor on a property page sends the contact form, as the mail specs need it: a phone, so the notice has a WhatsApp reply. */
export async function sendContact(page: Page, slug: string, visitor: { name: string; email: string }, message: string) {
  await page.goto(`/imoveis/${slug}`)
  const form = page.getByRole('form', { name: 'Formulário de contato' })
  await form.getByLabel('Nome').fill(visitor.name)
  await form.getByLabel('E-mail', { exact: true }).fill(visitor.email)
  await form.getByLabel('Telefone (opcional)').fill('(48) 99876-5432')
  await form.getByLabel('Mensagem').fill(message)
  await form.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(form.getByRole('status')).toHaveText('Mensagem enviada com sucesso!')
}
