#!/usr/bin/env node
// Gzipped size of the JavaScript a visitor's browser loads for the property
// detail page: the entry scripts and module preloads named by dist/index.html,
// plus every chunk they import statically. Lazy chunks (the admin area, the
// full-screen gallery) are not counted. Fails when the total is over the budget.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, posix, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 120
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const indexPath = join(dist, 'index.html')
if (!existsSync(indexPath)) {
  console.error('size: dist/index.html not found; run "npm run build" first')
  process.exit(1)
}

const html = readFileSync(indexPath, 'utf8')
const queue = []
for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) queue.push(m[1])
for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)) queue.push(m[1])
if (queue.length === 0) {
  console.error('size: no script found in dist/index.html')
  process.exit(1)
}

const seen = new Map()
while (queue.length) {
  const url = queue.shift()
  const rel = url.replace(/^\//, '')
  if (seen.has(rel)) continue
  const code = readFileSync(join(dist, rel))
  seen.set(rel, gzipSync(code, { level: 9 }).length)
  // Static imports only: `import "./x.js"`, `import {a} from "./x.js"`, `export * from "./x.js"`.
  const text = code.toString('utf8')
  for (const m of text.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    queue.push(posix.join(posix.dirname(rel), m[1]))
  }
}

let total = 0
for (const [file, bytes] of seen) {
  total += bytes
  console.log(`  ${file}  ${(bytes / 1024).toFixed(1)} KB gzip`)
}
const kb = total / 1024
console.log(`size: detail page JavaScript ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`)
if (kb > BUDGET_KB) {
  console.error(`size: over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`)
  process.exit(1)
}
