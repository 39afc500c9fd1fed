import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ALLOWED_EMBED_HOSTS, getEmbedUrl } from './embed'

const idChar = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'.split(''),
)
const almostId = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: idChar, minLength: 11, maxLength: 11 }) },
  { weight: 1, arbitrary: fc.string({ unit: idChar, minLength: 9, maxLength: 13 }) },
)
const scheme = fc.constantFrom('', 'https://', 'http://', 'HTTPS://', 'Http://', '//', 'ftp://', 'javascript:', 'data:')
const host = fc.constantFrom(
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'WWW.YOUTUBE.COM',
  'youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
  'vimeo.com',
  'www.vimeo.com',
  'player.vimeo.com',
  'youtube.com.example.net',
  'www.youtube.com@example.net',
  'user:pw@youtu.be',
  'cdn.example.com',
  'notyoutube.com',
)
const pathPart = fc.oneof(
  almostId.map((id) => `/watch?v=${id}`),
  almostId.map((id) => `/watch?feature=share&v=${id}&t=42s`),
  almostId.map((id) => `/${id}`),
  almostId.map((id) => `/embed/${id}`),
  almostId.map((id) => `/shorts/${id}`),
  almostId.map((id) => `/live/${id}`),
  fc.nat().map((n) => `/${n}`),
  fc.tuple(fc.nat(), fc.string({ unit: fc.constantFrom(...'0123456789abcdef'.split('')), minLength: 6, maxLength: 12 })).map(([n, h]) => `/${n}/${h}`),
  fc.nat().map((n) => `/video/${n}`),
  fc.tuple(fc.nat(), fc.string()).map(([n, s]) => `/video/${n}?h=${s}`),
  fc.nat().map((n) => `/channels/staffpicks/${n}`),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `/showcase/${a}/video/${b}`),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `/album/${a}/video/${b}`),
  fc.nat().map((n) => `/groups/motion/videos/${n}`),
  almostId.map((id) => `/watch_popup?v=${id}`),
  almostId.map((id) => `/?v=${id}`),
  almostId.map((id) => `/attribution_link?a=x&u=${encodeURIComponent(`/watch?v=${id}&feature=share`)}`),
  fc.string().map((u) => `/attribution_link?u=${encodeURIComponent(u)}`),
  fc.tuple(fc.nat(), fc.string()).map(([n, q]) => `/external/${n}.hd.mp4?s=${q}`),
  fc.string().map((s) => `/${s}.mp4`),
  fc.string().map((s) => `/v.webm?${s}`),
  fc.string().map((s) => `/${s}`),
)
const junk = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('', ' ', '\t') },
  fc.string({ maxLength: 6 }), fc.constantFrom(' ', '\n', '"', "'", '<', '>', '#', '?', '@', ':'))

/** Mostly well-formed platform addresses, so the accepted branches are exercised too. */
const plausible = fc
  .tuple(
    fc.constantFrom('', 'https://', 'http://', 'HTTPS://'),
    fc.oneof(
      fc.tuple(fc.constantFrom('youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com'), pathPart),
      fc.tuple(fc.constantFrom('youtu.be'), almostId.map((id) => `/${id}`)),
      fc.tuple(fc.constantFrom('vimeo.com', 'www.vimeo.com', 'player.vimeo.com'), pathPart),
      fc.tuple(
        fc.constantFrom('cdn.example.com', 'videos.imobiliaria.com.br'),
        fc.oneof(fc.string().map((x) => `/${x}.mp4`), fc.string().map((x) => `/tour.WEBM?${x}`)),
      ),
    ),
  )
  .map(([s, [h, p]]) => `${s}${h}${p}`)

/** Address-like strings around the platform hosts, plus plain arbitrary text. */
const addressLike = fc.oneof(
  { weight: 4, arbitrary: plausible },
  { weight: 6, arbitrary: fc.tuple(junk, scheme, host, pathPart, junk).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
)

describe('getEmbedUrl properties', () => {
  it('builds youtube/vimeo addresses only as https: on an allowed host, without credentials', () => {
    const seen = { youtube: 0, vimeo: 0, direct: 0, unknown: 0 }
    fc.assert(
      fc.property(addressLike, (input) => {
        const result = getEmbedUrl(input)
        seen[result.type] += 1
        if (result.type === 'unknown') {
          expect(result.embedUrl).toBeNull()
          return
        }
        expect(typeof result.embedUrl).toBe('string')
        const url = new URL(result.embedUrl as string)
        expect(url.username).toBe('')
        expect(url.password).toBe('')
        if (result.type === 'youtube' || result.type === 'vimeo') {
          expect(url.protocol).toBe('https:')
          expect(ALLOWED_EMBED_HOSTS).toContain(url.hostname)
          expect(url.port).toBe('')
        } else {
          expect(['http:', 'https:']).toContain(url.protocol)
        }
      }),
      { numRuns: 3000 },
    )
    // The generator must exercise every outcome, or the property says nothing.
    expect(seen.youtube).toBeGreaterThan(30)
    expect(seen.vimeo).toBeGreaterThan(30)
    expect(seen.direct).toBeGreaterThan(10)
    expect(seen.unknown).toBeGreaterThan(50)
  })

  it('never accepts javascript: or data: input', () => {
    const dangerous = fc
      .tuple(
        fc.constantFrom('', ' ', '\t', '\n '),
        fc.constantFrom('javascript:', 'JAVASCRIPT:', 'JavaScript:', 'data:', 'DATA:', 'Data:'),
        fc.oneof(fc.string(), pathPart, fc.webUrl()),
      )
      .map((p) => p.join(''))
    fc.assert(
      fc.property(dangerous, (input) => {
        expect(getEmbedUrl(input)).toEqual({ type: 'unknown', embedUrl: null })
      }),
      { numRuns: 2000 },
    )
  })

  it('is deterministic and never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (input) => {
        expect(getEmbedUrl(input)).toEqual(getEmbedUrl(input))
      }),
      { numRuns: 1000 },
    )
  })
})
