import { render } from '@testing-library/react'
import { App } from '../App'
import { RouterProvider } from '../lib/router'

/** Renders the whole client at `path`, as a visitor opening that address. */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path)
  return render(
    <RouterProvider>
      <App />
    </RouterProvider>,
  )
}
