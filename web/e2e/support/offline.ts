import type { BrowserContext, Route } from '@playwright/test'

/**
 * Keeps the browser on this machine: photos on other hosts get a generated
 * picture, YouTube/Vimeo frames get a stub player page, anything else
 * off-host is aborted (a real frame would hang without network). `local`
 * are the origins reached as they are besides the site's: the test tile
 * server's.
 */
export async function stayOffline(context: BrowserContext, origin: string, local: string[] = []) {
  await context.route(
    (url) => url.origin !== origin && !local.includes(url.origin) && (url.protocol === 'http:' || url.protocol === 'https:'),
    (route) => answer(route),
  )
}

function answer(route: Route) {
  const request = route.request()
  const url = new URL(request.url())
  const type = request.resourceType()
  if (type === 'image') {
    return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: photoSvg(url.pathname) })
  }
  if (type === 'document' && /(^|\.)(youtube\.com|youtube-nocookie\.com|vimeo\.com)$/.test(url.hostname)) {
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PLAYER_STUB })
  }
  return route.abort('blockedbyclient')
}

const PLAYER_STUB = `<!doctype html><html><head><meta charset="utf-8"><title>Player</title>
<style>html,body{margin:0;height:100%;background:#0b0f19;display:grid;place-items:center}
svg{width:84px;height:60px}</style></head><body>
<svg viewBox="0 0 68 48"><path d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.3.3 34 .3 34 .3s-21.3 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.5 8.5 0 0 0 6 6C12.7 47.7 34 47.7 34 47.7s21.3 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z" fill="#e11d48"/><path d="M45 24 27 14v20z" fill="#fff"/></svg>
</body></html>`

function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

const PALETTES = [
  ['#9cc9f0', '#eaf4fc', '#d8c3a5', '#8e7d6a', '#f4efe8'],
  ['#f7c99b', '#fdebd3', '#c9d6df', '#52616b', '#f0f5f9'],
  ['#a8d8c9', '#e8f6f1', '#e6d5b8', '#9a8262', '#fbf8f1'],
  ['#b9b4e0', '#eeecf9', '#d4c9be', '#7b6f63', '#f7f4f0'],
  ['#8fc1e3', '#e3f1fa', '#cfd8dc', '#455a64', '#eceff1'],
]

/** A simple but photo-like interior/exterior illustration, different per address. */
export function photoSvg(key: string): string {
  const h = hash(key)
  const [sky, skyLight, wall, wood, floor] = PALETTES[h % PALETTES.length]
  const x = 120 + (h % 260)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs>
<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${skyLight}"/></linearGradient>
<linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="${floor}"/></linearGradient>
<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wood}"/><stop offset="1" stop-color="#3b3128"/></linearGradient>
</defs>
<rect width="1200" height="800" fill="url(#w)"/>
<rect x="${x}" y="120" width="520" height="360" rx="6" fill="url(#s)" stroke="#ffffff" stroke-width="14"/>
<path d="M${x} 420 l120 -70 l90 40 l140 -90 l170 120 v60 h-520z" fill="#5f8f6b" opacity=".75"/>
<line x1="${x + 260}" y1="120" x2="${x + 260}" y2="480" stroke="#fff" stroke-width="10"/>
<rect x="0" y="600" width="1200" height="200" fill="url(#f)"/>
<rect x="${760 - (h % 120)}" y="470" width="330" height="120" rx="24" fill="#e9e4dc"/>
<rect x="${780 - (h % 120)}" y="430" width="290" height="70" rx="20" fill="#f5f1ea"/>
<rect x="${790 - (h % 120)}" y="590" width="16" height="40" fill="#3b3128"/>
<rect x="${1054 - (h % 120)}" y="590" width="16" height="40" fill="#3b3128"/>
<circle cx="${180 + (h % 90)}" cy="520" r="46" fill="#6c9a74"/><rect x="${170 + (h % 90)}" y="540" width="20" height="80" fill="#7b5e44"/>
<rect x="0" y="0" width="1200" height="800" fill="#000" opacity="${((h >> 8) % 8) / 100}"/>
</svg>`
}
