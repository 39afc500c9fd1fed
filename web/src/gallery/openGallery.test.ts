import { describe, expect, it, vi } from 'vitest'
import { uploadedPhoto } from '../test/fixtures'
import { showGallery } from './lightbox'
import { openGallery } from './openGallery'

// PhotoSwipe measures the screen to lay out, which happy-dom cannot: its
// module stands in here, and e2e/gallery.spec.ts runs the real one in Chromium.
vi.mock('./lightbox', () => ({ showGallery: vi.fn() }))

describe('openGallery', () => {
  const options = { photos: [uploadedPhoto('0c1d2e3f405162738495a6b7c8d9eaf0', 'Sala', 0)], index: 0, label: 'Fotos de Casa' }

  it('opens one gallery at a time: a second tap while one is open or loading opens nothing', async () => {
    let close = () => {}
    vi.mocked(showGallery).mockImplementation(() => new Promise<void>((resolve) => (close = resolve)))
    const first = openGallery(options)
    const second = openGallery({ ...options, index: 1 })
    await vi.waitFor(() => expect(showGallery).toHaveBeenCalledTimes(1))
    expect(showGallery).toHaveBeenCalledWith(options)
    expect(second).toBe(first)
    close()
    await first
    // Closed: the next tap opens it again.
    void openGallery({ ...options, index: 1 })
    await vi.waitFor(() => expect(showGallery).toHaveBeenCalledTimes(2))
    expect(showGallery).toHaveBeenLastCalledWith({ ...options, index: 1 })
    close()
  })
})
