import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, makeProperty } from '../test/fixtures'
import { getProperty, takeServedProperty } from './api'

/** The element a property page served by the server carries (internal/seo). */
function serve(text: string) {
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = 'vitrine-detail'
  element.textContent = text
  document.head.append(element)
}

describe('the detail served in the page', () => {
  afterEach(() => {
    document.getElementById('vitrine-detail')?.remove()
    vi.unstubAllGlobals()
  })

  it('is shown without a request, once: a later visit asks the API', async () => {
    const property = makeProperty()
    serve(JSON.stringify(property))
    const fetchMock = vi.fn(async () => json(200, { ...property, title: 'Atualizado' }))
    vi.stubGlobal('fetch', fetchMock)

    expect(await getProperty(property.slug)).toEqual(property)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(document.getElementById('vitrine-detail')).toBeNull()

    expect((await getProperty(property.slug)).title).toBe('Atualizado')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('is ignored for another property, and when it cannot be read', () => {
    serve(JSON.stringify(makeProperty({ slug: 'outro-imovel' })))
    expect(takeServedProperty('apartamento-3-quartos-vista-mar')).toBeNull()
    expect(document.getElementById('vitrine-detail')).toBeNull()

    serve('{not json')
    expect(takeServedProperty('apartamento-3-quartos-vista-mar')).toBeNull()
    expect(takeServedProperty('apartamento-3-quartos-vista-mar')).toBeNull()
  })
})
