import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { shareUrl } from '../lib/share'
import { json, makeAgency, makeProperty, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

const property = makeProperty()
const SHARE = `POST /api/v1/properties/${property.slug}/share`

function serve() {
  const { fetchMock, calls } = routeFetch({
    [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
    'GET /api/v1/agency': () => json(200, makeAgency()),
    [SHARE]: () => new Response(null, { status: 204 }),
  })
  vi.stubGlobal('fetch', vi.fn(fetchMock))
  renderApp(`/imoveis/${property.slug}`)
  return () => calls.filter((c) => `${c.method} ${c.url.pathname}` === SHARE).map((c) => JSON.parse(c.init.body as string))
}

afterEach(() => vi.unstubAllGlobals())

async function shareGroup() {
  await screen.findByRole('heading', { level: 1 })
  return screen.getByRole('group', { name: 'Compartilhar' })
}

describe('share buttons', () => {
  it('tags the campaign in each shared link', () => {
    expect(shareUrl('https://ilha.example', 'casa-lagoa', 'whatsapp')).toBe(
      'https://ilha.example/imoveis/casa-lagoa?utm_source=compartilhar&utm_medium=whatsapp&utm_campaign=imovel',
    )
  })

  it('shares on WhatsApp with the title and the tagged link, and counts it', async () => {
    const shares = serve()
    const group = await shareGroup()
    // No Web Share API here (a desktop browser): no native button.
    expect(within(group).queryByRole('button', { name: 'Compartilhar' })).toBeNull()
    const link = within(group).getByRole('link', { name: 'Enviar por WhatsApp' })
    const href = new URL(link.getAttribute('href')!)
    expect(href.origin + href.pathname).toBe('https://wa.me/')
    expect(href.searchParams.get('text')).toBe(
      `${property.title}: ${window.location.origin}/imoveis/${property.slug}?utm_source=compartilhar&utm_medium=whatsapp&utm_campaign=imovel`,
    )
    link.addEventListener('click', (e) => e.preventDefault()) // stay on the page
    await userEvent.setup().click(link)
    await waitFor(() => expect(shares()).toEqual([{ channel: 'whatsapp' }]))
  })

  it('copies the tagged link and says so', async () => {
    const user = userEvent.setup()
    const shares = serve()
    const group = await shareGroup()
    await user.click(within(group).getByRole('button', { name: 'Copiar link' }))
    expect(await within(group).findByRole('status')).toHaveTextContent('Link copiado.')
    expect(await navigator.clipboard.readText()).toBe(shareUrl(window.location.origin, property.slug, 'link'))
    await waitFor(() => expect(shares()).toEqual([{ channel: 'link' }]))
  })

  it('offers the phone share sheet where the Web Share API is', async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }))
    const shares = serve()
    const group = await shareGroup()
    await userEvent.setup().click(within(group).getByRole('button', { name: 'Compartilhar' }))
    expect(share).toHaveBeenCalledWith({
      title: property.title,
      text: property.title,
      url: shareUrl(window.location.origin, property.slug, 'nativo'),
    })
    await waitFor(() => expect(shares()).toEqual([{ channel: 'nativo' }]))
  })
})
