import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { useResource } from '../../lib/useResource'
import { byWhom } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import { LoadError } from '../ui/LoadError'
import { getPolicy, savePolicy, type PolicyRecord } from './api'

/** The agency's privacy policy, shown at /privacidade: plain text the staff edit. */
export function PolicySection() {
  const { request } = useAdminSession()
  const policy = useResource('admin-privacy-policy', (signal) => getPolicy(request, signal))
  return (
    <section className="settings__section" aria-labelledby="policy-heading">
      <h2 id="policy-heading">Política de privacidade</h2>
      <p>
        O texto da página <a href="/privacidade">/privacidade</a>, indicada no aviso ao lado do formulário de contato.
      </p>
      {policy.status === 'loading' && <p role="status">Carregando a política de privacidade…</p>}
      {policy.status === 'error' && (
        <LoadError onRetry={policy.retry}>Não foi possível carregar a política de privacidade.</LoadError>
      )}
      {policy.status === 'ready' && <PolicyForm initial={policy.data} />}
    </section>
  )
}

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }

function PolicyForm({ initial }: { initial: PolicyRecord }) {
  const id = useId()
  const { request } = useAdminSession()
  const [record, setRecord] = useState(initial)
  const [text, setText] = useState(initial.text)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const saving = status.kind === 'saving'
  const count = [...text].length

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    setStatus({ kind: 'saving' })
    try {
      const saved = await savePolicy(request, text)
      setRecord(saved)
      setText(saved.text)
      setStatus({ kind: 'saved' })
    } catch (error) {
      const message =
        error instanceof ApiError && error.isValidation
          ? (error.details?.text?.join(' ') ?? 'Texto inválido.')
          : 'Não foi possível salvar a política. Tente novamente.'
      setStatus({ kind: 'error', message })
    }
  }

  return (
    <form className="admin-card settings__form" onSubmit={onSubmit} noValidate aria-labelledby="policy-heading">
      {record.is_default && (
        <p className="muted">Ainda não há um texto próprio: o site mostra o texto padrão abaixo, que você pode editar.</p>
      )}
      <fieldset className="settings__fields" disabled={saving}>
        <div className={`field${status.kind === 'error' ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-text`}>Texto da política de privacidade</label>
          <textarea
            id={`${id}-text`}
            rows={14}
            value={text}
            maxLength={record.max_length}
            onChange={(e) => {
              setText(e.target.value)
              if (status.kind !== 'saving') setStatus({ kind: 'idle' })
            }}
            aria-invalid={status.kind === 'error' ? true : undefined}
            aria-describedby={`${id}-hint${status.kind === 'error' ? ` ${id}-error` : ''}`}
          />
          {status.kind === 'error' && (
            <p id={`${id}-error`} role="alert" className="field__error">
              {status.message}
            </p>
          )}
          <p id={`${id}-hint`} className="field__hint field__hint--left">
            Texto simples: separe os parágrafos com uma linha em branco. {count} de {record.max_length} caracteres.
          </p>
        </div>
        <div className="settings__actions">
          <button type="submit" className="button button--primary">
            {saving ? 'Salvando…' : 'Salvar política'}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setText(record.default_text)}>
            Usar o texto padrão
          </button>
          <p role="status" className={status.kind === 'saved' ? 'notice notice--success' : 'visually-hidden'}>
            {status.kind === 'saved' ? 'Política salva' : ''}
          </p>
        </div>
        {record.updated_at && (
          <p className="muted settings__meta">Última alteração da política {byWhom(record.updated_by, record.updated_at)}.</p>
        )}
      </fieldset>
    </form>
  )
}
