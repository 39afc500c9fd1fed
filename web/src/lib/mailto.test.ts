import { describe, expect, it } from 'vitest'
import { mailtoHref } from './mailto'

/** What a mail client reads from a mailto: link: recipients and headers. */
function parse(href: string) {
  const url = new URL(href)
  return { to: decodeURIComponent(url.pathname), headers: [...url.searchParams.keys()], hash: url.hash }
}

describe('mailtoHref', () => {
  it.each([
    ['maria@example.com', 'mailto:maria@example.com'],
    ['maria.souza+imoveis@mail.example.com.br', 'mailto:maria.souza%2Bimoveis@mail.example.com.br'],
    ['josé@imóveis.com.br', 'mailto:jos%C3%A9@im%C3%B3veis.com.br'],
  ])('%s → %s', (address, href) => {
    expect(mailtoHref(address)).toBe(href)
  })

  it.each([
    'v@x.com?bcc=a%40evil.com&body=Clique',
    'a@x.com?body=1',
    'v@x.com#frag',
    'v@x.com,outro@evil.com',
    '"a?b=c&body=x"@example.com',
    'a?subject=oi@example.com',
    'sem-arroba?body=1',
    'a%3Fbody=1@example.com',
  ])('%s adds no header, body or recipient', (address) => {
    const got = parse(mailtoHref(address))
    expect(got.headers).toEqual([])
    expect(got.hash).toBe('')
    expect(got.to).toBe(address)
  })
})
