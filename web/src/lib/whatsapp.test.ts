import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportWhatsAppClick, whatsappLink, whatsappMessage } from './whatsapp'

describe('whatsappLink', () => {
  it('names the property and its page in the message', () => {
    const message = whatsappMessage(
      { code: 'FLN-101', title: 'Apartamento & vista: mar' },
      'https://imoveis.example.com/imoveis/apartamento',
    )
    expect(message).toBe(
      'Olá! Tenho interesse no imóvel Apartamento & vista: mar (cód. FLN-101): https://imoveis.example.com/imoveis/apartamento',
    )
    const link = whatsappLink('+5548999990000', message)
    expect(link).toMatch(/^https:\/\/wa\.me\/5548999990000\?text=/)
    expect(new URL(link!).searchParams.get('text')).toBe(message)
    expect(whatsappMessage({ code: null, title: 'Casa' }, 'https://x.example/imoveis/casa')).toBe(
      'Olá! Tenho interesse no imóvel Casa: https://x.example/imoveis/casa',
    )
  })

  it('is null without a number', () => {
    expect(whatsappLink(null, 'Olá')).toBeNull()
  })

  it('opens a plain chat without a message', () => {
    expect(whatsappLink('(48) 99999-0000')).toBe('https://wa.me/5548999990000')
  })
})

describe('reportWhatsAppClick', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('sends a beacon', () => {
    const beacon = vi.fn(() => true)
    const fetchMock = vi.fn()
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon })
    vi.stubGlobal('fetch', fetchMock)
    reportWhatsAppClick('casa-na-praia')
    expect(beacon).toHaveBeenCalledWith('/api/v1/properties/casa-na-praia/whatsapp')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('falls back to a request kept alive when there is no beacon, or it is refused', () => {
    for (const sendBeacon of [undefined, vi.fn(() => false)]) {
      const fetchMock = vi.fn(() => Promise.reject(new Error('offline')))
      vi.stubGlobal('navigator', { ...navigator, sendBeacon })
      vi.stubGlobal('fetch', fetchMock)
      reportWhatsAppClick('casa-na-praia')
      expect(fetchMock).toHaveBeenCalledWith('/api/v1/properties/casa-na-praia/whatsapp', {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
      })
    }
  })
})
