import type { Page } from '@playwright/test'

/**
 * A JPEG of `width`×`height` filled with `fill` and a white block (so that
 * photos differ and a crop shows), drawn by the browser's own canvas: the
 * server makes the variants of a real photo from it.
 */
export async function drawJpeg(page: Page, fill: string, width = 1600, height = 1200): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ fill, width, height }) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const g = canvas.getContext('2d')!
      g.fillStyle = fill
      g.fillRect(0, 0, width, height)
      g.fillStyle = '#ffffff'
      g.fillRect(width / 16, height / 12, width / 4, height / 4)
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9))
      return [...new Uint8Array(await blob.arrayBuffer())]
    },
    { fill, width, height },
  )
  return Buffer.from(bytes)
}
