import { lazy, Suspense, useState } from 'react'

// The form, its notice and its requests load only when a visitor opens it.
const SaveSearchForm = lazy(() => import('./SaveSearchForm'))

/** "Avise-me de novos imóveis" on a results page: opens the form that saves `query` for e-mail alerts. */
export function SaveSearchButton({ query }: { query: string }) {
  const [open, setOpen] = useState(false)
  if (!open) {
    return (
      <button type="button" className="button button--secondary save-search__open" onClick={() => setOpen(true)}>
        Avise-me de novos imóveis
      </button>
    )
  }
  return (
    <Suspense fallback={<p role="status">Carregando…</p>}>
      <SaveSearchForm query={query} onClose={() => setOpen(false)} />
    </Suspense>
  )
}
