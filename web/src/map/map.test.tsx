import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PropertyLocation } from '../lib/types'
import { json, makeAgency, makeProperty, makeSearchResult, makeSummary, routeFetch } from '../test/fixtures'
import { renderApp } from '../test/renderApp'
import { LazyMap } from './LazyMap'
import type { LeafletMapProps } from './LeafletMap'
import { escapeHtml, mapTilesOf, placesOf, type MapTiles } from './places'

// Leaflet draws into a real layout, which the DOM of these tests lacks; the browser tests
// (e2e/map.spec.ts) draw it. Here the lazy chunk is a stand-in that lists what it was given.
const loaded = vi.fn()
vi.mock('./LeafletMap', () => ({
  default: (props: LeafletMapProps) => {
    loaded(props)
    return (
      <ul data-testid="leaflet">
        {props.places.map((p) => (
          <li key={p.key}>
            <a href={p.href ?? '#'} onClick={(e) => (e.preventDefault(), props.onOpen?.(p.href ?? ''))}>
              {p.radius === null ? `pino: ${p.label}` : `círculo de ${p.radius} m: ${p.label}`}
            </a>
          </li>
        ))}
      </ul>
    )
  },
}))

const TILES: MapTiles = { tiles: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Mapas de Exemplo' }
const POINT: PropertyLocation = { latitude: -27.5954, longitude: -48.548, radius_m: null }
const AREA: PropertyLocation = { latitude: -27.595, longitude: -48.545, radius_m: 750 }

/** An IntersectionObserver the test moves: `enter()` brings every observed element near the screen. */
function controlledObserver() {
  const callbacks: IntersectionObserverCallback[] = []
  class Observer {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback)
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', Observer)
  return {
    enter: () =>
      act(() => {
        for (const cb of callbacks) cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)
      }),
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  loaded.mockClear()
})

describe('map places', () => {
  it('makes a pin of a point and a circle of an area, and leaves out listings without a location', () => {
    const items = [
      { slug: 'casa-a', title: 'Casa A', location: POINT },
      { slug: 'casa-b', title: 'Casa B', location: null },
      { slug: 'casa-c', title: 'Casa C', location: AREA },
    ]
    expect(placesOf(items, (i) => `linha de ${i.slug}`)).toEqual([
      { key: 'casa-a', latitude: -27.5954, longitude: -48.548, radius: null, label: 'Casa A', href: '/imoveis/casa-a', detail: 'linha de casa-a' },
      {
        key: 'casa-c',
        latitude: -27.595,
        longitude: -48.545,
        radius: 750,
        label: 'Casa C (região aproximada)',
        href: '/imoveis/casa-c',
        detail: 'linha de casa-c',
      },
    ])
  })

  it('reads the tile server of the agency answer, and no map without one', () => {
    expect(mapTilesOf({ name: 'X', map: TILES })).toEqual(TILES)
    expect(mapTilesOf({ name: 'X', map: null })).toBeNull()
    expect(mapTilesOf({ name: 'X' })).toBeNull()
    expect(mapTilesOf(null)).toBeNull()
    expect(mapTilesOf({ map: { tiles: 'javascript:alert(1)//{z}', attribution: 'x' } })).toBeNull()
  })

  it('writes the credit as text in the HTML Leaflet takes', () => {
    expect(escapeHtml('© <b>Mapas</b> & "Cia"')).toBe('© &#60;b&#62;Mapas&#60;/b&#62; &#38; &#34;Cia&#34;')
  })
})

describe('lazy map', () => {
  const places = placesOf([{ slug: 'casa-a', title: 'Casa A', location: POINT }])

  it('fetches the map only when its box comes near the screen, behind a link that skips it', async () => {
    const observer = controlledObserver()
    render(<LazyMap tiles={TILES} places={places} label="Mapa da Casa A" />)
    const region = screen.getByRole('region', { name: 'Mapa da Casa A' })
    expect(loaded).not.toHaveBeenCalled()
    const skip = screen.getByRole('link', { name: 'Pular o mapa' })
    const target = document.getElementById(skip.getAttribute('href')!.slice(1))
    expect(target).not.toBeNull()
    expect(region.compareDocumentPosition(target!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    observer.enter()
    expect(await within(region).findByText('pino: Casa A')).toBeInTheDocument()
    expect(loaded).toHaveBeenCalledWith(expect.objectContaining({ tiles: TILES, places }))
  })

  it('fetches it at once when asked for, and shows nothing without places', async () => {
    controlledObserver()
    const { unmount } = render(<LazyMap tiles={TILES} places={places} label="Mapa" eager />)
    expect(await screen.findByText('pino: Casa A')).toBeInTheDocument()
    unmount()
    const { container } = render(<LazyMap tiles={TILES} places={[]} label="Mapa" eager />)
    expect(container).toBeEmptyDOMElement()
  })
})

describe('property page map', () => {
  function serve(location: PropertyLocation | null, map: MapTiles | null) {
    const property = makeProperty({ location, address_visibility: location?.radius_m ? 'neighborhood' : 'all' })
    const { fetchMock } = routeFetch({
      [`GET /api/v1/properties/${property.slug}`]: () => json(200, property),
      'GET /api/v1/agency': () => json(200, { ...makeAgency(), map }),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
    return property
  }

  it('shows a pin where the whole address is public', async () => {
    const observer = controlledObserver()
    const p = serve(POINT, TILES)
    renderApp(`/imoveis/${p.slug}`)
    const region = await screen.findByRole('region', { name: `Mapa da localização de ${p.title}` })
    expect(screen.getByRole('heading', { level: 2, name: 'Localização' })).toBeInTheDocument()
    expect(screen.queryByText(/Localização aproximada/)).toBeNull()
    observer.enter()
    expect(await within(region).findByText('pino: Localização do imóvel')).toBeInTheDocument()
  })

  it('shows a circle, and says it is approximate, where the address is hidden', async () => {
    const observer = controlledObserver()
    const p = serve(AREA, TILES)
    renderApp(`/imoveis/${p.slug}`)
    const region = await screen.findByRole('region', { name: `Mapa da localização de ${p.title}` })
    expect(screen.getByText(/Localização aproximada: o círculo mostra a região do imóvel/)).toBeInTheDocument()
    observer.enter()
    expect(await within(region).findByText('círculo de 750 m: Região aproximada do imóvel')).toBeInTheDocument()
    expect(screen.queryByText(/^pino/)).toBeNull()
  })

  it('shows no map, and no empty box, without a location or without a tile server', async () => {
    for (const [location, map] of [
      [null, TILES],
      [POINT, null],
    ] as const) {
      controlledObserver()
      const p = serve(location, map)
      const { unmount } = renderApp(`/imoveis/${p.slug}`)
      await screen.findByRole('heading', { level: 1, name: p.title })
      await screen.findAllByText('Imobiliária Ilha Bela') // the agency's read is over
      expect(screen.queryByRole('heading', { name: 'Localização' })).toBeNull()
      expect(screen.queryByRole('link', { name: 'Pular o mapa' })).toBeNull()
      unmount()
    }
  })
})

describe('results map', () => {
  const items = [
    makeSummary({ id: 'a', slug: 'casa-a', title: 'Casa A', location: POINT }),
    makeSummary({ id: 'b', slug: 'casa-b', title: 'Casa B', location: AREA }),
    makeSummary({ id: 'c', slug: 'casa-c', title: 'Casa C', location: null }),
  ]

  function serve(map: MapTiles | null) {
    const { fetchMock } = routeFetch({
      'GET /api/v1/search': () => json(200, makeSearchResult(items)),
      'GET /api/v1/agency': () => json(200, { ...makeAgency(), map }),
      'GET /api/v1/properties/casa-a': () => json(200, makeProperty({ slug: 'casa-a', title: 'Casa A' })),
    })
    vi.stubGlobal('fetch', vi.fn(fetchMock))
  }

  it('switches between the list and a map of the page’s results, whose cards open the listing', async () => {
    controlledObserver()
    serve(TILES)
    renderApp('/imoveis/venda/florianopolis-sc')
    const toggle = await screen.findByRole('group', { name: 'Ver resultados em' })
    const list = within(toggle).getByRole('button', { name: 'Lista' })
    const map = within(toggle).getByRole('button', { name: 'Mapa' })
    expect(list).toHaveAttribute('aria-pressed', 'true')
    expect(await screen.findByRole('list', { name: 'Imóveis encontrados' })).toBeInTheDocument()
    expect(loaded).not.toHaveBeenCalled()

    await userEvent.click(map)
    expect(map).toHaveAttribute('aria-pressed', 'true')
    const region = await screen.findByRole('region', { name: 'Mapa dos imóveis encontrados' })
    expect(screen.queryByRole('list', { name: 'Imóveis encontrados' })).toBeNull()
    expect(await within(region).findByText('pino: Casa A')).toBeInTheDocument()
    expect(within(region).getByText('círculo de 750 m: Casa B (região aproximada)')).toBeInTheDocument()
    expect(screen.getByText('1 imóvel desta página não tem localização no mapa e aparece só na lista.')).toBeInTheDocument()
    expect(loaded.mock.lastCall?.[0].places.map((p: { detail: string }) => p.detail)).toEqual([
      'R$ 450.000,00 · Centro'.replace(' ', '\u00a0'),
      'R$ 450.000,00 · Centro'.replace(' ', '\u00a0'),
    ])

    await userEvent.click(within(region).getByText('pino: Casa A'))
    expect(window.location.pathname).toBe('/imoveis/casa-a')
  })

  it('offers no map when the site has no tile server', async () => {
    serve(null)
    renderApp('/imoveis/venda/florianopolis-sc')
    expect(await screen.findByRole('list', { name: 'Imóveis encontrados' })).toBeInTheDocument()
    await screen.findAllByText('Imobiliária Ilha Bela')
    expect(screen.queryByRole('button', { name: 'Mapa' })).toBeNull()
  })
})
