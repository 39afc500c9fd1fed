import type { ComponentProps } from 'react'
import { useResource } from '../../lib/useResource'
import { useAdminSession } from '../session/AdminSession'
import { LoadError } from '../ui/LoadError'
import { getPortalFeed, getPortalLeadAddress, rotatePortalFeed, rotatePortalLeadAddress, type PortalFeed } from './api'
import type { AdminRequest } from '../session/types'
import { SecretAddress } from './SecretAddress'

type AddressProps = Omit<ComponentProps<typeof SecretAddress>, 'initial' | 'rotate'>

/**
 * A Portais section around one secret address (SecretAddress): its
 * heading and what it is for, then the address once read.
 */
function AddressSection({
  headingId,
  heading,
  intro,
  resourceKey,
  load,
  rotate,
  loadingText,
  errorText,
  ...address
}: AddressProps & {
  headingId: string
  heading: string
  intro: string
  resourceKey: string
  load: (request: AdminRequest, signal: AbortSignal) => Promise<PortalFeed>
  rotate: (request: AdminRequest) => Promise<PortalFeed>
  loadingText: string
  errorText: string
}) {
  const { request } = useAdminSession()
  const current = useResource(resourceKey, (signal) => load(request, signal))
  return (
    <section className="admin-card portals__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p className="muted">{intro}</p>
      {current.status === 'loading' && <p role="status">{loadingText}</p>}
      {current.status === 'error' && <LoadError onRetry={current.retry}>{errorText}</LoadError>}
      {current.status === 'ready' && <SecretAddress initial={current.data} rotate={() => rotate(request)} {...address} />}
    </section>
  )
}

/**
 * Portais › the address of the feed that ZAP Imóveis, VivaReal and OLX
 * read, to copy into the portal, and a new one when the old one has leaked
 * (the old one stops at once, so it asks first).
 */
export function FeedAddressSection() {
  return (
    <AddressSection
      headingId="portals-feed-heading"
      heading="Endereço do feed"
      intro="O ZAP Imóveis, o VivaReal e a OLX leem os imóveis marcados com “Publicar nos portais” neste endereço. Informe-o no Canal Pro do Grupo ZAP. Quem tem o endereço lê o feed: não o divulgue."
      resourceKey="admin-portal-feed"
      load={getPortalFeed}
      rotate={rotatePortalFeed}
      loadingText="Carregando o endereço do feed…"
      errorText="Não foi possível carregar o endereço do feed."
      id="portal-feed-url"
      label="Endereço do feed (VRSync)"
      rotateLabel="Gerar novo endereço"
      confirmTitle="Gerar novo endereço do feed?"
      confirmText="O endereço atual deixa de funcionar na hora. Os portais só voltam a receber os imóveis depois que o novo endereço for informado no Canal Pro."
      doneText="Novo endereço gerado. Informe-o aos portais: o anterior já não funciona."
    />
  )
}

/** Portais › the address ZAP Imóveis, VivaReal and OLX post their leads to (Grupo OLX's lead integration). */
export function PortalLeadsSection() {
  return (
    <AddressSection
      headingId="portal-leads-heading"
      heading="Contatos dos portais"
      intro="Para receber aqui os contatos feitos no ZAP Imóveis, no VivaReal e na OLX, informe este endereço ao Grupo OLX na integração de leads do Canal Pro. Quem tem o endereço pode enviar contatos: não o divulgue."
      resourceKey="admin-portal-lead-address"
      load={getPortalLeadAddress}
      rotate={rotatePortalLeadAddress}
      loadingText="Carregando o endereço…"
      errorText="Não foi possível carregar o endereço."
      id="portal-leads-url"
      label="Endereço para os contatos (integração de leads)"
      rotateLabel="Gerar novo endereço para os contatos"
      confirmTitle="Gerar novo endereço para os contatos?"
      confirmText="O endereço atual deixa de funcionar na hora. Os contatos dos portais só voltam a chegar depois que o novo endereço for informado ao Grupo OLX."
      doneText="Novo endereço gerado. Informe-o ao Grupo OLX: o anterior já não funciona."
    />
  )
}
