import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { reloadFavorites } from '../favorites/favorites'

declare global {
  interface Window {
    /** happy-dom's handle on the test window (vite.config.ts: environment). */
    happyDOM?: { setURL(url: string): void }
  }
}

// findBy…/waitFor poll until their condition holds; the limit only stops a
// test that would never pass. Testing Library's default (1 s) is a timing
// assertion on a loaded machine. Kept below the test timeout (vite.config.ts)
// so a failing wait reports its own message.
configure({ asyncUtilTimeout: 60_000 })

afterEach(() => {
  cleanup()
  // A click on a link (a download's object URL) moves the document; the
  // next test must start at the app's origin again.
  window.happyDOM?.setURL('http://localhost/')
  sessionStorage.clear()
  localStorage.clear()
  reloadFavorites() // the favourites keep what they read: read the cleared storage
})

// Every test starts on a wide screen where no media query matches (the
// DOM's own matchMedia answers from its default window size); a test that
// needs a phone stubs matchMedia itself.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
})

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoopObserver })
}
if (!('IntersectionObserver' in window)) {
  Object.defineProperty(window, 'IntersectionObserver', { writable: true, value: NoopObserver })
}
// No layout to scroll: the tests check where the page asks to go, not the pixels.
window.scrollTo = () => {}
