import type { Browser, Page } from '@playwright/test'
import { expect, origin, signIn, test } from './support/fixtures'
import { links, waitForMessage } from './support/mailbox'
import { stayOffline } from './support/offline'

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

/** A browser of its own: another person, or the same one on another device. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin })
  await stayOffline(context, origin)
  return context.newPage()
}

/** The link to `page` in an e-mail's HTML part. */
function linkTo(html: string, page: string): string {
  const link = links(html).find((href) => href.startsWith(`${origin}${page}#`))
  expect(link, `a link to ${page}`).toBeTruthy()
  return link!
}

test('an administrador invites a broker, who chooses a password from the e-mail and is signed in as corretor', async ({ page, browser }) => {
  // Within the 60 s an e-mail may take, plus the browser's own steps on a busy machine.
  test.setTimeout(180_000)
  const stamp = Date.now().toString(36)
  const invitee = { name: `Rafaela Costa ${stamp}`, email: `rafaela.${stamp}@exemplo.com.br` }

  await test.step('Equipe: Convidar', async () => {
    await signIn(page, '/admin/equipe')
    const form = page.getByRole('form', { name: 'Convidar para a equipe' })
    await form.getByLabel('Nome').fill(invitee.name)
    await form.getByLabel('E-mail').fill(invitee.email)
    await form.getByLabel('Papel').selectOption('corretor')
    await form.getByRole('button', { name: 'Convidar' }).click()
    await expect(page.getByText(`Convite enviado para ${invitee.email}.`)).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: invitee.email })
    await expect(row).toContainText('Corretor')
    await expect(row.getByRole('button', { name: `Reenviar convite para ${invitee.email}` })).toBeVisible()
  })

  const mail = await test.step('the invitee’s mailbox receives the invitation', () =>
    waitForMessage(invitee.email, (m) => m.Subject.startsWith('Convite para a equipe')),
  )
  expect(mail.Text).toContain('como corretor')
  const link = linkTo(mail.HTML, '/admin/convite')

  const theirs = await freshPage(browser)
  await test.step('the link opens the page to choose a password, and signs in', async () => {
    await theirs.goto(link)
    await expect(theirs.getByRole('heading', { level: 1, name: 'Aceitar convite' })).toBeVisible()
    await expect(theirs.getByText(`Olá, ${invitee.name}!`)).toBeVisible()
    expect(theirs.url(), 'the token leaves the address bar').not.toContain('#')
    await theirs.getByLabel('Senha', { exact: true }).fill('senha-da-rafaela-123')
    await theirs.getByLabel('Repita a senha').fill('senha-da-rafaela-123')
    await theirs.getByRole('button', { name: 'Criar senha e entrar' }).click()
    await expect(theirs.getByRole('button', { name: 'Sair' })).toBeVisible()
  })

  await test.step('signed in with the role invited: the staff page is refused', async () => {
    await theirs.goto('/admin/equipe')
    await expect(theirs.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible()
  })

  await test.step('the link works once', async () => {
    const again = await freshPage(browser)
    await again.goto(link)
    await expect(again.getByRole('alert')).toContainText('Este link não vale mais')
  })
})

test('a forgotten password: a link by e-mail sets a new one, signs in, and ends the other sessions', async ({ page, browser, admin }) => {
  // Within the 60 s an e-mail may take, plus the browser's own steps on a busy machine.
  test.setTimeout(180_000)
  const stamp = Date.now().toString(36)
  const user = { name: `Otávio Reis ${stamp}`, email: `otavio.${stamp}@exemplo.com.br`, password: 'senha-antiga-123' }
  const made = await admin.post('/api/admin/users', { ...user, role: 'corretor' })
  expect(made.status).toBe(201)

  await test.step('signed in on one device', async () => {
    await page.goto('/admin')
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Senha').fill(user.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible()
  })

  const other = await freshPage(browser)
  await test.step('“Esqueci minha senha” on another device', async () => {
    await other.goto('/admin')
    await other.getByRole('button', { name: 'Esqueci minha senha' }).click()
    await other.getByLabel('E-mail').fill(user.email)
    await other.getByRole('button', { name: 'Enviar link' }).click()
    await expect(other.getByRole('status')).toContainText('Se houver uma conta ativa com este e-mail')
  })

  const mail = await test.step('the mailbox receives the link', () =>
    waitForMessage(user.email, (m) => m.Subject.startsWith('Nova senha')),
  )
  expect(mail.Text).toContain('1 hora')

  await test.step('the link sets the new password and signs in', async () => {
    await other.goto(linkTo(mail.HTML, '/admin/nova-senha'))
    await expect(other.getByRole('heading', { level: 1, name: 'Criar uma nova senha' })).toBeVisible()
    await other.getByLabel('Nova senha').fill('senha-nova-do-otavio')
    await other.getByLabel('Repita a senha').fill('senha-nova-do-otavio')
    await other.getByRole('button', { name: 'Salvar nova senha e entrar' }).click()
    await expect(other.getByRole('button', { name: 'Sair' })).toBeVisible()
  })

  await test.step('the first device’s session has ended', async () => {
    await page.reload()
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0)
  })
})
