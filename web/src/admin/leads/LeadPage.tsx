import { useState } from 'react'
import { Link } from '../../lib/router'
import { useResource } from '../../lib/useResource'
import { useAdminSession } from '../session/AdminSession'
import { LoadError } from '../ui/LoadError'
import { getLead, type Lead, type LeadDetail } from './api'
import { LeadCard } from './LeadCard'
import './leads.css'

/**
 * One lead on a page of its own, with its timeline open: where the link of
 * a lead's notice e-mail leads. Another's lead, for a corretor, is not
 * found, as an unknown one is.
 */
export function LeadPage({ id }: { id: number }) {
  const { request } = useAdminSession()
  const detail = useResource(`admin-lead-${id}`, (signal) => getLead(request, id, signal))
  return (
    <section className="admin-card leads">
      <p>
        <Link to="/admin/contatos">← Todos os contatos</Link>
      </p>
      <h1>Contato nº {id}</h1>
      {detail.status === 'loading' && <p role="status">Carregando o contato…</p>}
      {detail.status === 'error' && (
        <LoadError onRetry={detail.retry}>Não foi possível carregar este contato. Ele pode ter sido removido.</LoadError>
      )}
      {detail.status === 'ready' && <LoadedLead detail={detail.data} />}
    </section>
  )
}

function LoadedLead({ detail }: { detail: LeadDetail }) {
  const [lead, setLead] = useState<Lead>(detail)
  return <LeadCard lead={lead} onChange={(change) => setLead(change)} timeline={detail.timeline} />
}
