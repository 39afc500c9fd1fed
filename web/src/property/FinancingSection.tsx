import { lazy, Suspense, useState } from 'react'

// The simulator and its maths are a chunk of their own, fetched when the
// visitor opens the section: the page's first paint does not wait on them.
const FinancingSimulator = lazy(() => import('../finance/FinancingSimulator'))

/** "Simular financiamento" on a sale listing: a disclosure that loads the simulator when opened. */
export function FinancingSection({ price, yearlyRatePercent }: { price: number; yearlyRatePercent: number }) {
  const [open, setOpen] = useState(false)
  return (
    <section className="detail__section" aria-labelledby="financing-heading">
      <h2 id="financing-heading">Financiamento</h2>
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls="financing-panel"
        onClick={() => setOpen((o) => !o)}
      >
        Simular financiamento
      </button>
      <div id="financing-panel" hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">Carregando o simulador…</p>}>
            <FinancingSimulator price={price} yearlyRatePercent={yearlyRatePercent} />
          </Suspense>
        )}
      </div>
    </section>
  )
}
