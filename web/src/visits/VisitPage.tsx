import { useState } from 'react'
import { ApiError, cancelVisit, lookupVisit, rescheduleVisit } from '../lib/api'
import { usePageTitle } from '../lib/agency'
import { Link } from '../lib/router'
import type { VisitLink } from '../lib/types'
import { useResource } from '../lib/useResource'
import { formatWhen } from './format'
import { SlotPicker } from './SlotPicker'
import { SLOT_TAKEN } from './VisitBooking'
import './visits.css'

const GONE = 'Este link não abre nenhuma visita que possa ser alterada: ela já passou, foi cancelada ou o link está incorreto.'

/** The token of the visitor's link: the address's fragment (/visitas#vst_…), which no server ever sees. */
function tokenOf(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, ''))
}

/** /visitas#token: the visitor's visit, to cancel or move to another free slot. */
export default function VisitPage() {
  usePageTitle('Sua visita')
  const [token] = useState(tokenOf)
  const found = useResource(`visit:${token}`, (signal) => lookupVisit(token, signal))
  return (
    <main id="conteudo" className="container visit-page">
      <h1>Sua visita</h1>
      {found.status === 'loading' && <p role="status">Carregando…</p>}
      {found.status === 'error' && (
        <p role="alert" className="notice notice--error">
          {found.error instanceof ApiError && found.error.isNotFound ? GONE : 'Não foi possível abrir a visita. Tente novamente.'}
        </p>
      )}
      {found.status === 'ready' && <VisitDetails token={token} initial={found.data} />}
    </main>
  )
}

function VisitDetails({ token, initial }: { token: string; initial: VisitLink }) {
  const [visit, setVisit] = useState(initial)
  const [chosen, setChosen] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null)
  const cancelled = visit.status === 'cancelled'

  const run = async (action: () => Promise<VisitLink>) => {
    if (busy) return
    setBusy(true)
    setStatus(null)
    try {
      const next = await action()
      setVisit(next)
      setChosen(null)
      setStatus({ ok: true, message: next.message ?? '' })
    } catch (error) {
      const taken = error instanceof ApiError && error.status === 409
      setStatus({ ok: false, message: taken ? SLOT_TAKEN : error instanceof ApiError && error.isNotFound ? GONE : 'Não foi possível concluir. Tente novamente.' })
      if (taken) lookupVisit(token).then(setVisit, () => {})
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <p>
        {visit.property_slug ? <Link to={`/imoveis/${encodeURIComponent(visit.property_slug)}`}>{visit.property_title}</Link> : visit.property_title}
      </p>
      <p className="visit-page__when">
        {cancelled ? 'Visita cancelada: ' : 'Visita marcada para '}
        <strong>{formatWhen(visit.starts_at)}</strong> (horário de Brasília).
      </p>
      {status && (
        <p role={status.ok ? 'status' : 'alert'} className={`notice ${status.ok ? 'notice--success' : 'notice--error'}`}>
          {status.message}
        </p>
      )}
      {!cancelled && (
        <>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => run(() => cancelVisit(token))}>
            Cancelar a visita
          </button>
          {visit.slots.days.length > 0 && (
            <section aria-labelledby="visit-move-heading">
              <h2 id="visit-move-heading">Mudar o horário</h2>
              <SlotPicker slots={visit.slots} chosen={chosen} onChoose={setChosen} except={visit.starts_at} />
              {chosen && (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() => run(() => rescheduleVisit(token, chosen))}
                >
                  Remarcar para {formatWhen(chosen)}
                </button>
              )}
            </section>
          )}
        </>
      )}
    </>
  )
}
