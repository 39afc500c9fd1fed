// Lighthouse on a visitor's phone: starts bin/vitrine serve --demo on a new
// SQLite database and a free port, waits until the demo catalogue's photos
// have been processed by the media workers, then runs Lighthouse with its
// default (mobile) settings N times per page in Debian's Chromium and
// prints the median of each category and of LCP, CLS and TBT.
//
// It builds nothing: `make lighthouse` builds first.
//
//   node run.mjs [--runs N] [--reports DIR] [--only home,section,carousel,map,results]
//                [--server http://127.0.0.1:8080] [--path /imoveis/<slug> …]
//                [--bin path/to/vitrine]
//
// --server measures a server already running (make run) instead, as it
// is: its photos may still be processing. --path adds a page (any number).
// --bin starts another build than bin/vitrine (to compare two).
//
// Requests to any host but the server's are blocked (the demo's YouTube
// and Vimeo frames and its video file live elsewhere): the run stays on
// this machine and never waits on the network.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.LIGHTHOUSE_RUNS ?? '5' },
    reports: { type: 'string', default: process.env.LIGHTHOUSE_REPORTS ?? '' },
    only: { type: 'string', default: '' },
    server: { type: 'string', default: '' },
    path: { type: 'string', multiple: true, default: [] },
    bin: { type: 'string', default: '' },
  },
})
const runs = Number.parseInt(opts.runs, 10)
if (!(runs >= 1)) throw new Error(`--runs: not a positive number: ${opts.runs}`)

const bin = opts.bin ? resolve(opts.bin) : join(root, 'bin', 'vitrine')
if (!existsSync(bin)) {
  console.error(`${bin} is missing: run make build (or make lighthouse, which builds first).`)
  process.exit(2)
}
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'
if (!existsSync(chromePath)) {
  console.error(`${chromePath} is missing: apt-get install -y chromium, or set CHROME_PATH.`)
  process.exit(2)
}

// Debian's Chromium as root, headless, quiet (see /work/shared/TRAPS.md).
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Every host name but the server's fails at once, whatever asks for it
  // (a frame's own subresources included): nothing leaves the machine.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]
// What the demo catalogue would fetch from other hosts, blocked by
// Lighthouse itself (and so named in its reports); the resolver rule
// above catches anything else.
const blockedUrlPatterns = [
  '*youtube.com*',
  '*youtube-nocookie.com*',
  '*ytimg.com*',
  '*vimeo.com*',
  '*vimeocdn.com*',
  '*mozilla.net*',
  '*googlevideo.com*',
]

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => ok(port))
    })
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Starts the server; resolves once it answers, with its demo token. */
async function startServer(tmp) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const args = ['serve', '--demo', '--db', join(tmp, 'lighthouse.db'), '--media-dir', join(tmp, 'media'),
    '--addr', `127.0.0.1:${port}`, '--metrics-addr', 'off', '--log-level', 'info']
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const state = { child, base, token: '', uploaded: false, uploadError: '', exited: false, log: [] }
  child.once('exit', () => (state.exited = true))
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    out += chunk
    const m = /Token de administrador \(demo\): (\S+)/.exec(out)
    if (m) state.token = m[1]
  })
  let err = ''
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    err += chunk
    let nl
    while ((nl = err.indexOf('\n')) >= 0) {
      const line = err.slice(0, nl)
      err = err.slice(nl + 1)
      let entry
      try {
        entry = JSON.parse(line)
      } catch {
        continue
      }
      if (entry.msg === 'demo photos uploaded') state.uploaded = true
      if (entry.msg === 'demo photos') state.uploadError = entry.err
      if (entry.level !== 'INFO' || !entry.path) state.log.push(line)
    }
  })
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline && !state.exited) {
    try {
      if ((await fetch(`${base}/healthz`)).ok && state.token) return state
    } catch {
      // not listening yet
    }
    await sleep(150)
  }
  throw new Error(`vitrine serve did not start:\n${state.log.join('\n')}`)
}

/** Waits until the demo photos are uploaded and every one is processed. */
async function waitForPhotos(server) {
  const started = Date.now()
  const deadline = started + 600_000
  const admin = async (path) => {
    const res = await fetch(server.base + path, { headers: { Authorization: `Bearer ${server.token}` } })
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`)
    return res.json()
  }
  let last = ''
  while (Date.now() < deadline) {
    if (server.exited) throw new Error(`vitrine serve stopped:\n${server.log.join('\n')}`)
    if (server.uploadError) throw new Error(`the demo photos were not uploaded: ${server.uploadError}`)
    if (server.uploaded) {
      const list = await admin('/api/admin/properties?per_page=100')
      let ready = 0
      let waiting = 0
      for (const p of list.items) {
        const { photos } = await admin(`/api/admin/properties/${p.id}/photos`)
        for (const ph of photos) {
          if (ph.status === 'failed') throw new Error(`a demo photo failed: ${ph.error}`)
          if (ph.status === 'ready') ready++
          else waiting++
        }
      }
      const now = `${ready} photos ready, ${waiting} waiting`
      if (now !== last) console.log(`  ${now}`)
      last = now
      if (waiting === 0 && ready > 0) {
        console.log(`Demo photos processed in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
        return
      }
    }
    await sleep(1000)
  }
  throw new Error('the demo photos were not processed within 10 minutes')
}

/** The pages to measure, by what they show. */
async function pages(base) {
  const list = await (await fetch(`${base}/api/v1/properties?per_page=50`)).json()
  const details = await Promise.all(
    list.items.map(async (p) => (await fetch(`${base}/api/v1/properties/${p.slug}`)).json()),
  )
  const framed = (d) => /youtube\.com|youtu\.be|vimeo\.com/.test(d.video_url ?? '') && d.photos.length > 0
  const section = details.find((d) => framed(d) && d.video_position !== 'carousel')
  const carousel = details.find((d) => framed(d) && d.video_position === 'carousel')
  // A page whose map is drawn (its whole address shown): the map is lazy,
  // out of the first paint, and this measures that it stays so.
  const mapped = details.find((d) => d.location && d.location.radius_m === null && d.photos.length > 0)
  const out = [{ key: 'home', name: 'home page', url: `${base}/` }]
  if (section) out.push({ key: 'section', name: `detail, video in its section (${section.slug})`, url: `${base}/imoveis/${section.slug}` })
  if (carousel) out.push({ key: 'carousel', name: `detail, video in the carousel (${carousel.slug})`, url: `${base}/imoveis/${carousel.slug}` })
  if (mapped) out.push({ key: 'map', name: `detail with the map (${mapped.slug})`, url: `${base}/imoveis/${mapped.slug}` })
  const results = `${base}/imoveis/venda/florianopolis-sc`
  const res = await fetch(results)
  if (res.ok) out.push({ key: 'results', name: 'results page (/imoveis/venda/florianopolis-sc)', url: results })
  else console.log(`Note: ${new URL(results).pathname} answers ${res.status}: no results page to measure yet.`)
  for (const [i, path] of opts.path.entries()) out.push({ key: `path${i + 1}`, name: path, url: base + path })
  const only = opts.only ? opts.only.split(',') : null
  return only ? out.filter((p) => only.includes(p.key)) : out
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

async function measure(page) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]))
  const metrics = { lcp: [], cls: [], tbt: [], fcp: [], benchmark: [] }
  const weak = new Map() // audit id → [title, runs below 0.9]
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
    try {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        blockedUrlPatterns,
      })
      const lhr = result.lhr
      if (lhr.runtimeError) throw new Error(`${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
      for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c].score ?? 0) * 100))
      metrics.lcp.push(lhr.audits['largest-contentful-paint'].numericValue)
      metrics.cls.push(lhr.audits['cumulative-layout-shift'].numericValue)
      metrics.tbt.push(lhr.audits['total-blocking-time'].numericValue)
      metrics.fcp.push(lhr.audits['first-contentful-paint'].numericValue)
      metrics.benchmark.push(lhr.environment.benchmarkIndex)
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c].auditRefs) {
          const a = lhr.audits[ref.id]
          if (ref.weight > 0 && a.score !== null && a.score < 0.9) {
            const seen = weak.get(a.id) ?? [a.title, 0, a.displayValue ?? '']
            seen[1]++
            seen[2] = a.displayValue ?? ''
            weak.set(a.id, seen)
          }
        }
      }
      if (opts.reports) {
        mkdirSync(opts.reports, { recursive: true })
        writeFileSync(join(opts.reports, `${page.key}-${i + 1}.json`), result.report)
      }
      process.stdout.write(`  run ${i + 1}/${runs}: ${CATEGORIES.map((c) => scores[c].at(-1)).join(' / ')}, LCP ${(metrics.lcp.at(-1) / 1000).toFixed(2)} s, TBT ${Math.round(metrics.tbt.at(-1))} ms, machine ${Math.round(metrics.benchmark.at(-1))}\n`)
    } finally {
      await chrome.kill()
    }
  }
  return { scores, metrics, weak }
}

const tmp = mkdtempSync(join(tmpdir(), 'vitrine-lighthouse-'))
let server
try {
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (its default settings: Moto G Power, simulated slow 4G, 4× CPU slowdown), ${runs} run(s) per page, ${chromePath}.`)
  console.log(`Blocked: every host but the server's (Chromium's resolver) and, by Lighthouse, ${blockedUrlPatterns.join(' ')}:`)
  console.log('the demo\'s YouTube and Vimeo frames and its video file are not loaded, so their cost is not in these scores.')
  let base
  if (opts.server) {
    base = opts.server.replace(/\/$/, '')
  } else {
    server = await startServer(tmp)
    console.log(`vitrine serve --demo at ${server.base}; waiting for the demo photos…`)
    await waitForPhotos(server)
    base = server.base
  }
  const summary = []
  for (const page of await pages(base)) {
    console.log(`\n${page.name}: ${page.url}`)
    const { scores, metrics, weak } = await measure(page)
    summary.push({ page, scores, metrics, weak })
  }
  console.log(`\nMedians of ${runs} run(s) (scores 0–100; LCP, FCP and TBT in ms):\n`)
  console.log('| page | performance | accessibility | best practices | SEO | LCP | FCP | CLS | TBT | machine |')
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|')
  for (const { page, scores, metrics } of summary) {
    const m = metrics
    console.log(`| ${page.name} | ${CATEGORIES.map((c) => median(scores[c])).join(' | ')} | ${Math.round(median(m.lcp))} | ${Math.round(median(m.fcp))} | ${median(m.cls).toFixed(3)} | ${Math.round(median(m.tbt))} | ${Math.round(median(m.benchmark))} |`)
  }
  console.log('\nmachine: Lighthouse\'s benchmarkIndex of this machine during the runs (higher is faster; it')
  console.log('counts CPU time that other processes take): TBT and LCP grow on a slow or busy machine.')
  for (const { page, weak } of summary) {
    if (weak.size === 0) continue
    console.log(`\n${page.name}: audits under 0.9 (runs where it was):`)
    for (const [id, [title, n, value]] of weak) console.log(`  ${id} (${n}/${runs}): ${title}${value ? ` — ${value}` : ''}`)
  }
  if (opts.reports) writeFileSync(join(opts.reports, 'summary.json'), JSON.stringify(summary, (k, v) => (v instanceof Map ? Object.fromEntries(v) : v), 2))
} finally {
  if (server && !server.exited) {
    const gone = new Promise((r) => server.child.once('exit', r))
    server.child.kill('SIGTERM')
    await Promise.race([gone, sleep(5000)])
    if (!server.exited) server.child.kill('SIGKILL')
  }
  rmSync(tmp, { recursive: true, force: true })
}
