import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SEED, type SeedName, type Seeded } from './support/seed'

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const rootDir = resolve(webDir, '..')

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolvePort(port))
    })
  })
}

async function waitForHealth(baseURL: string, logFile: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (exited()) break
    try {
      const res = await fetch(`${baseURL}/healthz`)
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`vitrine serve did not become healthy:\n${readFileSync(logFile, 'utf8')}`)
}

/**
 * Builds the client (when dist/ is empty or E2E_BUILD=1) and the Go binary,
 * mints an admin token and a staff account, starts `vitrine serve` on a fresh SQLite database and
 * seeds it through the admin API. Tests read E2E_BASE_URL, E2E_TOKEN, E2E_SEED.
 */
export default async function globalSetup() {
  if (process.env.E2E_BUILD === '1' || !existsSync(join(webDir, 'dist', 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'inherit' })
  }

  const tmp = mkdtempSync(join(tmpdir(), 'vitrine-e2e-'))
  const bin = join(tmp, 'vitrine')
  const db = join(tmp, 'e2e.db')
  // The binary embeds web/dist, so it is built after the client.
  execFileSync('go', ['build', '-o', bin, './cmd/vitrine'], { cwd: rootDir, stdio: 'inherit' })

  const tokenOut = execFileSync(bin, ['token', 'create', 'e2e', '--db', db], { encoding: 'utf8' })
  const token = tokenOut.trim().split('\n').at(-1)?.trim() ?? ''
  if (!token) throw new Error(`no token printed by "vitrine token create":\n${tokenOut}`)

  // A member of the agency's staff, made on the server as the first one is.
  const staff = { email: 'equipe@imobiliaria.example', name: 'Equipe E2E', password: 'senha-longa-do-e2e-2026' }
  execFileSync(bin, ['user', 'add', staff.email, staff.name, '--db', db], { input: `${staff.password}\n` })

  const help = spawnSync(bin, ['serve', '--help'], { encoding: 'utf8' })
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const args = ['serve', '--addr', `127.0.0.1:${port}`, '--db', db, '--media-dir', join(tmp, 'media')]
  if (`${help.stdout}${help.stderr}`.includes('-contact-limit')) args.push('--contact-limit', 'off')
  if (`${help.stdout}${help.stderr}`.includes('-contact-address-limit')) args.push('--contact-address-limit', 'off')
  // /metrics on a port of its own: a fixed one would collide with another run.
  if (`${help.stdout}${help.stderr}`.includes('-metrics-addr')) args.push('--metrics-addr', '127.0.0.1:0')

  const logFile = join(tmp, 'serve.log')
  const log = openSync(logFile, 'a')
  const server = spawn(bin, args, { stdio: ['ignore', log, log] })
  let exited = false
  server.once('exit', () => (exited = true))

  const stop = async () => {
    if (!exited) {
      const gone = new Promise((r) => server.once('exit', r))
      server.kill('SIGTERM')
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))])
      if (!exited) server.kill('SIGKILL')
    }
    if (!process.env.E2E_KEEP_TMP) rmSync(tmp, { recursive: true, force: true })
  }

  try {
    await waitForHealth(baseURL, logFile, () => exited)
    const seeded = {} as Seeded
    for (const [name, body] of Object.entries(SEED) as Array<[SeedName, (typeof SEED)[SeedName]]>) {
      const res = await fetch(`${baseURL}/api/admin/properties`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      const created = await res.json()
      if (res.status !== 201) throw new Error(`seeding ${name}: ${res.status} ${JSON.stringify(created)}`)
      seeded[name] = { id: created.id, slug: created.slug, title: created.title }
    }
    process.env.E2E_BASE_URL = baseURL
    process.env.E2E_TOKEN = token
    process.env.E2E_STAFF = JSON.stringify(staff)
    process.env.E2E_SEED = JSON.stringify(seeded)
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}
