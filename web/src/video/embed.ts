/**
 * Turns a presentation-video address typed by an administrator into something
 * the client can play (spec section 4.4, "Embed resolution").
 *
 * Platform A is YouTube, platform B is Vimeo.
 *
 * Rules, decided here and covered by embed.test.ts:
 *
 * - The input is trimmed, then parsed with the WHATWG URL parser (`new URL`).
 *   Nothing is matched as text against the raw string, so look-alikes such as
 *   `youtube.com.example.net` or `www.youtube.com@example.net` never pass.
 * - Inputs containing whitespace, control characters or backslashes (after
 *   trimming) are `unknown`: a real address has none, and the URL parser would
 *   silently drop or rewrite them.
 * - Only `http:` and `https:` addresses qualify. An address without a scheme
 *   is read as `https://` but only counts when its host is a YouTube or Vimeo
 *   host (`youtu.be/<id>` pasted bare). Direct files need an explicit
 *   `http:`/`https:` scheme.
 * - No `user:password@` part, no explicit port for platform hosts, and the
 *   host must be exactly one of the platform's hosts.
 * - A YouTube id is exactly 11 characters of `[A-Za-z0-9_-]` and never one
 *   of YouTube's reserved words in id position (`videoseries` marks a
 *   playlist, `live_stream` a channel's live slot); a Vimeo id is digits.
 * - YouTube video pages: `/watch?v=`, `/watch_popup?v=`, `/?v=`, `/shorts/<id>`,
 *   `/live/<id>`, `youtu.be/<id>`, and the e-mail share link
 *   `/attribution_link?u=/watch?v=<id>` (its `u` must stay on YouTube).
 *   Channels, users, playlists, searches and the retired Flash player
 *   (`/v/`, `/e/`) are `unknown`.
 * - Vimeo pages: `/<id>`, `/<id>/<hash>` (unlisted), and a video shown inside
 *   a channel, group, album or showcase (`/channels/<name>/<id>`,
 *   `/groups/<name>/videos/<id>`, `/album/<n>/video/<id>`,
 *   `/showcase/<n>/video/<id>`). The lists themselves, users, On Demand,
 *   review and event pages are `unknown`.
 * - "Unchanged": an embed/player address that is already `https:` on an embed
 *   host (`youtube.com`, `youtube-nocookie.com`, either with `www.`, and
 *   `player.vimeo.com`) is returned as the trimmed input. Any other embed or
 *   player address (plain `http:`, bare, `m.youtube.com`) is rebuilt on the
 *   canonical host from the parsed id, so every `youtube`/`vimeo` result is an
 *   `https:` address on one of ALLOWED_EMBED_HOSTS (the server's
 *   Content-Security-Policy `frame-src` must list the same hosts).
 *   A rebuilt Vimeo player address keeps a valid `h` (unlisted hash)
 *   parameter; other query parameters are dropped.
 * - A direct file (`.mp4`/`.webm` at the end of the path, any case) is
 *   returned as the trimmed input, query string and fragment included. Among
 *   the platform hosts only Vimeo's player host serves files (its
 *   `/external/…` and `/progressive_redirect/…` links).
 * - Addresses that the function builds are made from the parsed id only.
 */

export type EmbedType = 'youtube' | 'vimeo' | 'direct' | 'unknown'

export interface EmbedResult {
  type: EmbedType
  embedUrl: string | null
}

export const ALLOWED_EMBED_HOSTS = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'player.vimeo.com',
] as const

const UNKNOWN: EmbedResult = Object.freeze({ type: 'unknown', embedUrl: null }) as EmbedResult

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com'])
const YOUTUBE_NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com'])
const YOUTUBE_SHORT_HOSTS = new Set(['youtu.be'])
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com'])
const VIMEO_PLAYER_HOSTS = new Set(['player.vimeo.com'])

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
/** Words YouTube uses in id position for things that are not one video. */
const YOUTUBE_RESERVED = new Set(['videoseries', 'live_stream'])
/** Hosts whose `https:` embed addresses are returned unchanged. */
const YOUTUBE_EMBED_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'])
const VIMEO_ID = /^[0-9]{1,15}$/
const VIMEO_HASH = /^[0-9a-f]{6,32}$/i
/** A channel, group, album or showcase name or number in a Vimeo page path. */
const VIMEO_LIST = /^[A-Za-z0-9_-]{1,100}$/
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/
// Whitespace, C0 controls, DEL and the backslash: never part of an address we accept.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u0020\u007f\\]/
const DIRECT_FILE = /[^/]\.(mp4|webm)$/i

function isPlatformHost(host: string): boolean {
  return (
    YOUTUBE_HOSTS.has(host) ||
    YOUTUBE_NOCOOKIE_HOSTS.has(host) ||
    YOUTUBE_SHORT_HOSTS.has(host) ||
    VIMEO_HOSTS.has(host) ||
    VIMEO_PLAYER_HOSTS.has(host)
  )
}

function isYouTubeId(id: string | null | undefined): id is string {
  return typeof id === 'string' && YOUTUBE_ID.test(id) && !YOUTUBE_RESERVED.has(id.toLowerCase())
}

function isVimeoId(id: string | null | undefined): id is string {
  return typeof id === 'string' && VIMEO_ID.test(id)
}

function youtube(id: string): EmbedResult {
  return { type: 'youtube', embedUrl: `https://www.youtube.com/embed/${id}` }
}

function vimeo(id: string, hash?: string | null): EmbedResult {
  const url = new URL(`https://player.vimeo.com/video/${id}`)
  if (hash && VIMEO_HASH.test(hash)) url.searchParams.set('h', hash)
  return { type: 'vimeo', embedUrl: url.href }
}

/** Path segments without empty ones, so a trailing slash is tolerated. */
function segments(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '')
}

/** The authority part of the raw text (between the scheme and the path). */
function rawAuthority(text: string, hasScheme: boolean): string {
  const rest = hasScheme ? text.replace(SCHEME, '') : text
  const afterSlashes = rest.replace(/^\/+/, '')
  const end = afterSlashes.search(/[/?#]/)
  return end === -1 ? afterSlashes : afterSlashes.slice(0, end)
}

interface Parsed {
  url: URL
  /** The input carried an explicit http:/https: scheme. */
  absolute: boolean
}

function parse(text: string): Parsed | null {
  const scheme = SCHEME.exec(text)
  if (scheme) {
    const name = scheme[1].toLowerCase()
    if (name !== 'http' && name !== 'https') return null
    // "https:" must be followed by "//": "https:youtu.be/x" is not accepted.
    if (!text.slice(scheme[0].length).startsWith('//')) return null
  } else if (!/^[A-Za-z0-9]/.test(text)) {
    // Relative ("/x", "./x", "?v="), protocol-relative ("//host") or markup ("<iframe").
    return null
  }
  if (rawAuthority(text, scheme !== null).includes('@')) return null

  let url: URL
  try {
    url = new URL(scheme ? text : `https://${text}`)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username !== '' || url.password !== '') return null
  if (url.hostname === '') return null
  return { url, absolute: scheme !== null }
}

/** A watch page's first `v` parameter, when it is a video id. */
function watchParam(url: URL): EmbedResult {
  const id = url.searchParams.get('v')
  return isYouTubeId(id) ? youtube(id) : UNKNOWN
}

/**
 * `attribution_link?u=/watch?v=<id>…`: YouTube's share link from e-mails. `u`
 * is a path on YouTube; anything that would leave YouTube is refused.
 */
function attributionLink(url: URL): EmbedResult {
  const target = url.searchParams.get('u')
  if (!target || !target.startsWith('/')) return UNKNOWN
  let inner: URL
  try {
    inner = new URL(target, 'https://www.youtube.com')
  } catch {
    return UNKNOWN
  }
  if (inner.origin !== 'https://www.youtube.com' || inner.pathname !== '/watch') return UNKNOWN
  return watchParam(inner)
}

function resolveYouTube(text: string, { url, absolute }: Parsed): EmbedResult {
  const host = url.hostname
  const parts = segments(url.pathname)

  if (YOUTUBE_SHORT_HOSTS.has(host)) {
    return parts.length === 1 && isYouTubeId(parts[0]) ? youtube(parts[0]) : UNKNOWN
  }

  const first = parts[0]?.toLowerCase()
  if (first === 'embed') {
    if (parts.length !== 2 || !isYouTubeId(parts[1])) return UNKNOWN
    if (absolute && url.protocol === 'https:' && YOUTUBE_EMBED_HOSTS.has(host)) {
      return { type: 'youtube', embedUrl: text }
    }
    const canonical = YOUTUBE_NOCOOKIE_HOSTS.has(host) ? 'www.youtube-nocookie.com' : 'www.youtube.com'
    return { type: 'youtube', embedUrl: `https://${canonical}/embed/${parts[1]}` }
  }

  // Watch, shorts and live pages exist on youtube.com only, not on the no-cookie host.
  if (!YOUTUBE_HOSTS.has(host)) return UNKNOWN

  if (parts.length === 0 || (parts.length === 1 && (first === 'watch' || first === 'watch_popup'))) {
    return watchParam(url)
  }
  if (first === 'attribution_link' && parts.length === 1) return attributionLink(url)
  if ((first === 'shorts' || first === 'live') && parts.length === 2 && isYouTubeId(parts[1])) {
    return youtube(parts[1])
  }
  return UNKNOWN
}

function resolveVimeo(text: string, { url, absolute }: Parsed): EmbedResult {
  const host = url.hostname
  const parts = segments(url.pathname)

  if (VIMEO_PLAYER_HOSTS.has(host)) {
    // A video file served by the player host ('/external/<id>.hd.mp4?s=…',
    // '/progressive_redirect/playback/<id>/rendition/1080p/file.mp4?…').
    if (absolute && DIRECT_FILE.test(url.pathname)) return { type: 'direct', embedUrl: text }
    if (parts.length !== 2 || parts[0].toLowerCase() !== 'video' || !isVimeoId(parts[1])) {
      return UNKNOWN
    }
    if (absolute && url.protocol === 'https:') return { type: 'vimeo', embedUrl: text }
    return vimeo(parts[1], url.searchParams.get('h'))
  }

  // vimeo.com/<id>
  if (parts.length === 1 && isVimeoId(parts[0])) return vimeo(parts[0])
  // vimeo.com/<id>/<hash> (unlisted)
  if (parts.length === 2 && isVimeoId(parts[0]) && VIMEO_HASH.test(parts[1])) {
    return vimeo(parts[0], parts[1])
  }
  const first = parts[0]?.toLowerCase()
  const word = parts[2]?.toLowerCase()
  const last = parts[parts.length - 1]
  // vimeo.com/channels/<name>/<id>
  if (first === 'channels' && parts.length === 3 && VIMEO_LIST.test(parts[1]) && isVimeoId(last)) {
    return vimeo(last)
  }
  // vimeo.com/groups/<name>/videos/<id>, /album/<n>/video/<id>, /showcase/<n>/video/<id>
  const inList =
    (first === 'groups' && word === 'videos') || ((first === 'album' || first === 'showcase') && word === 'video')
  if (inList && parts.length === 4 && VIMEO_LIST.test(parts[1]) && isVimeoId(last)) return vimeo(last)
  return UNKNOWN
}

export function getEmbedUrl(input: string | null | undefined): EmbedResult {
  if (typeof input !== 'string') return UNKNOWN
  const text = input.trim()
  if (text === '' || text.length > 8192 || FORBIDDEN_CHARS.test(text)) return UNKNOWN

  const parsed = parse(text)
  if (!parsed) return UNKNOWN
  const host = parsed.url.hostname

  if (isPlatformHost(host)) {
    if (parsed.url.port !== '') return UNKNOWN
    if (VIMEO_HOSTS.has(host) || VIMEO_PLAYER_HOSTS.has(host)) return resolveVimeo(text, parsed)
    return resolveYouTube(text, parsed)
  }

  // Direct video files: explicit http(s) scheme only, any other host.
  if (parsed.absolute && DIRECT_FILE.test(parsed.url.pathname)) {
    return { type: 'direct', embedUrl: text }
  }
  return UNKNOWN
}
