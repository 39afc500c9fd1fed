import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHTTPServer } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AGENCY, SEED, type SeedName, type Seeded } from './support/seed'

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

/** Polls `ready` until it holds, or throws with the log of the process that did not come up. */
async function waitUntil(what: string, ready: () => Promise<boolean>, logFile: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (exited()) break
    try {
      if (await ready()) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`${what} did not become ready:\n${readFileSync(logFile, 'utf8')}`)
}

/** Runs bin with its output in logFile; stop() ends it (SIGTERM, then SIGKILL after 5 s). */
function startChild(bin: string, args: string[], logFile: string) {
  const log = openSync(logFile, 'a')
  const child = spawn(bin, args, { stdio: ['ignore', log, log] })
  let exited = false
  child.once('exit', () => (exited = true))
  const stop = async () => {
    if (exited) return
    const gone = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))])
    if (!exited) child.kill('SIGKILL')
  }
  return { exited: () => exited, stop }
}

/**
 * Starts mailpit (built once per machine by scripts/ensure-mailpit.sh) on
 * free loopback ports: plain SMTP with no AUTH, which vitrine accepts
 * only to a loopback host, and its HTTP API for the tests to read the mailbox.
 */
async function startMailpit(tmp: string) {
  const made = execFileSync('bash', [join(rootDir, 'scripts', 'ensure-mailpit.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  const bin = made.trim().split('\n').at(-1)?.trim() ?? ''
  if (!bin) throw new Error(`no mailpit path printed by scripts/ensure-mailpit.sh:\n${made}`)
  const smtpPort = await freePort()
  const apiPort = await freePort()
  const api = `http://127.0.0.1:${apiPort}`
  const logFile = join(tmp, 'mailpit.log')
  const args = ['--smtp', `127.0.0.1:${smtpPort}`, '--listen', `127.0.0.1:${apiPort}`, '--database', join(tmp, 'mailpit.db')]
  args.push('--disable-version-check', '--smtp-disable-rdns')
  const mailpit = startChild(bin, args, logFile)
  try {
    await waitUntil('mailpit', async () => (await fetch(`${api}/readyz`)).status === 200, logFile, mailpit.exited)
  } catch (error) {
    await mailpit.stop()
    throw error
  }
  return { smtpURL: `smtp://127.0.0.1:${smtpPort}`, api, stop: mailpit.stop }
}

/** A tile: a 1×1 PNG of a sand colour, which the map stretches; what matters is that it was asked for here. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eQWAAVeAqfwhXw/AAAAAElFTkSuQmCC', 'base64')

/**
 * Starts the tile server the site's maps are drawn from, on a free loopback port: any
 * /{z}/{x}/{y}.png is the TILE; GET /requests lists the tiles asked for, for the tests
 * (support/fixtures.ts, TILES). The browser reaches no other map host (support/offline.ts).
 */
async function startTiles() {
  const asked: string[] = []
  const server = createHTTPServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://tiles').pathname
    if (path === '/requests') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(asked))
    } else if (/^\/\d+\/\d+\/\d+\.png$/.test(path)) {
      asked.push(path)
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': TILE.length }).end(TILE)
    } else {
      res.writeHead(404).end()
    }
  })
  const port = await freePort()
  await new Promise<void>((ready) => server.listen(port, '127.0.0.1', ready))
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((done) => server.close(() => done())) }
}

/**
 * Builds the client (when dist/ is empty or E2E_BUILD=1) and the Go binary,
 * mints an admin token and a staff account, starts mailpit, the tile server and `vitrine serve` (sending its
 * e-mails to mailpit) on a fresh SQLite database and seeds it through the admin API. Tests read
 * E2E_BASE_URL, E2E_TOKEN, E2E_SEED, E2E_MAILPIT (mailpit's HTTP API; support/mailbox.ts).
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
  const mailpit = await startMailpit(tmp)
  const tiles = await startTiles()
  const args = ['serve', '--addr', `127.0.0.1:${port}`, '--db', db, '--media-dir', join(tmp, 'media')]
  // The maps draw from the local tile server, with a credit the tests look for.
  args.push('--map-tiles', `${tiles.url}/{z}/{x}/{y}.png`, '--map-attribution', '© Mapas do Teste E2E')
  // E-mail goes to mailpit; links in it start with the address the browser uses.
  args.push('--smtp-url', mailpit.smtpURL, '--mail-from', 'Vitrine E2E <avisos@vitrine.test>', '--public-url', baseURL)
  if (`${help.stdout}${help.stderr}`.includes('-contact-limit')) args.push('--contact-limit', 'off')
  if (`${help.stdout}${help.stderr}`.includes('-contact-address-limit')) args.push('--contact-address-limit', 'off')
  // /metrics on a port of its own: a fixed one would collide with another run.
  if (`${help.stdout}${help.stderr}`.includes('-metrics-addr')) args.push('--metrics-addr', '127.0.0.1:0')
  // Scheduled backups into the run's folder: the first is taken at the start.
  if (`${help.stdout}${help.stderr}`.includes('-backup-to')) args.push('--backup-to', join(tmp, 'copias'))

  const logFile = join(tmp, 'serve.log')
  const server = startChild(bin, args, logFile)

  const stop = async () => {
    await server.stop()
    await mailpit.stop()
    await tiles.stop()
    if (!process.env.E2E_KEEP_TMP) rmSync(tmp, { recursive: true, force: true })
  }

  try {
    await waitUntil('vitrine serve', async () => (await fetch(`${baseURL}/healthz`)).status === 200, logFile, server.exited)
    // The agency's e-mail is where lead notices go.
    const agency = await fetch(`${baseURL}/api/admin/agency`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(AGENCY),
    })
    if (agency.status !== 200) throw new Error(`seeding the agency: ${agency.status} ${await agency.text()}`)
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
    process.env.E2E_MAILPIT = mailpit.api
    process.env.E2E_TILES = tiles.url
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}
