import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Photo } from '../lib/types'
import { PhotoCarousel } from './PhotoCarousel'

const photos: Photo[] = [
  { url: 'https://img.example.com/sala.jpg', alt_text: 'Sala de estar ampla', display_order: 1 },
  { url: 'https://img.example.com/fachada.jpg', alt_text: 'Fachada do prédio', display_order: 0 },
  { url: 'https://img.example.com/cozinha.jpg', alt_text: 'Cozinha planejada', display_order: 2 },
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
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(counter()).toHaveTextContent('1 / 3')
    expect(counter()).toHaveAttribute('aria-live', 'polite')
    expect(screen.queryByTitle(VIDEO_TITLE)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Ver vídeo' })).toBeNull()
  })

  it('moves with next and previous buttons, wrapping around', async () => {
    const user = userEvent.setup()
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
    const user = userEvent.setup()
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
    const user = userEvent.setup()
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
    render(<PhotoCarousel photos={[{ url: 'https://img.example.com/x.jpg', alt_text: '', display_order: 0 }]} />)
    expect(screen.getByRole('img', { name: 'Foto 1 do imóvel' })).toBeInTheDocument()
  })
})

describe('PhotoCarousel with video', () => {
  it('makes the video slide 0 of N+1 with a "Ver vídeo" thumbnail', () => {
    render(<PhotoCarousel photos={photos} videoUrl={VIDEO} />)
    expect(counter()).toHaveTextContent('1 / 4')
    expect(activeSlide()).toHaveAccessibleName('1 de 4')
    const frame = within(activeSlide()).getByTitle(VIDEO_TITLE)
    expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ')
    const thumbs = within(screen.getByRole('list', { name: 'Miniaturas' })).getAllByRole('button')
    expect(thumbs).toHaveLength(4)
    expect(thumbs[0]).toHaveAccessibleName('Ver vídeo')
    expect(thumbs[0]).toHaveAttribute('aria-current', 'true')
    expect(thumbs[1]).toHaveAccessibleName('Ver foto 1')
  })

  it('stops the video when leaving its slide and plays it again from the thumbnail', async () => {
    const user = userEvent.setup()
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
    const user = userEvent.setup()
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

  it('plays a direct video file in slide 0', () => {
    const { container } = render(<PhotoCarousel photos={photos} videoUrl="https://cdn.example.com/tour.mp4" />)
    expect(counter()).toHaveTextContent('1 / 4')
    expect(container.querySelector('video')).toHaveAttribute('src', 'https://cdn.example.com/tour.mp4')
  })

  it('shows only the video when there are no photos', () => {
    render(<PhotoCarousel photos={[]} videoUrl={VIDEO} />)
    expect(counter()).toHaveTextContent('1 / 1')
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
