import { useState } from 'react'
import { ApiError, confirmSavedSearch } from '../lib/api'
import { Link, useRouter } from '../lib/router'
import type { SavedSearch } from '../lib/types'
import { describeQuery, LINK_INVALID, tokenOf } from './token'
import './alerts.css'

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; search: SavedSearch } | { kind: 'error'; message: string }

/**
 * /alertas/confirmar?token=…, the confirmation e-mail's link. Opening it
 * confirms nothing (mail scanners open links): the visitor presses the
 * button, which posts the token.
 */
export default function ConfirmPage() {
  const { path } = useRouter()
  const token = tokenOf(path)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })

  const confirm = async () => {
    setStatus({ kind: 'sending' })
    try {
      setStatus({ kind: 'done', search: await confirmSavedSearch(token) })
    } catch (err) {
      setStatus({ kind: 'error', message: err instanceof ApiError && err.isNotFound ? LINK_INVALID : 'Não foi possível confirmar agora. Tente novamente.' })
    }
  }

  return (
    <main id="conteudo" className="container alerts-page">
      <h1>Confirmar alerta de imóveis</h1>
      {status.kind === 'done' ? (
        <>
          <p role="status" className="notice notice--success">
            {status.search.status === 'cancelado'
              ? 'Este alerta foi cancelado antes. Crie um novo na página de resultados, se quiser.'
              : `Alerta confirmado: “${describeQuery(status.search.query)}”. Você receberá os imóveis novos ${status.search.frequency === 'diario' ? 'uma vez por dia' : 'assim que surgirem'}.`}
          </p>
          <p>
            <Link to={`/alertas/gerenciar?token=${encodeURIComponent(token)}`}>Gerenciar meus alertas</Link>
          </p>
        </>
      ) : (
        <>
          <p>Confirme que quer receber por e-mail os imóveis novos da busca que você salvou.</p>
          {status.kind === 'error' && (
            <p role="alert" className="notice notice--error">
              {status.message}
            </p>
          )}
          <p>
            <button type="button" className="button button--primary" disabled={!token || status.kind === 'sending'} onClick={confirm}>
              {status.kind === 'sending' ? 'Confirmando…' : 'Confirmar'}
            </button>
          </p>
          {!token && <p className="notice notice--error">{LINK_INVALID}</p>}
        </>
      )}
    </main>
  )
}
