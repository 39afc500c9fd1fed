import { describe, expect, it } from 'vitest'
import { externalPhoto, uploadedPhoto } from '../test/fixtures'
import { galleryItems, photoLabel } from './items'

describe('galleryItems', () => {
  const cover = uploadedPhoto('0c1d2e3f405162738495a6b7c8d9eaf0', 'Fachada do prédio', 0, 1440, 1080)
  const typed = externalPhoto('https://fotos.example.com/piscina.jpg', '  ', 1)
  const last = uploadedPhoto('f0e1d2c3b4a5968778695a4b3c2d1e0f', 'Quarto', 2)

  it('lists the photos in display order, each with the variants of one format and its pixel size', () => {
    const items = galleryItems([last, typed, cover], 'webp')
    expect(items.map((i) => i.alt)).toEqual(['Fachada do prédio', 'Foto 2 do imóvel', 'Quarto'])
    expect(items[0]).toEqual({
      src: cover.url,
      srcset: cover.srcset!.webp,
      width: 1440,
      height: 1080,
      alt: 'Fachada do prédio',
    })
    expect(items[0].srcset).toMatch(/-480\.webp 480w, .*-1440\.webp 1440w$/)
    expect(galleryItems([cover], 'jpeg')[0].srcset).toBe(cover.srcset!.jpeg)
  })

  it('gives an address staff typed no variants and no invented size', () => {
    const [item] = galleryItems([typed], 'webp')
    expect(item).toEqual({ src: 'https://fotos.example.com/piscina.jpg', alt: 'Foto 1 do imóvel' })
  })
})

describe('photoLabel', () => {
  it('counts from one, as a visitor reads', () => {
    expect(photoLabel(2, 12)).toBe('Foto 3 de 12')
    expect(photoLabel(0, 1)).toBe('Foto 1 de 1')
  })
})
