import { useRef, useState } from 'react'
import { useResource } from '../../lib/useResource'
import { byWhom } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { LoadError } from '../ui/LoadError'
import { getPortalFeed, rotatePortalFeed, type PortalFeed } from './api'

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
      {feed.status === 'ready' && <FeedAddress initial={feed.data} />}
    </section>
  )
}

function FeedAddress({ initial }: { initial: PortalFeed }) {
  const { request } = useAdminSession()
  const input = useRef<HTMLInputElement>(null)
  const [current, setCurrent] = useState(initial)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(current.url)
      setNotice({ text: 'Endereço copiado.', ok: true })
    } catch {
      // Without the clipboard (an insecure origin, a refused permission),
      // the address is selected so that the keyboard copies it.
      input.current?.select()
      setNotice({ text: 'Não foi possível copiar: o endereço está selecionado, copie-o com Ctrl+C.', ok: false })
    }
  }

  const rotate = async () => {
    setBusy(true)
    setError(null)
    try {
      setCurrent(await rotatePortalFeed(request))
      setAsking(false)
      setNotice({ text: 'Novo endereço gerado. Informe-o aos portais: o anterior já não funciona.', ok: true })
    } catch {
      setError('Não foi possível gerar um novo endereço. Tente novamente.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <label className="portals__feed-label" htmlFor="portal-feed-url">
        Endereço do feed (VRSync)
      </label>
      <input
        ref={input}
        id="portal-feed-url"
        className="portals__feed-url"
        type="text"
        readOnly
        value={current.url}
        onFocus={(e) => e.target.select()}
      />
      <p className="muted portals__meta">Endereço gerado {byWhom(current.rotated_by, current.rotated_at)}.</p>
      <p role="status" className={notice ? `notice ${notice.ok ? 'notice--success' : 'notice--info'}` : 'visually-hidden'}>
        {notice?.text ?? ''}
      </p>
      <div className="portals__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copiar endereço
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setNotice(null)
            setAsking(true)
          }}
        >
          Gerar novo endereço
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title="Gerar novo endereço do feed?"
          confirmLabel="Gerar novo endereço"
          busyLabel="Gerando…"
          busy={busy}
          error={error}
          onConfirm={rotate}
          onCancel={() => {
            setAsking(false)
            setError(null)
          }}
        >
          <p>
            O endereço atual deixa de funcionar na hora. Os portais só voltam a receber os imóveis depois que o novo
            endereço for informado no Canal Pro.
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}
