import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Agency, PropertyDetail } from '../lib/types'
import { json, makeAgency, makeProperty, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'

const brl = (amount: string) => `R$ ${amount}`

function serve(property: PropertyDetail, agency: Agency = makeAgency()) {
  const { fetchMock, calls } = routeFetch({
    [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
    'GET /api/v1/agency': () => json(200, agency),
    [`POST /api/v1/properties/${property.slug}/whatsapp`]: () => new Response(null, { status: 204 }),
  })
  vi.stubGlobal('fetch', vi.fn(fetchMock))
  renderApp(`/imoveis/${property.slug}`)
  return calls
}

afterEach(() => vi.unstubAllGlobals())

async function contactSection() {
  await screen.findByRole('heading', { level: 1 })
  return screen.getByRole('region', { name: 'Fale com a imobiliária' })
}

describe('property page: WhatsApp', () => {
  it('links to a WhatsApp chat with the agency, naming the property and its page', async () => {
    const property = makeProperty()
    serve(property)
    const section = await contactSection()
    const link = await within(section).findByRole('link', { name: 'Conversar no WhatsApp' })
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener')
    const href = new URL(link.getAttribute('href')!)
    expect(href.origin + href.pathname).toBe('https://wa.me/5548999990000')
    expect(href.searchParams.get('text')).toBe(
      `Olá! Tenho interesse no imóvel ${property.title} (cód. AP-0042): ${window.location.origin}/imoveis/${property.slug}`,
    )
  })

  it('counts the click with a beacon, leaving the link to open WhatsApp', async () => {
    const beacon = vi.fn(() => true)
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon })
    const property = makeProperty()
    serve(property)
    const link = await within(await contactSection()).findByRole('link', { name: 'Conversar no WhatsApp' })
    // A click on a target=_blank link would open a window: the default is
    // what the browser does; the test looks at what the page adds.
    let prevented = true
    link.addEventListener('click', (e) => {
      prevented = e.defaultPrevented
      e.preventDefault()
    })
    await userEvent.setup({ delay: null }).click(link)
    expect(beacon).toHaveBeenCalledWith(`/api/v1/properties/${property.slug}/whatsapp`)
    expect(prevented).toBe(false)
  })

  it("shows the listing's broker and links to the broker's WhatsApp", async () => {
    const broker = { name: 'Ana Souza', creci: 'CRECI/SC 12345-F', whatsapp: '+5548988887777', photo: null }
    serve(makeProperty({ broker }))
    const section = await contactSection()
    const card = await within(section).findByRole('group', { name: 'Corretor responsável' })
    expect(card).toHaveTextContent('Ana Souza')
    expect(card).toHaveTextContent('CRECI/SC 12345-F')
    const link = await within(section).findByRole('link', { name: 'Conversar no WhatsApp' })
    expect(new URL(link.getAttribute('href')!).pathname).toBe('/5548988887777')
    const bar = screen.getByRole('region', { name: 'Contato rápido' })
    expect(bar).toHaveTextContent('Ana Souza · CRECI/SC 12345-F')
    expect(new URL(within(bar).getByRole('link', { name: 'Conversar no WhatsApp' }).getAttribute('href')!).pathname).toBe(
      '/5548988887777',
    )
  })

  it("shows the broker's photo, small and round, beside the name in the card and the contact bar", async () => {
    const media = 'https://vitrine.example/media/4f6c1a2b3c4d5e6f708192a3b4c5d6e7'
    const photo = {
      url: `${media}-480.jpg`,
      width: 480,
      height: 686,
      srcset: { jpeg: `${media}-480.jpg 480w, ${media}-700.jpg 700w`, webp: `${media}-480.webp 480w, ${media}-700.webp 700w` },
    }
    serve(makeProperty({ broker: { name: 'Ana Souza', creci: 'CRECI/SC 12345-F', whatsapp: null, photo } }))
    const card = await within(await contactSection()).findByRole('group', { name: 'Corretor responsável' })
    const portrait = within(card).getByRole('img', { name: 'Foto de Ana Souza' })
    expect(portrait).toHaveAttribute('src', photo.url)
    expect(portrait).toHaveAttribute('srcset', photo.srcset.jpeg)
    expect(portrait).toHaveAttribute('sizes', '56px')
    // Its box is set before it loads, and it waits until it nears the screen.
    expect(portrait).toHaveAttribute('width', '56')
    expect(portrait).toHaveAttribute('height', '56')
    expect(portrait).toHaveAttribute('loading', 'lazy')
    expect(portrait).toHaveClass('broker-photo')
    expect(card.querySelector('source[type="image/webp"]')).toHaveAttribute('srcset', photo.srcset.webp)

    const bar = screen.getByRole('region', { name: 'Contato rápido' })
    const small = within(bar).getByRole('img', { name: 'Foto de Ana Souza' })
    expect(small).toHaveAttribute('width', '24')
    expect(small).toHaveAttribute('height', '24')
    expect(small).toHaveAttribute('loading', 'lazy')
    expect(bar).toHaveTextContent('Ana Souza · CRECI/SC 12345-F')
  })

  it('shows no photo for a broker who has none', async () => {
    serve(makeProperty({ broker: { name: 'Ana Souza', creci: null, whatsapp: null, photo: null } }))
    const card = await within(await contactSection()).findByRole('group', { name: 'Corretor responsável' })
    expect(card).toHaveTextContent('Ana Souza')
    expect(within(card).queryByRole('img')).toBeNull()
    expect(within(screen.getByRole('region', { name: 'Contato rápido' })).queryByRole('img')).toBeNull()
  })

  it("falls back to the agency's WhatsApp when the broker has none", async () => {
    serve(makeProperty({ broker: { name: 'Ana Souza', creci: null, whatsapp: null, photo: null } }))
    const link = await within(await contactSection()).findByRole('link', { name: 'Conversar no WhatsApp' })
    expect(new URL(link.getAttribute('href')!).pathname).toBe('/5548999990000')
  })

  it('offers no WhatsApp when the agency has no WhatsApp number', async () => {
    serve(makeProperty(), makeAgency({ whatsapp: null }))
    const section = await contactSection()
    await within(section).findByText('Imobiliária Ilha Bela')
    expect(screen.queryByRole('link', { name: 'Conversar no WhatsApp' })).toBeNull()
    expect(within(screen.getByRole('region', { name: 'Contato rápido' })).queryByText('WhatsApp')).toBeNull()
  })
})

/** An IntersectionObserver the test drives: report() says whether the watched elements are on screen. */
class ScriptedObserver {
  static all: ScriptedObserver[] = []
  private targets: Element[] = []
  private readonly callback: IntersectionObserverCallback
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback
    ScriptedObserver.all.push(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  unobserve() {}
  disconnect() {
    this.targets = []
  }
  takeRecords() {
    return []
  }
  static report(isIntersecting: boolean) {
    for (const o of ScriptedObserver.all) {
      const entries = o.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry)
      if (entries.length) o.callback(entries, o as unknown as IntersectionObserver)
    }
  }
}

describe('property page: the contact bar of small screens', () => {
  it('shows the price and both ways to contact; "Enviar mensagem" puts the cursor in the form', async () => {
    serve(makeProperty({ type: 'aluguel', price: '3200.00', rent_price: '3200.00' }))
    await contactSection()
    const bar = screen.getByRole('region', { name: 'Contato rápido' })
    expect(bar).toBeVisible()
    expect(bar).toHaveTextContent(`${brl('3.200,00')}/mês`)
    expect(await within(bar).findByRole('link', { name: 'Conversar no WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/5548999990000\?text=/),
    )
    await userEvent.setup({ delay: null }).click(within(bar).getByRole('link', { name: 'Enviar mensagem' }))
    expect(screen.getByLabelText('Nome')).toHaveFocus()
  })

  it('shows a sale price, and both prices of a sale and rent', async () => {
    serve(makeProperty({ type: 'venda_aluguel', price: '600000.00', rent_price: '2500.00' }))
    await contactSection()
    expect(screen.getByRole('region', { name: 'Contato rápido' })).toHaveTextContent(
      `${brl('600.000,00')} · Aluguel ${brl('2.500,00')}/mês`,
    )
  })

  it('goes away while the contact form is on screen, and comes back after', async () => {
    ScriptedObserver.all = []
    // The test setup's stand-in is writable, not redefinable (vi.stubGlobal).
    const original = window.IntersectionObserver
    window.IntersectionObserver = ScriptedObserver as unknown as typeof IntersectionObserver
    onTestFinished(() => {
      window.IntersectionObserver = original
    })
    serve(makeProperty())
    await contactSection()
    const bar = screen.getByRole('region', { name: 'Contato rápido' })
    expect(bar).toBeVisible()
    // The page watches the form from an effect, which may run after the
    // heading shows (later still while other requests settle).
    await waitFor(() => expect(ScriptedObserver.all).not.toHaveLength(0))
    act(() => ScriptedObserver.report(true))
    expect(screen.queryByRole('region', { name: 'Contato rápido' })).toBeNull()
    expect(bar).not.toBeVisible()
    act(() => ScriptedObserver.report(false))
    expect(screen.getByRole('region', { name: 'Contato rápido' })).toBeVisible()
  })
})
