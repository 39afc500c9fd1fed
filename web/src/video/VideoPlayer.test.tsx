import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VideoPlayer } from './VideoPlayer'

describe('VideoPlayer', () => {
  it('embeds a YouTube watch page as an iframe inside a 16:9 wrapper', () => {
    const { container } = render(<VideoPlayer url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" className="extra" />)
    const frame = screen.getByTitle('Vídeo de apresentação do imóvel')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ')
    expect(frame).toHaveAttribute(
      'allow',
      'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture',
    )
    expect(frame).toHaveAttribute('allowfullscreen')
    expect(frame).toHaveAttribute('loading', 'lazy')
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin')
    const wrapper = container.firstElementChild
    expect(wrapper).toHaveClass('video-frame', 'extra')
    expect(wrapper).toContainElement(frame)
  })

  it('embeds Vimeo through the player address', () => {
    render(<VideoPlayer url="https://vimeo.com/76979871" />)
    expect(screen.getByTitle('Vídeo de apresentação do imóvel')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871',
    )
  })

  it('plays a direct file with a video element and controls', () => {
    const { container } = render(<VideoPlayer url="https://cdn.example.com/tour.mp4?sig=1" />)
    const video = container.querySelector('video')
    expect(video).not.toBeNull()
    expect(video).toHaveAttribute('src', 'https://cdn.example.com/tour.mp4?sig=1')
    expect(video).toHaveAttribute('controls')
    expect(container.querySelector('iframe')).toBeNull()
    expect(container.firstElementChild).toHaveClass('video-frame')
  })

  it.each(['https://example.com/page', 'javascript:alert(1)', '', '<iframe src="x"></iframe>'])(
    'renders nothing for %j',
    (url) => {
      const { container } = render(<VideoPlayer url={url} />)
      expect(container).toBeEmptyDOMElement()
    },
  )
})
