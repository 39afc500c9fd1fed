import { useResource } from '../../lib/useResource'
import { useAdminSession } from '../session/AdminSession'
import { LoadError } from '../ui/LoadError'
import { getPortalFeed, getPortalLeadAddress, rotatePortalFeed, rotatePortalLeadAddress } from './api'
import { SecretAddress } from './SecretAddress'

/**
 * Portais › the address of the feed that ZAP Imóveis, VivaReal and OLX
 * read, to copy into the portal, and a new one when the old one has leaked
 * (the old one stops at once, so it asks first).
 */
export function FeedAddressSection() {
  const { request } = useAdminSession()
  const feed = useResource('admin-portal-feed', (signal) => getPortalFeed(request, signal))
  return (
    <section className="admin-card portals__section" aria-labelledby="portals-feed-heading">
      <h2 id="portals-feed-heading">Endereço do feed</h2>
      <p className="muted">
        O ZAP Imóveis, o VivaReal e a OLX leem os imóveis marcados com “Publicar nos portais” neste endereço. Informe-o
        no Canal Pro do Grupo ZAP. Quem tem o endereço lê o feed: não o divulgue.
      </p>
      {feed.status === 'loading' && <p role="status">Carregando o endereço do feed…</p>}
      {feed.status === 'error' && <LoadError onRetry={feed.retry}>Não foi possível carregar o endereço do feed.</LoadError>}
      {feed.status === 'ready' && (
        <SecretAddress
          initial={feed.data}
          id="portal-feed-url"
          label="Endereço do feed (VRSync)"
          rotate={() => rotatePortalFeed(request)}
          rotateLabel="Gerar novo endereço"
          confirmTitle="Gerar novo endereço do feed?"
          confirmText="O endereço atual deixa de funcionar na hora. Os portais só voltam a receber os imóveis depois que o novo endereço for informado no Canal Pro."
          doneText="Novo endereço gerado. Informe-o aos portais: o anterior já não funciona."
        />
      )}
    </section>
  )
}

/** Portais › the address ZAP Imóveis, VivaReal and OLX post their leads to (Grupo OLX's lead integration). */
export function PortalLeadsSection() {
  const { request } = useAdminSession()
  const address = useResource('admin-portal-lead-address', (signal) => getPortalLeadAddress(request, signal))
  return (
    <section className="admin-card portals__section" aria-labelledby="portal-leads-heading">
      <h2 id="portal-leads-heading">Contatos dos portais</h2>
      <p className="muted">
        Para receber aqui os contatos feitos no ZAP Imóveis, no VivaReal e na OLX, informe este endereço ao Grupo OLX na
        integração de leads do Canal Pro. Quem tem o endereço pode enviar contatos: não o divulgue.
      </p>
      {address.status === 'loading' && <p role="status">Carregando o endereço…</p>}
      {address.status === 'error' && <LoadError onRetry={address.retry}>Não foi possível carregar o endereço.</LoadError>}
      {address.status === 'ready' && (
        <SecretAddress
          initial={address.data}
          id="portal-leads-url"
          label="Endereço para os contatos (integração de leads)"
          rotate={() => rotatePortalLeadAddress(request)}
          rotateLabel="Gerar novo endereço para os contatos"
          confirmTitle="Gerar novo endereço para os contatos?"
          confirmText="O endereço atual deixa de funcionar na hora. Os contatos dos portais só voltam a chegar depois que o novo endereço for informado ao Grupo OLX."
          doneText="Novo endereço gerado. Informe-o ao Grupo OLX: o anterior já não funciona."
        />
      )}
    </section>
  )
}
