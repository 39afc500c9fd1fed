import { describe, expect, it } from 'vitest'
import { getEmbedUrl, type EmbedResult } from './embed'

const ID = 'dQw4w9WgXcQ'
const YT = `https://www.youtube.com/embed/${ID}`
const yt = (embedUrl = YT): EmbedResult => ({ type: 'youtube', embedUrl })
const vm = (embedUrl: string): EmbedResult => ({ type: 'vimeo', embedUrl })
const direct = (embedUrl: string): EmbedResult => ({ type: 'direct', embedUrl })
const unknown: EmbedResult = { type: 'unknown', embedUrl: null }

// [input, expected]
const cases: Array<[string, EmbedResult]> = [
  // --- YouTube watch pages
  [`https://www.youtube.com/watch?v=${ID}`, yt()],
  [`http://www.youtube.com/watch?v=${ID}`, yt()],
  [`https://youtube.com/watch?v=${ID}`, yt()],
  [`https://m.youtube.com/watch?v=${ID}`, yt()],
  [`https://music.youtube.com/watch?v=${ID}&feature=share`, yt()],
  [`www.youtube.com/watch?v=${ID}`, yt()],
  [`youtube.com/watch?v=${ID}`, yt()],
  [`HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`, yt()],
  [`  https://www.youtube.com/watch?v=${ID}  `, yt()],
  [`\n\thttps://www.youtube.com/watch?v=${ID}\n`, yt()],
  [`https://www.youtube.com/watch?feature=share&v=${ID}&t=42s&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG`, yt()],
  [`https://www.youtube.com/watch?v=${ID}&t=1m30s#comments`, yt()],
  [`https://www.youtube.com/watch/?v=${ID}`, yt()],
  [`https://www.youtube.com:443/watch?v=${ID}`, yt()],
  [`https://www.youtube.com/watch?v=A-b_C1d2E3f`, yt('https://www.youtube.com/embed/A-b_C1d2E3f')],
  // --- YouTube short addresses
  [`https://youtu.be/${ID}`, yt()],
  [`http://youtu.be/${ID}`, yt()],
  [`youtu.be/${ID}`, yt()],
  [`https://youtu.be/${ID}?si=Xk2s9fLr0aQ&t=15`, yt()],
  [`https://youtu.be/${ID}/`, yt()],
  [`HTTPS://YOUTU.BE/${ID}`, yt()],
  // --- YouTube shorts and live
  [`https://www.youtube.com/shorts/${ID}`, yt()],
  [`https://youtube.com/shorts/${ID}?feature=share`, yt()],
  [`https://m.youtube.com/shorts/${ID}`, yt()],
  [`https://www.youtube.com/live/${ID}?si=abc`, yt()],
  // --- YouTube embed addresses: unchanged when already https on an embed host (spec 4.4)
  [YT, yt()],
  [`${YT}?start=30&rel=0`, yt(`${YT}?start=30&rel=0`)],
  [`  ${YT}  `, yt()],
  [
    `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
    yt(`https://www.youtube-nocookie.com/embed/${ID}?rel=0`),
  ],
  [`https://youtube.com/embed/${ID}`, yt(`https://youtube.com/embed/${ID}`)],
  [`https://youtube-nocookie.com/embed/${ID}`, yt(`https://youtube-nocookie.com/embed/${ID}`)],
  // ...and rebuilt on the canonical host otherwise
  [`http://www.youtube.com/embed/${ID}`, yt()],
  [`www.youtube.com/embed/${ID}`, yt()],
  [`https://m.youtube.com/embed/${ID}`, yt()],
  [`http://youtube-nocookie.com/embed/${ID}`, yt(`https://www.youtube-nocookie.com/embed/${ID}`)],
  // --- Vimeo pages
  ['https://vimeo.com/76979871', vm('https://player.vimeo.com/video/76979871')],
  ['http://vimeo.com/76979871', vm('https://player.vimeo.com/video/76979871')],
  ['https://www.vimeo.com/76979871', vm('https://player.vimeo.com/video/76979871')],
  ['vimeo.com/76979871', vm('https://player.vimeo.com/video/76979871')],
  ['https://vimeo.com/76979871?share=copy#t=30s', vm('https://player.vimeo.com/video/76979871')],
  ['https://vimeo.com/76979871/', vm('https://player.vimeo.com/video/76979871')],
  ['https://vimeo.com/837295741/5a9f2c1b3e', vm('https://player.vimeo.com/video/837295741?h=5a9f2c1b3e')],
  ['https://vimeo.com/channels/staffpicks/76979871', vm('https://player.vimeo.com/video/76979871')],
  ['https://vimeo.com/showcase/9876543/video/76979871', vm('https://player.vimeo.com/video/76979871')],
  // --- Vimeo player addresses
  ['https://player.vimeo.com/video/76979871', vm('https://player.vimeo.com/video/76979871')],
  [
    'https://player.vimeo.com/video/837295741?h=5a9f2c1b3e&badge=0',
    vm('https://player.vimeo.com/video/837295741?h=5a9f2c1b3e&badge=0'),
  ],
  ['http://player.vimeo.com/video/76979871', vm('https://player.vimeo.com/video/76979871')],
  [
    'player.vimeo.com/video/837295741?h=5a9f2c1b3e&autoplay=1',
    vm('https://player.vimeo.com/video/837295741?h=5a9f2c1b3e'),
  ],
  // --- Direct files
  ['https://cdn.imobiliaria.com.br/videos/tour.mp4', direct('https://cdn.imobiliaria.com.br/videos/tour.mp4')],
  ['https://cdn.imobiliaria.com.br/videos/tour.webm', direct('https://cdn.imobiliaria.com.br/videos/tour.webm')],
  ['http://videos.example.com/apto-101.MP4', direct('http://videos.example.com/apto-101.MP4')],
  ['https://videos.example.com/casa.WebM', direct('https://videos.example.com/casa.WebM')],
  [
    'https://bucket.s3.sa-east-1.amazonaws.com/tour.mp4?X-Amz-Expires=3600&X-Amz-Signature=ab12cd',
    direct('https://bucket.s3.sa-east-1.amazonaws.com/tour.mp4?X-Amz-Expires=3600&X-Amz-Signature=ab12cd'),
  ],
  ['  https://cdn.example.com/v/tour.mp4#t=10  ', direct('https://cdn.example.com/v/tour.mp4#t=10')],
  ['https://cdn.example.com:8443/tour.mp4', direct('https://cdn.example.com:8443/tour.mp4')],
  // --- Unknown: other shapes on the platforms
  ['https://www.youtube.com/', unknown],
  ['https://www.youtube.com/watch', unknown],
  ['https://www.youtube.com/watch?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG', unknown],
  ['https://www.youtube.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG', unknown],
  ['https://www.youtube.com/watch?v=videoseries', unknown],
  ['https://www.youtube.com/watch?v=dQw4w9WgXc', unknown], // 10 characters
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQQ', unknown], // 12 characters, never truncated
  ['https://youtu.be/dQw4w9WgXcQQ', unknown],
  ['https://youtu.be/dQw4w9WgX', unknown],
  ['https://www.youtube.com/watch?v=dQw4w9WgXc%21', unknown],
  ['https://www.youtube.com/embed/dQw4w9WgXcQ/extra', unknown],
  ['https://www.youtube.com/@imobiliariavitrine', unknown],
  ['https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw', unknown],
  ['https://www.youtube-nocookie.com/watch?v=dQw4w9WgXcQ', unknown],
  ['https://www.youtube.com:8080/watch?v=dQw4w9WgXcQ', unknown],
  ['https://vimeo.com/user12345', unknown],
  ['https://vimeo.com/76979871abc', unknown],
  ['https://vimeo.com/channels/staffpicks', unknown],
  ['https://player.vimeo.com/video/abc', unknown],
  ['https://player.vimeo.com/76979871', unknown],
  // --- Unknown: look-alike hosts and credentials
  ['https://youtube.com.example.net/watch?v=dQw4w9WgXcQ', unknown],
  ['https://notyoutube.com/watch?v=dQw4w9WgXcQ', unknown],
  ['https://example.net/youtube.com/watch?v=dQw4w9WgXcQ', unknown],
  ['https://www.youtube.com@example.net/watch?v=dQw4w9WgXcQ', unknown],
  ['https://user:secret@www.youtube.com/watch?v=dQw4w9WgXcQ', unknown],
  ['https://@www.youtube.com/watch?v=dQw4w9WgXcQ', unknown],
  ['www.youtube.com@example.net/watch?v=dQw4w9WgXcQ', unknown],
  ['https://www.youtube.com.:443/watch?v=dQw4w9WgXcQ', unknown],
  ['https://vimeo.com.evil.example/76979871', unknown],
  ['https://fakevimeo.com/76979871', unknown],
  ['https://youtu.be.example.net/dQw4w9WgXcQ', unknown],
  // --- Unknown: unsafe schemes, markup, relative addresses
  ['javascript:alert(1)//https://www.youtube.com/watch?v=dQw4w9WgXcQ', unknown],
  ['JavaScript:alert(document.cookie)', unknown],
  ['data:video/mp4;base64,AAAAIGZ0eXBpc29t', unknown],
  ['data:text/html,<script>alert(1)</script>.mp4', unknown],
  ['file:///home/user/tour.mp4', unknown],
  ['ftp://files.example.com/tour.mp4', unknown],
  ['blob:https://www.youtube.com/1234-5678', unknown],
  [
    '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen></iframe>',
    unknown,
  ],
  ['/videos/tour.mp4', unknown],
  ['./tour.mp4', unknown],
  ['//www.youtube.com/watch?v=dQw4w9WgXcQ', unknown],
  ['tour.mp4', unknown],
  ['cdn.example.com/tour.mp4', unknown],
  ['https:youtu.be/dQw4w9WgXcQ', unknown],
  ['https://www.youtube.com/watch?v=dQw4w9W gXcQ', unknown],
  ['https://www.youtube.com\\@example.net/watch?v=dQw4w9WgXcQ', unknown],
  ['https://cdn.example.com/tour.mp4.html', unknown],
  ['https://cdn.example.com/tour.mov', unknown],
  ['https://cdn.example.com/watch?file=tour.mp4', unknown],
  ['https://user:pw@cdn.example.com/tour.mp4', unknown],
  ['', unknown],
  ['   ', unknown],
  ['não sei o link', unknown],
]

describe('getEmbedUrl', () => {
  it('has a table of at least 50 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50)
  })

  it.each(cases)('%j', (input, expected) => {
    expect(getEmbedUrl(input)).toEqual(expected)
  })

  it('is unknown for non-string input', () => {
    expect(getEmbedUrl(null)).toEqual(unknown)
    expect(getEmbedUrl(undefined)).toEqual(unknown)
  })
})
