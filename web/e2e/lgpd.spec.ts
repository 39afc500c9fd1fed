import { readFileSync } from 'node:fs'
import { expect, seeded, signIn, test } from './support/fixtures'

// The LGPD on the site: a visitor reads the privacy notice, sends a
// message with the marketing consent ticked; staff find what is held
// about that e-mail, download it and anonymise it.

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

test('a visitor consents beside the contact form; staff find, export and anonymise their data', async ({ page, browser, baseURL }) => {
  const email = `lgpd.${Date.now().toString(36)}@exemplo.com.br`

  await test.step('the visitor reads the notice, ticks the consent and sends', async () => {
    const visitor = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
    const visit = await visitor.newPage()
    await visit.goto(`/imoveis/${seeded.section.slug}`)
    const form = visit.getByRole('form', { name: 'Formulário de contato' })
    const notice = form.getByRole('region', { name: 'Aviso de privacidade' })
    await expect(notice).toContainText('Para quê: responder ao seu contato sobre este imóvel.')
    await expect(notice).toContainText('Por quanto tempo: até você pedir a exclusão.')
    const consent = form.getByRole('checkbox', { name: /Aceito receber novidades e ofertas de imóveis/ })
    await expect(consent).not.toBeChecked()
    await form.getByLabel('Nome').fill('Lúcia Prado')
    await form.getByLabel('E-mail', { exact: true }).fill(email)
    await form.getByLabel('Mensagem').fill('Olá! Quero saber se aceitam financiamento.')
    await consent.check()
    await form.getByRole('button', { name: 'Enviar mensagem' }).click()
    await expect(form.getByText('Mensagem enviada com sucesso!')).toBeVisible()
    expect(await visitor.cookies()).toEqual([])

    await notice.getByRole('link', { name: 'Política de privacidade' }).click()
    await expect(visit.getByRole('heading', { level: 1, name: 'Política de privacidade' })).toBeVisible()
    await expect(visit.getByText(/Lei 13\.709\/2018/)).toBeVisible()
    expect(await visit.title()).toMatch(/^Política de privacidade — /)
    await visitor.close()
  })

  await test.step('staff find what is held about the e-mail and download it', async () => {
    await signIn(page, '/admin/contatos')
    await page.getByRole('link', { name: 'Privacidade / LGPD' }).click()
    await page.getByLabel('E-mail do titular').fill(email.toUpperCase())
    await page.getByRole('button', { name: 'Buscar dados' }).click()
    await expect(page.getByRole('heading', { name: `1 contato guardado com ${email.toUpperCase()}` })).toBeVisible()
    await expect(page.getByText(/^Aceitou receber novidades e ofertas · aviso [0-9a-f]{16}/)).toBeVisible()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar dados (JSON)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^dados-pessoais-\d{4}-\d{2}-\d{2}\.json$/)
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8'))
    expect(file.leads).toHaveLength(1)
    expect(file.leads[0]).toMatchObject({ name: 'Lúcia Prado', email, consent: { marketing: true } })
    expect(file.leads[0].consent.client_address_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(file.notices[0].text).toContain('Para quê: responder ao seu contato sobre este imóvel.')
  })

  await test.step('staff anonymise it after confirming', async () => {
    await page.getByRole('button', { name: 'Anonimizar dados' }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText('Esta ação não pode ser desfeita.')
    await dialog.getByRole('button', { name: 'Anonimizar' }).click()
    await expect(page.getByText('1 contato anonimizado.')).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Nenhum contato guardado com/ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Registro de anonimizações' })).toContainText('Pedido do titular: 1 contato, por Equipe E2E')

    await page.getByRole('link', { name: 'Voltar para os contatos' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Contato anonimizado' }).first()).toBeVisible()
    await expect(page.getByText(email)).toHaveCount(0)
  })
})
