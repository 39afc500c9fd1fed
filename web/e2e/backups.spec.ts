import { expect, signIn, test } from './support/fixtures'

test.afterEach(({ pageProblems }) => {
  expect(pageProblems, 'no uncaught errors or CSP violations').toEqual([])
})

test('the Cópias page shows the schedule and the backup the server took at its start', async ({ page, admin }) => {
  await test.step('the server records its first scheduled backup', async () => {
    await expect
      .poll(async () => {
        const backups = (await admin.get('/api/admin/backups')).body as { last_success: { snapshot: string } | null }
        return backups.last_success?.snapshot ?? null
      }, { timeout: 30_000 })
      .not.toBeNull()
  })

  await signIn(page, '/admin')
  await page.getByRole('link', { name: 'Cópias' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cópias de segurança' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Programação' })).toContainText('O servidor faz uma cópia a cada 24 horas')
  const last = page.getByRole('region', { name: 'Última cópia concluída' })
  await expect(last).toContainText('Tamanho:')
  const runs = page.getByRole('list', { name: 'Últimas execuções' }).getByRole('listitem')
  await expect(runs.first()).toContainText('Concluída')
})
