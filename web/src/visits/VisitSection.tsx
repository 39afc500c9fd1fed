import { lazy, Suspense, useState } from 'react'
import { getVisitSlots } from '../lib/api'
import { useResource } from '../lib/useResource'

// The booking (the slot picker, the form) is a chunk of its own, fetched
// when the visitor opens it: the page's first paint does not carry it.
const VisitBooking = lazy(() => import('./VisitBooking'))

/**
 * "Agendar visita" on a listing with a broker: shown only when the broker
 * has free slots in the next 14 days (the server answers no day otherwise).
 */
export function VisitSection({ slug }: { slug: string }) {
  const slots = useResource(`visit-slots:${slug}`, (signal) => getVisitSlots(slug, signal))
  const [open, setOpen] = useState(false)
  if (slots.status !== 'ready' || slots.data.days.length === 0) return null
  return (
    <section className="detail__section" aria-labelledby="visit-heading">
      <h2 id="visit-heading">Agendar visita</h2>
      <p className="muted">Escolha um dia e um horário livres do corretor nos próximos 14 dias.</p>
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls="visit-panel"
        onClick={() => setOpen((o) => !o)}
      >
        Agendar visita
      </button>
      <div id="visit-panel" hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">Carregando os horários…</p>}>
            <VisitBooking slug={slug} initial={slots.data} />
          </Suspense>
        )}
      </div>
    </section>
  )
}
