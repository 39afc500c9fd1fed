import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import type { FieldErrors } from '../../lib/types'
import { useResource } from '../../lib/useResource'
import { formatDateTime } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import type { Role } from '../session/types'
import { LoadError } from '../ui/LoadError'
import { cancelInvitation, invite, listInvitations, resendInvitation, type Invitation } from './api'
import { Field } from './Field'
import { ROLE_HINTS, ROLE_LABELS, ROLES } from './roles'

export const INVITE_TAKEN = 'Este e-mail já é de alguém da equipe.'

/** Equipe's invitations: "Convidar", and the pending ones with "Reenviar" and "Cancelar". */
export function InvitationsSection() {
  const { request } = useAdminSession()
  const list = useResource('admin-invitations', (signal) => listInvitations(request, signal))
  return (
    <section className="settings__section" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Convites</h2>
      <p className="muted">
        A pessoa convidada recebe um e-mail com um link, válido por 72 horas e por uma única vez, para criar a própria
        senha.
      </p>
      {list.status === 'loading' && <p role="status">Carregando os convites…</p>}
      {list.status === 'error' && <LoadError onRetry={list.retry}>Não foi possível carregar os convites.</LoadError>}
      {list.status === 'ready' && <Invitations initial={list.data.items} />}
    </section>
  )
}

function Invitations({ initial }: { initial: Invitation[] }) {
  const { request } = useAdminSession()
  const [items, setItems] = useState(initial)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<number | null>(null)

  const act = async (inv: Invitation, action: 'resend' | 'cancel') => {
    setBusy(inv.id)
    setError(null)
    try {
      if (action === 'resend') {
        const again = await resendInvitation(request, inv.id)
        setItems((list) => [again, ...list.filter((i) => i.id !== inv.id)])
        setNotice(`Convite reenviado para ${inv.email}; o link anterior deixou de valer.`)
      } else {
        await cancelInvitation(request, inv.id)
        setItems((list) => list.filter((i) => i.id !== inv.id))
        setNotice(`Convite para ${inv.email} cancelado.`)
      }
    } catch (err) {
      if (err instanceof ApiError && err.isNotFound) {
        setItems((list) => list.filter((i) => i.id !== inv.id))
        setError('Este convite já foi aceito ou cancelado.')
      } else {
        setError('Não foi possível concluir. Tente novamente.')
      }
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      <p role="status" className={notice ? 'notice notice--success' : 'visually-hidden'}>
        {notice}
      </p>
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {items.length === 0 ? (
        <p className="muted">Nenhum convite pendente.</p>
      ) : (
        <table className="invitations">
          <caption className="visually-hidden">Convites pendentes</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Papel</th>
              <th scope="col">Convidado por</th>
              <th scope="col">Expira em</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((inv) => (
              <tr key={inv.id}>
                <td>
                  {inv.email}
                  <span className="muted"> ({inv.name})</span>
                </td>
                <td>{ROLE_LABELS[inv.role]}</td>
                <td>{inv.invited_by || '—'}</td>
                <td>{formatDateTime(inv.expires_at)}</td>
                <td className="invitations__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy === inv.id}
                    aria-label={`Reenviar convite para ${inv.email}`}
                    onClick={() => void act(inv, 'resend')}
                  >
                    Reenviar
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--danger-text"
                    disabled={busy === inv.id}
                    aria-label={`Cancelar convite para ${inv.email}`}
                    onClick={() => void act(inv, 'cancel')}
                  >
                    Cancelar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <InviteForm
        onInvited={(inv) => {
          setItems((list) => [inv, ...list.filter((i) => i.email !== inv.email)])
          setNotice(`Convite enviado para ${inv.email}.`)
        }}
      />
    </>
  )
}

const EMPTY: { name: string; email: string; role: Role } = { name: '', email: '', role: 'corretor' }

function InviteForm({ onInvited }: { onInvited: (inv: Invitation) => void }) {
  const id = useId()
  const { request } = useAdminSession()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    setSaving(true)
    setErrors({})
    setMessage(null)
    try {
      const inv = await invite(request, { name: values.name.trim(), email: values.email.trim(), role: values.role })
      setValues(EMPTY)
      onInvited(inv)
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setErrors({ email: [INVITE_TAKEN] })
        setMessage('Não foi possível convidar: verifique o e-mail.')
      } else if (error instanceof ApiError && error.isValidation && error.details) {
        setErrors(error.details)
        setMessage('Não foi possível convidar: corrija os campos indicados.')
      } else {
        setMessage('Não foi possível convidar agora. Tente novamente.')
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className="settings__form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Convidar para a equipe</h3>
      {message && (
        <p role="alert" className="notice notice--error">
          {message}
        </p>
      )}
      <fieldset disabled={saving}>
        <Field
          id={`${id}-name`}
          label="Nome"
          value={values.name}
          autoComplete="off"
          errors={errors.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        />
        <Field
          id={`${id}-email`}
          label="E-mail"
          type="email"
          value={values.email}
          autoComplete="off"
          spellCheck={false}
          errors={errors.email}
          onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        />
        <div className="field">
          <label htmlFor={`${id}-role`}>Papel</label>
          <select id={`${id}-role`} value={values.role} onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as Role }))}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <p className="field__hint field__hint--left">{ROLE_HINTS[values.role]}</p>
        </div>
        <button type="submit" className="button button--primary">
          {saving ? 'Enviando…' : 'Convidar'}
        </button>
      </fieldset>
    </form>
  )
}
