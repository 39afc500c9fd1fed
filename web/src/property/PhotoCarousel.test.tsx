import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { openGallery, preloadGallery } from '../gallery/openGallery'
import type { Photo } from '../lib/types'
import { externalPhoto, uploadedPhoto } from '../test/fixtures'
import { PhotoCarousel } from './PhotoCarousel'

// The full-screen gallery (PhotoSwipe) lays photos out by measuring the
// screen, which happy-dom cannot do: here the carousel is checked to ask for
// it with the right photo; e2e/gallery.spec.ts opens the real one in Chromium.
vi.mock('../gallery/openGallery', () => ({
  openGallery: vi.fn(() => Promise.resolve()),
  preloadGallery: vi.fn(() => Promise.resolve()),
}))
beforeEach(() => {
  vi.mocked(openGallery).mockClear()
  vi.mocked(preloadGallery).mockClear()
})

const photos: Photo[] = [
  uploadedPhoto('5a1e0c9b7d3f4e2a8c6b4d2f0e1a3c5b', 'Sala de estar ampla', 1),
  externalPhoto('https://img.example.com/fachada.jpg', 'Fachada do prédio', 0),
  externalPhoto('https://img.example.com/cozinha.jpg', 'Cozinha planejada', 2),
]
const VIDEO = 'https://youtu.be/dQw4w9WgXcQ'
const VIDEO_TITLE = 'Vídeo de apresentação do imóvel'

function carousel() {
  return screen.getByRole('region', { name: 'Fotos do imóvel' })
}
/** The visible slide: hidden ones are aria-hidden, so roles only find the active one. */
function activeSlide() {
  return screen.getByRole('group')
}
function counter() {
  return screen.getByText(/^\d+ \/ \d+$/)
}

describe('PhotoCarousel without video', () => {
  it('is a labelled carousel region showing the first photo by display order', () => {
    render(<PhotoCarousel photos={photos} />)
    expect(carousel()).toHaveAttribute('aria-roledescription', 'carrossel')
    expect(activeSlide()).toHaveAccessibleName('1 de 3')
    expect(activeSlide()).toHaveAttribute('aria-roledescription', 'slide')
    const img = within(activeSlide()).getByRole('img', { name: 'Fachada do prédio' })
    expect(img).toHaveAttribute('src', 'https://img.example.com/fachada.jpg')
    // The cover is in view at first paint: fetched at once, before other images.
    expect(img).toHaveAttribute('loading', 'eager')
    expect(img).toHaveAttribute('fetchpriority', 'high')
    expect(counter()).toHaveTextContent('1 / 3')
    expect(counter()).toHaveAttribute('aria-live', 'polite')
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Ver vídeo' })).toBeNull()
  })

  it('moves with next and previous buttons, wrapping around', async () => {
    const user = userEvent.setup({ delay: null })
    render(<PhotoCarousel photos={photos} />)
    await user.click(screen.getByRole('button', { name: 'Próxima foto' }))
    expect(counter()).toHaveTextContent('2 / 3')
    expect(within(activeSlide()).getByRole('img')).toHaveAccessibleName('Sala de estar ampla')
    await user.click(screen.getByRole('button', { name: 'Foto anterior' }))
    await user.click(screen.getByRole('button', { name: 'Foto anterior' }))
    expect(counter()).toHaveTextContent('3 / 3')
    expect(within(activeSlide()).getByRole('img')).toHaveAccessibleName('Cozinha planejada')
  })

  it('has a thumbnail strip marking the current photo', async () => {
    const user = userEvent.setup({ delay: null })
    render(<PhotoCarousel photos={photos} />)
    const thumbs = screen.getByRole('list', { name: 'Miniaturas' })
    expect(within(thumbs).getAllByRole('button')).toHaveLength(3)
    expect(screen.getByRole('button', { name: 'Ver foto 1' })).toHaveAttribute('aria-current', 'true')
    await user.click(screen.getByRole('button', { name: 'Ver foto 3' }))
    expect(counter()).toHaveTextContent('3 / 3')
    expect(screen.getByRole('button', { name: 'Ver foto 3' })).toHaveAttribute('aria-current', 'true')
    expect(screen.getByRole('button', { name: 'Ver foto 1' })).not.toHaveAttribute('aria-current')
  })

  it('follows arrow keys, Home and End when focused', async () => {
    const user = userEvent.setup({ delay: null })
    render(<PhotoCarousel photos={photos} />)
    carousel().focus()
    await user.keyboard('{ArrowRight}')
    expect(counter()).toHaveTextContent('2 / 3')
    await user.keyboard('{End}')
    expect(counter()).toHaveTextContent('3 / 3')
    await user.keyboard('{ArrowRight}')
    expect(counter()).toHaveTextContent('1 / 3')
    await user.keyboard('{ArrowLeft}')
    expect(counter()).toHaveTextContent('3 / 3')
    await user.keyboard('{Home}')
    expect(counter()).toHaveTextContent('1 / 3')
  })

  it('shows a single photo without navigation', () => {
    render(<PhotoCarousel photos={[photos[0]]} />)
    expect(screen.queryByRole('button', { name: 'Próxima foto' })).toBeNull()
    expect(screen.queryByRole('list', { name: 'Miniaturas' })).toBeNull()
    expect(counter()).toHaveTextContent('1 / 1')
  })

  it('shows a placeholder, never a broken image, when there are no photos', () => {
    render(<PhotoCarousel photos={[]} />)
    expect(screen.getByText('Sem fotos disponíveis')).toBeInTheDocument()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('replaces an image that fails to load with a placeholder', () => {
    render(<PhotoCarousel photos={photos} />)
    fireEvent.error(within(activeSlide()).getByRole('img'))
    expect(within(activeSlide()).getByText('Imagem indisponível')).toBeInTheDocument()
    expect(within(activeSlide()).queryByRole('img')).toBeNull()
  })

  it('falls back to a descriptive alt text when a photo has none', () => {
    render(<PhotoCarousel photos={[externalPhoto('https://img.example.com/x.jpg', '', 0)]} />)
    expect(screen.getByRole('img', { name: 'Foto 1 do imóvel' })).toBeInTheDocument()
  })
})

const SIZES = '(min-width: 1180px) 748px, 100vw'
/** Every slide's image, the hidden ones too, in slide order. */
function slideImages() {
  return screen.getAllByRole('group', { hidden: true }).map((slide) => within(slide).queryByRole('img', { hidden: true }))
}
function thumbImage(name: string) {
  return screen.getByRole('button', { name }).querySelector('img')
}

describe('PhotoCarousel images', () => {
  const cover = uploadedPhoto('0c1d2e3f405162738495a6b7c8d9eaf0', 'Fachada do prédio', 0, 1440, 1080)
  const external = externalPhoto('https://fotos.example.com/piscina.jpg', 'Piscina', 1)
  const third = uploadedPhoto('f0e1d2c3b4a5968778695a4b3c2d1e0f', 'Quarto', 2)

  it('serves an uploaded photo as WebP or JPEG variants sized to the carousel, with its pixel size', () => {
    render(<PhotoCarousel photos={[cover, external]} sizes={SIZES} />)
    const img = within(activeSlide()).getByRole('img', { name: 'Fachada do prédio' })
    expect(img).toHaveAttribute('src', 'https://vitrine.example/media/0c1d2e3f405162738495a6b7c8d9eaf0-1440.jpg')
    expect(img).toHaveAttribute('srcset', cover.srcset!.jpeg)
    expect(img.getAttribute('srcset')).toMatch(/-480\.jpg 480w, .*-960\.jpg 960w, .*-1440\.jpg 1440w$/)
    expect(img).toHaveAttribute('sizes', SIZES)
    expect(img).toHaveAttribute('width', '1440')
    expect(img).toHaveAttribute('height', '1080')
    const picture = img.parentElement!
    expect(picture.tagName).toBe('PICTURE')
    const sources = picture.querySelectorAll('source')
    expect(sources).toHaveLength(1)
    // A <source> before the <img>: browsers that decode WebP take it.
    expect(picture.firstElementChild).toBe(sources[0])
    expect(sources[0]).toHaveAttribute('type', 'image/webp')
    expect(sources[0]).toHaveAttribute('srcset', cover.srcset!.webp)
    expect(sources[0].getAttribute('srcset')).toMatch(/-480\.webp 480w, .*-1440\.webp 1440w$/)
    expect(sources[0]).toHaveAttribute('sizes', SIZES)
  })

  it('shows an external photo as its address alone, with no variants and no invented size', () => {
    render(<PhotoCarousel photos={[{ ...external, display_order: 0 }, { ...cover, display_order: 1 }]} sizes={SIZES} />)
    const img = within(activeSlide()).getByRole('img', { name: 'Piscina' })
    expect(img).toHaveAttribute('src', 'https://fotos.example.com/piscina.jpg')
    for (const attr of ['srcset', 'sizes', 'width', 'height']) expect(img).not.toHaveAttribute(attr)
    expect(img.closest('picture')).toBeNull()
  })

  it('fetches the cover first and every other slide and thumbnail lazily', () => {
    render(<PhotoCarousel photos={[third, external, cover]} sizes={SIZES} />)
    const [first, ...rest] = slideImages()
    expect(first).toHaveAccessibleName('Fachada do prédio')
    expect(first).toHaveAttribute('loading', 'eager')
    expect(first).toHaveAttribute('fetchpriority', 'high')
    expect(rest.map((img) => img?.getAttribute('alt'))).toEqual(['Piscina', 'Quarto'])
    for (const img of rest) {
      expect(img).toHaveAttribute('loading', 'lazy')
      expect(img).not.toHaveAttribute('fetchpriority')
    }
    for (const n of [1, 2, 3]) {
      expect(thumbImage(`Ver foto ${n}`)).toHaveAttribute('loading', 'lazy')
      expect(thumbImage(`Ver foto ${n}`)).not.toHaveAttribute('fetchpriority')
    }
  })

  it('asks for the smallest variant in the thumbnails, which are decorative', () => {
    render(<PhotoCarousel photos={[cover, external, third]} sizes={SIZES} />)
    const thumb = thumbImage('Ver foto 1')!
    expect(thumb).toHaveAttribute('alt', '')
    expect(thumb).toHaveAttribute('srcset', cover.srcset!.jpeg)
    expect(thumb).toHaveAttribute('sizes', '(max-width: 640px) 68px, 84px')
    expect(thumb.parentElement!.querySelector('source[type="image/webp"]')).toHaveAttribute(
      'sizes',
      '(max-width: 640px) 68px, 84px',
    )
    expect(thumbImage('Ver foto 3')).toHaveAttribute('sizes', '(max-width: 640px) 68px, 84px')
    const externalThumb = thumbImage('Ver foto 2')!
    expect(externalThumb).toHaveAttribute('src', 'https://fotos.example.com/piscina.jpg')
    expect(externalThumb).not.toHaveAttribute('srcset')
    expect(externalThumb).not.toHaveAttribute('sizes')
  })

  it('replaces an uploaded photo that fails to load with a placeholder, and its thumbnail too', () => {
    render(<PhotoCarousel photos={[cover, external]} sizes={SIZES} />)
    fireEvent.error(within(activeSlide()).getByRole('img'))
    expect(within(activeSlide()).getByText('Imagem indisponível')).toBeInTheDocument()
    expect(within(activeSlide()).queryByRole('img')).toBeNull()
    expect(activeSlide().querySelector('picture, source')).toBeNull()
    fireEvent.error(thumbImage('Ver foto 1')!)
    expect(thumbImage('Ver foto 1')).toBeNull()
    expect(thumbImage('Ver foto 2')).toHaveAttribute('src', 'https://fotos.example.com/piscina.jpg')
  })
})

describe('PhotoCarousel with video', () => {
  it('makes the video slide 0 of N+1 with a "Ver vídeo" thumbnail, its player loaded on a tap', async () => {
    const user = userEvent.setup({ delay: null })
    render(<PhotoCarousel photos={photos} videoUrl={VIDEO} />)
    expect(counter()).toHaveTextContent('1 / 4')
    expect(activeSlide()).toHaveAccessibleName('1 de 4')
    // Nothing of the video's platform loads before the visitor asks.
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
    await user.click(within(activeSlide()).getByRole('button', { name: 'Assistir ao vídeo' }))
    const frame = within(activeSlide()).getByTitle(VIDEO_TITLE)
    expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ')
    const thumbs = within(screen.getByRole('list', { name: 'Miniaturas' })).getAllByRole('button')
    expect(thumbs).toHaveLength(4)
    expect(thumbs[0]).toHaveAccessibleName('Ver vídeo')
    expect(thumbs[0]).toHaveAttribute('aria-current', 'true')
    expect(thumbs[1]).toHaveAccessibleName('Ver foto 1')
  })

  it("paints the cover first as the video's poster, loads the photos lazily, and shows the cover next", async () => {
    const user = userEvent.setup({ delay: null })
    const cover = uploadedPhoto('0c1d2e3f405162738495a6b7c8d9eaf0', 'Fachada do prédio', 0)
    render(<PhotoCarousel photos={[photos[0], cover, photos[2]]} videoUrl={VIDEO} sizes={SIZES} />)
    const [, ...rest] = slideImages()
    // The poster's image is decorative (alt ""): no img role.
    const poster = screen.getAllByRole('group', { hidden: true })[0].querySelector('img')
    expect(poster).toHaveAttribute('loading', 'eager')
    expect(poster).toHaveAttribute('fetchpriority', 'high')
    expect(poster).toHaveAttribute('alt', '')
    expect(poster?.getAttribute('src')).toBe(rest[0]?.getAttribute('src'))
    expect(rest.map((img) => img?.getAttribute('alt'))).toEqual(['Fachada do prédio', 'Sala de estar ampla', 'Cozinha planejada'])
    for (const img of rest) {
      expect(img).toHaveAttribute('loading', 'lazy')
      expect(img).not.toHaveAttribute('fetchpriority')
    }
    expect(rest[0]).toHaveAttribute('sizes', SIZES)
    await user.click(screen.getByRole('button', { name: 'Próxima foto' }))
    expect(counter()).toHaveTextContent('2 / 4')
    expect(within(activeSlide()).getByRole('img')).toBe(rest[0])
    expect(screen.getByRole('button', { name: 'Ver foto 1' })).toHaveAttribute('aria-current', 'true')
  })

  it('stops the video when leaving its slide and plays it again from the thumbnail', async () => {
    const user = userEvent.setup({ delay: null })
    render(<PhotoCarousel photos={photos} videoUrl={VIDEO} />)
    await user.click(screen.getByRole('button', { name: 'Próxima foto' }))
    expect(counter()).toHaveTextContent('2 / 4')
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
    expect(within(activeSlide()).getByRole('img')).toHaveAccessibleName('Fachada do prédio')
    await user.click(screen.getByRole('button', { name: 'Ver vídeo' }))
    expect(counter()).toHaveTextContent('1 / 4')
    expect(screen.getByTitle(VIDEO_TITLE)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Foto anterior' }))
    expect(counter()).toHaveTextContent('4 / 4')
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
  })

  it('moves past the video with the keyboard', async () => {
    const user = userEvent.setup({ delay: null })
    render(<PhotoCarousel photos={photos} videoUrl={VIDEO} />)
    carousel().focus()
    await user.keyboard('{ArrowRight}')
    expect(counter()).toHaveTextContent('2 / 4')
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
    await user.keyboard('{ArrowLeft}')
    expect(counter()).toHaveTextContent('1 / 4')
  })

  it('moves past the video with a swipe', () => {
    render(<PhotoCarousel photos={photos} videoUrl={VIDEO} />)
    const viewport = screen.getByTestId('carousel-viewport')
    fireEvent.pointerDown(viewport, { pointerId: 1, pointerType: 'touch', clientX: 300, clientY: 100 })
    fireEvent.pointerUp(viewport, { pointerId: 1, pointerType: 'touch', clientX: 180, clientY: 110 })
    expect(counter()).toHaveTextContent('2 / 4')
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
    // A swipe to the right goes back; a short or vertical movement does nothing.
    fireEvent.pointerDown(viewport, { pointerId: 2, pointerType: 'touch', clientX: 100, clientY: 100 })
    fireEvent.pointerUp(viewport, { pointerId: 2, pointerType: 'touch', clientX: 220, clientY: 100 })
    expect(counter()).toHaveTextContent('1 / 4')
    fireEvent.pointerDown(viewport, { pointerId: 3, pointerType: 'touch', clientX: 100, clientY: 100 })
    fireEvent.pointerUp(viewport, { pointerId: 3, pointerType: 'touch', clientX: 120, clientY: 100 })
    fireEvent.pointerDown(viewport, { pointerId: 4, pointerType: 'touch', clientX: 100, clientY: 100 })
    fireEvent.pointerUp(viewport, { pointerId: 4, pointerType: 'touch', clientX: 50, clientY: 300 })
    expect(counter()).toHaveTextContent('1 / 4')
  })

  it('plays a direct video file in slide 0', async () => {
    const { container } = render(<PhotoCarousel photos={photos} videoUrl="https://cdn.example.com/tour.mp4" />)
    expect(counter()).toHaveTextContent('1 / 4')
    expect(container.querySelector('video')).toBeNull()
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Assistir ao vídeo' }))
    expect(container.querySelector('video')).toHaveAttribute('src', 'https://cdn.example.com/tour.mp4')
  })

  it('shows only the video when there are no photos', async () => {
    render(<PhotoCarousel photos={[]} videoUrl={VIDEO} />)
    expect(counter()).toHaveTextContent('1 / 1')
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Assistir ao vídeo' }))
    expect(screen.getByTitle(VIDEO_TITLE)).toBeInTheDocument()
    expect(screen.queryByText('Sem fotos disponíveis')).toBeNull()
  })

  it('ignores an address that is not a recognised video', () => {
    render(<PhotoCarousel photos={photos} videoUrl="https://example.com/meu-video" />)
    expect(counter()).toHaveTextContent('1 / 3')
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Ver vídeo' })).toBeNull()
  })

  it('behaves as a plain photo carousel when videoUrl is null', () => {
    render(<PhotoCarousel photos={photos} videoUrl={null} />)
    expect(counter()).toHaveTextContent('1 / 3')
    expect(screen.queryByRole('button', { name: 'Ver vídeo' })).toBeNull()
  })
})

describe('PhotoCarousel full screen', () => {
  it('opens the gallery at the photo tapped, with the photos and the carousel name', async () => {
    const user = userEvent.setup({ delay: null })
    render(<PhotoCarousel photos={photos} label="Fotos de Casa na Lagoa" />)
    await user.click(screen.getByRole('button', { name: 'Próxima foto' }))
    await user.click(within(activeSlide()).getByRole('img', { name: 'Sala de estar ampla' }))
    expect(openGallery).toHaveBeenCalledTimes(1)
    expect(openGallery).toHaveBeenCalledWith({ photos, index: 1, label: 'Fotos de Casa na Lagoa' })
    // The press that began the tap already asked for the gallery's code.
    expect(preloadGallery).toHaveBeenCalled()
  })

  it('has a "Ver em tela cheia" button for the keyboard, at least 44 px, on photo slides only', async () => {
    const user = userEvent.setup({ delay: null })
    render(<PhotoCarousel photos={photos} videoUrl={VIDEO} />)
    // The video's slide keeps its poster and play button.
    expect(screen.queryByRole('button', { name: 'Ver em tela cheia' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Ver foto 3' }))
    const expand = screen.getByRole('button', { name: 'Ver em tela cheia' })
    expect(expand).toHaveClass('carousel__expand')
    expand.focus()
    await user.keyboard('{Enter}')
    expect(openGallery).toHaveBeenCalledWith(expect.objectContaining({ index: 2 }))
  })

  it('does not open on a swipe, nor from the video poster', () => {
    render(<PhotoCarousel photos={photos} videoUrl={VIDEO} />)
    const viewport = screen.getByTestId('carousel-viewport')
    fireEvent.click(screen.getAllByRole('group', { hidden: true })[0])
    expect(openGallery).not.toHaveBeenCalled()
    const photo = screen.getAllByRole('group', { hidden: true })[1]
    fireEvent.pointerDown(photo, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 300, clientY: 100 })
    fireEvent.pointerUp(viewport, { pointerId: 1, pointerType: 'mouse', clientX: 180, clientY: 100 })
    fireEvent.click(photo, { clientX: 180, clientY: 100 })
    expect(counter()).toHaveTextContent('2 / 4')
    expect(openGallery).not.toHaveBeenCalled()
    // A press that stays put is a tap.
    fireEvent.pointerDown(photo, { pointerId: 2, pointerType: 'mouse', button: 0, clientX: 200, clientY: 100 })
    fireEvent.pointerUp(photo, { pointerId: 2, pointerType: 'mouse', clientX: 203, clientY: 101 })
    fireEvent.click(photo, { clientX: 203, clientY: 101 })
    expect(openGallery).toHaveBeenCalledWith(expect.objectContaining({ index: 0 }))
  })
})
