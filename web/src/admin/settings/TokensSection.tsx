import { useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { useResource } from '../../lib/useResource'
import { formatDateTime } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import { createToken, listTokens, revokeToken, type ApiToken, type NewApiToken } from './api'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { Field } from './Field'
import { LoadError } from '../ui/LoadError'
import { ROLE_LABELS } from './roles'

/** The admin API tokens: for scripts and integrations, each with full access to the admin API. */
export function TokensSection() {
  const { request } = useAdminSession()
  const tokens = useResource('admin-tokens', (signal) => listTokens(request, signal))
  return (
    <section className="settings__section" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Tokens de API</h2>
      <p className="muted">
        Para integrações e scripts. Quem tem um token pode ler e mudar tudo pela API administrativa: guarde-o como uma
        senha e revogue o que não for mais usado.
      </p>
      {tokens.status === 'loading' && <p role="status">Carregando tokens…</p>}
      {tokens.status === 'error' && (
        <LoadError onRetry={tokens.retry}>
          Não foi possível carregar os tokens.
        </LoadError>
      )}
      {tokens.status === 'ready' && <Tokens initial={tokens.data.items} />}
    </section>
  )
}

function Tokens({ initial }: { initial: ApiToken[] }) {
  const { request, me } = useAdminSession()
  const [tokens, setTokens] = useState(initial)
  const [created, setCreated] = useState<NewApiToken | null>(null)
  const [revoking, setRevoking] = useState<ApiToken | null>(null)
  const [revocation, setRevocation] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  const [notice, setNotice] = useState('')

  const revoke = async (token: ApiToken) => {
    setRevocation({ busy: true, error: null })
    try {
      await revokeToken(request, token.name)
    } catch (error) {
      if (!(error instanceof ApiError && error.isNotFound)) {
        setRevocation({ busy: false, error: 'Não foi possível revogar o token. Tente novamente.' })
        return
      }
    }
    setTokens((list) => list.filter((t) => t.name !== token.name))
    if (created?.name === token.name) setCreated(null)
    setRevoking(null)
    setRevocation({ busy: false, error: null })
    setNotice(`O token ${token.name} foi revogado.`)
  }

  return (
    <>
      <p role="status" className={notice ? 'notice notice--success' : 'visually-hidden'}>
        {notice}
      </p>
      {tokens.length === 0 ? (
        <p className="muted">Nenhum token de API.</p>
      ) : (
        <ul className="tokens">
          {tokens.map((t) => (
            <li key={t.name} className="token">
              <div>
                <strong>{t.name}</strong> <span className="tag">{ROLE_LABELS[t.role]}</span>
                <span className="muted token__meta">
                  Criado em {formatDateTime(t.created_at)}
                  {t.created_by ? ` por ${t.created_by.name}` : ''}
                  {' · '}
                  {t.last_used_at ? `Último uso em ${formatDateTime(t.last_used_at)}` : 'Nunca usado'}
                </span>
              </div>
              <button
                type="button"
                className="button button--ghost button--danger-text"
                aria-label={`Revogar o token ${t.name}`}
                onClick={() => {
                  setRevocation({ busy: false, error: null })
                  setRevoking(t)
                }}
              >
                Revogar
              </button>
            </li>
          ))}
        </ul>
      )}
      {created && <NewToken token={created} onClose={() => setCreated(null)} />}
      <CreateToken
        onCreated={(token) => {
          setNotice('')
          setCreated(token)
          setTokens((list) => [
            ...list.filter((t) => t.name !== token.name),
            {
              name: token.name,
              role: token.role,
              created_at: token.created_at,
              last_used_at: null,
              created_by: { kind: me.kind, name: me.name },
            },
          ])
        }}
      />
      {revoking && (
        <ConfirmDialog
          title={`Revogar o token ${revoking.name}?`}
          confirmLabel="Revogar"
          busy={revocation.busy}
          error={revocation.error}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke(revoking)}
        >
          <p>Os scripts e integrações que usam este token deixam de funcionar imediatamente.</p>
        </ConfirmDialog>
      )}
    </>
  )
}

/** The token's secret, shown this once: it lives in this component's state only, never in storage. */
function NewToken({ token, onClose }: { token: NewApiToken; onClose: () => void }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token)
      setCopied('copied')
    } catch {
      input.current?.select()
      setCopied('failed')
    }
  }

  return (
    <section className="new-token" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Token {token.name} criado</h3>
      <p className="notice notice--info" id={`${id}-warning`}>
        Copie o token agora: ele não será mostrado de novo. Se perdê-lo, revogue-o e crie outro.
      </p>
      <div className="field">
        <label htmlFor={`${id}-value`}>Token {token.name}</label>
        <div className="new-token__row">
          <input
            ref={input}
            id={`${id}-value`}
            type="text"
            readOnly
            value={token.token}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-warning`}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            Copiar
          </button>
        </div>
        <p role="status" className="field__hint field__hint--left">
          {copied === 'copied' ? 'Token copiado.' : copied === 'failed' ? 'Não foi possível copiar: o texto está selecionado, copie-o com Ctrl+C.' : ''}
        </p>
      </div>
      <button type="button" className="button button--ghost" onClick={onClose}>
        Fechar
      </button>
    </section>
  )
}

function CreateToken({ onCreated }: { onCreated: (token: NewApiToken) => void }) {
  const id = useId()
  const { request } = useAdminSession()
  const [name, setName] = useState('')
  const [errors, setErrors] = useState<string[] | undefined>()
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' } | { kind: 'error'; message: string }>({ kind: 'idle' })
  const saving = status.kind === 'saving'

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    setStatus({ kind: 'saving' })
    setErrors(undefined)
    try {
      const token = await createToken(request, name.trim())
      setName('')
      setStatus({ kind: 'idle' })
      onCreated(token)
    } catch (error) {
      if (error instanceof ApiError && (error.isValidation || error.status === 409)) {
        setErrors(error.details?.name ?? [error.status === 409 ? 'Já existe um token com este nome.' : (error.serverMessage ?? 'Nome inválido.')])
        setStatus({ kind: 'idle' })
      } else {
        setStatus({ kind: 'error', message: 'Não foi possível criar o token. Tente novamente.' })
      }
    }
  }

  return (
    <form className="settings__inline-form" onSubmit={onSubmit} noValidate aria-label="Criar token">
      {status.kind === 'error' && (
        <p role="alert" className="notice notice--error">
          {status.message}
        </p>
      )}
      <fieldset className="settings__inline-fields" disabled={saving}>
        <Field
          id={`${id}-name`}
          label="Nome do novo token"
          autoComplete="off"
          spellCheck={false}
          value={name}
          onChange={(e) => {
            setName(e.target.value)
            setErrors(undefined)
          }}
          errors={errors}
          hint="Para reconhecê-lo depois, como “site-parceiro” ou “planilha”."
        />
        <button type="submit" className="button button--primary">
          {saving ? 'Criando…' : 'Criar token'}
        </button>
      </fieldset>
    </form>
  )
}
