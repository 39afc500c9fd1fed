import { Link } from '../../lib/router'
import { useResource } from '../../lib/useResource'
import { formatDateTime } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import { LoadError } from '../ui/LoadError'
import { getPortals, type PortalBlocked, type PortalCrawler, type PortalsState } from './api'
import { FeedAddressSection, PortalLeadsSection } from './FeedAddressSection'
import './portals.css'

/**
 * /admin/portais: the portals' feed in one place: its address to copy,
 * how many of the properties marked to publish it carries, which ones it
 * holds back and why (each linked to its form), and when each portal's
 * crawler last read it, so that the agency knows the feed works.
 */
export function PortalsPage() {
  return (
    <section className="portals" aria-labelledby="portals-heading">
      <h1 id="portals-heading">Portais</h1>
      <FeedAddressSection />
      <PortalLeadsSection />
      <FeedState />
    </section>
  )
}

function FeedState() {
  const { request } = useAdminSession()
  const state = useResource('admin-portals', (signal) => getPortals(request, signal))
  return (
    <section className="admin-card portals__section" aria-labelledby="portals-state-heading">
      <h2 id="portals-state-heading">Imóveis no feed</h2>
      {state.status === 'loading' && <p role="status">Verificando os imóveis marcados para os portais…</p>}
      {state.status === 'error' && <LoadError onRetry={state.retry}>Não foi possível verificar o feed.</LoadError>}
      {state.status === 'ready' && <StateView state={state.data} />}
    </section>
  )
}

function StateView({ state }: { state: PortalsState }) {
  return (
    <>
      <p>{countSentence(state.listed, state.candidates)}</p>
      {state.agency_problems.length > 0 && (
        <div className="notice notice--error" role="alert">
          {state.agency_problems.map((p) => (
            <p key={p.field}>{p.message}</p>
          ))}
          <p>
            <Link to="/admin/agencia">Abrir os dados da agência</Link>
          </p>
        </div>
      )}
      <h3>Fora do feed</h3>
      {state.blocked.length === 0 ? (
        <p className="muted">Nenhum imóvel marcado está fora do feed.</p>
      ) : (
        <ol className="portals__blocked" aria-label="Imóveis fora do feed">
          {state.blocked.map((b) => (
            <BlockedItem key={b.id} item={b} />
          ))}
        </ol>
      )}
      <h3>Leituras dos portais</h3>
      <ul className="portals__reads">
        {state.crawlers.map((c) => (
          <li key={c.name}>{readSentence(c)}</li>
        ))}
      </ul>
    </>
  )
}

function BlockedItem({ item }: { item: PortalBlocked }) {
  return (
    <li>
      <Link to={`/admin/imoveis/${item.id}`}>{item.title}</Link>
      {item.code && <span className="portals__code"> ({item.code})</span>}
      <ul>
        {item.problems.map((p, i) => (
          <li key={i}>{p.message}</li>
        ))}
      </ul>
    </li>
  )
}

/** How many of the properties marked to publish the feed carries, in words ("3 de 5 imóveis … estão no feed."). */
export function countSentence(listed: number, candidates: number): string {
  if (candidates === 0) return 'Nenhum imóvel está marcado com “Publicar nos portais”: marque-o no formulário do imóvel.'
  if (candidates === 1) return listed === 1 ? 'O imóvel marcado para os portais está no feed.' : 'O imóvel marcado para os portais não está no feed.'
  if (listed === 0) return `Nenhum dos ${candidates} imóveis marcados para os portais está no feed.`
  if (listed === candidates) return `Os ${candidates} imóveis marcados para os portais estão no feed.`
  return `${listed} de ${candidates} imóveis marcados para os portais ${listed === 1 ? 'está' : 'estão'} no feed.`
}

/** When a portal's crawler last read the feed, or that it never did. */
function readSentence(c: PortalCrawler): string {
  if (!c.last_read_at) return `${c.label}: ainda não leu o feed. Confira se o endereço foi informado no Canal Pro.`
  return `${c.label}: leu o feed pela última vez em ${formatDateTime(c.last_read_at)}.`
}
