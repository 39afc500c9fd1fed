import { useState } from 'react'
import { ApiError, deleteSavedSearch, manageSavedSearches, setSavedSearchFrequency } from '../lib/api'
import { Link, useRouter } from '../lib/router'
import type { SavedSearch, SavedSearchFrequency } from '../lib/types'
import { useResource } from '../lib/useResource'
import { describeQuery, LINK_INVALID, tokenOf } from './token'
import './alerts.css'

/**
 * /alertas/gerenciar?token=…, linked from every e-mail: the e-mail's alerts,
 * each with its frequency and a button to delete it.
 */
export default function ManagePage() {
  const { path } = useRouter()
  const token = tokenOf(path)
  const list = useResource(`saved-searches:${token}`, (signal) => manageSavedSearches(token, signal))
  const [removed, setRemoved] = useState<number[]>([])
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)

  if (list.status === 'loading') {
    return (
      <main id="conteudo" className="container alerts-page">
        <p role="status">Carregando seus alertas…</p>
      </main>
    )
  }
  if (list.status === 'error') {
    const gone = list.error instanceof ApiError && (list.error.isNotFound || list.error.isValidation)
    return (
      <main id="conteudo" className="container alerts-page">
        <h1>Meus alertas de imóveis</h1>
        <p role="alert" className="notice notice--error">
          {gone ? LINK_INVALID : 'Não foi possível carregar seus alertas. Tente novamente.'}
        </p>
      </main>
    )
  }
  const searches = list.data.searches.filter((s) => !removed.includes(s.id))

  const remove = async (s: SavedSearch) => {
    try {
      await deleteSavedSearch(token, s.id)
      setRemoved((r) => [...r, s.id])
      setMessage({ ok: true, text: `Alerta “${describeQuery(s.query)}” excluído.` })
    } catch {
      setMessage({ ok: false, text: 'Não foi possível excluir o alerta. Tente novamente.' })
    }
  }

  return (
    <main id="conteudo" className="container alerts-page">
      <h1>Meus alertas de imóveis</h1>
      <p className="muted">Alertas enviados para {list.data.email}.</p>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'notice notice--success' : 'notice notice--error'}>
          {message.text}
        </p>
      )}
      {searches.length === 0 ? (
        <p>Nenhum alerta ativo para este e-mail.</p>
      ) : (
        <ul className="alerts-page__list" aria-label="Alertas">
          {searches.map((s) => (
            <AlertItem key={s.id} token={token} search={s} onRemove={() => remove(s)} onError={(text) => setMessage({ ok: false, text })} />
          ))}
        </ul>
      )}
    </main>
  )
}

function AlertItem({ token, search, onRemove, onError }: { token: string; search: SavedSearch; onRemove: () => void; onError: (text: string) => void }) {
  const [frequency, setFrequency] = useState<SavedSearchFrequency>(search.frequency)
  const name = describeQuery(search.query)
  const change = async (next: SavedSearchFrequency) => {
    const before = frequency
    setFrequency(next)
    try {
      await setSavedSearchFrequency(token, search.id, next)
    } catch {
      setFrequency(before)
      onError('Não foi possível mudar a frequência. Tente novamente.')
    }
  }
  return (
    <li className="alerts-page__item">
      <Link to={`/busca?${search.query}`}>{name}</Link>
      {search.status === 'pendente' && <p className="muted">Aguardando a confirmação pelo e-mail.</p>}
      <div className="alerts-page__row">
        <label>
          Frequência{' '}
          <select className="input" aria-label={`Frequência de “${name}”`} value={frequency} onChange={(e) => change(e.target.value as SavedSearchFrequency)}>
            <option value="imediato">Imediato</option>
            <option value="diario">Diário</option>
          </select>
        </label>
        <button type="button" className="button button--secondary" onClick={onRemove} aria-label={`Excluir “${name}”`}>
          Excluir
        </button>
      </div>
    </li>
  )
}
