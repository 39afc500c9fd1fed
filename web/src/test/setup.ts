import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// findBy…/waitFor poll until their condition holds; the limit only stops a
// test that would never pass. Testing Library's default (1 s) is a timing
// assertion on a loaded machine. Kept below the test timeout (vite.config.ts)
// so a failing wait reports its own message.
configure({ asyncUtilTimeout: 60_000 })

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  localStorage.clear()
})

// jsdom lacks these browser APIs; components and libraries may touch them.
if (!window.matchMedia) {
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
}

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
// jsdom's scrollTo only reports "Not implemented" (its source does not say so, so it cannot be detected).
window.scrollTo = () => {}
