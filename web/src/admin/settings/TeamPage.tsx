import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import type { FieldErrors } from '../../lib/types'
import { useResource } from '../../lib/useResource'
import { formatDateTime } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import type { Role, Session } from '../session/types'
import {
  addStaff,
  listStaff,
  listStaffSessions,
  removeStaff,
  revokeSession,
  updateStaff,
  type StaffMember,
  type StaffUpdate,
} from './api'
import { ROLE_HINTS, ROLE_LABELS, ROLES } from './roles'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { BrokerProfileForm } from './BrokerProfileForm'
import { VisitHoursForm } from '../account/VisitHoursForm'
import { Field } from './Field'
import { InvitationsSection } from './InvitationsSection'
import { TokensSection } from './TokensSection'
import { describeUserAgent } from './userAgent'
import { LoadError } from '../ui/LoadError'
import './settings.css'

export const EMAIL_TAKEN = 'Este e-mail já está cadastrado.'

/** /admin/equipe: who can sign in to the back office, their sessions, and the API tokens. */
export function TeamPage() {
  return (
    <section className="settings" aria-labelledby="team-heading">
      <h1 id="team-heading">Equipe e acesso</h1>
      <StaffSection />
      <InvitationsSection />
      <TokensSection />
    </section>
  )
}

function StaffSection() {
  const { request } = useAdminSession()
  const staff = useResource('admin-staff', (signal) => listStaff(request, signal))
  return (
    <section className="settings__section" aria-labelledby="staff-heading">
      <h2 id="staff-heading">Equipe</h2>
      {staff.status === 'loading' && <p role="status">Carregando a equipe…</p>}
      {staff.status === 'error' && (
        <LoadError onRetry={staff.retry}>
          Não foi possível carregar a equipe.
        </LoadError>
      )}
      {staff.status === 'ready' && <StaffList initial={staff.data.items} />}
    </section>
  )
}

function StaffList({ initial }: { initial: StaffMember[] }) {
  const { request, me } = useAdminSession()
  const [people, setPeople] = useState(initial)
  const [notice, setNotice] = useState('')
  const [removing, setRemoving] = useState<StaffMember | null>(null)
  const [removal, setRemoval] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })

  const [changeError, setChangeError] = useState<{ id: number; message: string } | null>(null)

  /** A new role, or the account deactivated or reactivated: the list shows the server's answer. */
  const update = async (person: StaffMember, change: StaffUpdate, done: string) => {
    setChangeError(null)
    try {
      const updated = await updateStaff(request, person.id, change)
      setPeople((list) => list.map((p) => (p.id === updated.id ? { ...p, ...updated } : p)))
      setNotice(done)
    } catch (error) {
      const message =
        error instanceof ApiError && error.serverMessage && error.status === 409
          ? error.serverMessage
          : error instanceof ApiError && error.isNotFound
            ? 'Esta pessoa já não faz parte da equipe.'
            : 'Não foi possível salvar a mudança. Tente novamente.'
      setChangeError({ id: person.id, message })
    }
  }

  const remove = async (person: StaffMember) => {
    setRemoval({ busy: true, error: null })
    try {
      await removeStaff(request, person.id)
      setPeople((list) => list.filter((p) => p.id !== person.id))
      setRemoving(null)
      setRemoval({ busy: false, error: null })
      setNotice(`${person.name} não faz mais parte da equipe.`)
    } catch (error) {
      const message =
        error instanceof ApiError && error.serverMessage && (error.status === 409 || error.isValidation)
          ? error.serverMessage
          : error instanceof ApiError && error.isNotFound
            ? 'Esta pessoa já não faz parte da equipe.'
            : 'Não foi possível remover. Tente novamente.'
      setRemoval({ busy: false, error: message })
    }
  }

  return (
    <>
      <p role="status" className={notice ? 'notice notice--success' : 'visually-hidden'}>
        {notice}
      </p>
      <ul className="people">
        {people.map((person) => (
          <Person
            key={person.id}
            person={person}
            isMe={me.user?.id === person.id}
            error={changeError?.id === person.id ? changeError.message : null}
            onRole={(role) => void update(person, { role }, `${person.name} agora é ${ROLE_LABELS[role].toLowerCase()}.`)}
            onActive={(active) =>
              void update(
                person,
                { active },
                active ? `Acesso de ${person.name} reativado.` : `Acesso de ${person.name} desativado: as sessões e os tokens foram encerrados.`,
              )
            }
            onSaved={(saved) => setPeople((list) => list.map((p) => (p.id === saved.id ? { ...p, ...saved } : p)))}
            onRemove={() => {
              setRemoval({ busy: false, error: null })
              setRemoving(person)
            }}
          />
        ))}
      </ul>
      <AddPerson
        onAdded={(person) => {
          setPeople((list) => [...list.filter((p) => p.id !== person.id), person])
          setNotice(`${person.name} agora faz parte da equipe.`)
        }}
      />
      {removing && (
        <ConfirmDialog
          title={`Remover ${removing.name}?`}
          confirmLabel="Remover"
          busy={removal.busy}
          error={removal.error}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        >
          <p>
            {removing.name} ({removing.email}) perde o acesso à área da equipe: as sessões abertas são encerradas e os
            tokens de API criados por essa pessoa, revogados.
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}

function Person({
  person,
  isMe,
  error,
  onRole,
  onActive,
  onRemove,
  onSaved,
}: {
  person: StaffMember
  isMe: boolean
  error: string | null
  onRole: (role: Role) => void
  onActive: (active: boolean) => void
  onRemove: () => void
  onSaved: (person: StaffMember) => void
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [profileOpen, setProfileOpen] = useState(false)
  const nameId = `${id}-name`
  const active = person.active !== false
  return (
    <li className="person" aria-labelledby={nameId}>
      <div className="person__head">
        <div className="person__who">
          <strong id={nameId}>{person.name}</strong>
          {isMe && <span className="tag tag--brand">você</span>}
          {!active && <span className="tag">desativada</span>}
          <span className="person__email">{person.email}</span>
          {person.creci && <span className="muted person__creci">{person.creci}</span>}
          <span className="muted person__seen">
            {person.last_seen_at ? `Último acesso em ${formatDateTime(person.last_seen_at)}` : 'Ainda não acessou'}
          </span>
        </div>
        <div className="person__actions">
          <label className="person__role">
            <span className="visually-hidden">Papel de {person.name}</span>
            <select value={person.role} onChange={(e) => onRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          {!isMe && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onActive(!active)}
              aria-label={`${active ? 'Desativar' : 'Reativar'} ${person.name}`}
            >
              {active ? 'Desativar' : 'Reativar'}
            </button>
          )}
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={profileOpen}
            aria-controls={`${id}-profile`}
            aria-label={`Perfil de corretor de ${person.name}`}
            onClick={() => setProfileOpen((o) => !o)}
          >
            Perfil de corretor
          </button>
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={open}
            aria-controls={`${id}-sessions`}
            aria-label={`${open ? 'Ocultar' : 'Ver'} sessões de ${person.name}`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Ocultar sessões' : 'Ver sessões'}
          </button>
          {!isMe && (
            <button type="button" className="button button--ghost button--danger-text" onClick={onRemove} aria-label={`Remover ${person.name}`}>
              Remover
            </button>
          )}
        </div>
      </div>
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <div id={`${id}-profile`} hidden={!profileOpen}>
        {profileOpen && <BrokerProfileForm person={person} onSaved={onSaved} />}
        {/* An administrador sets a broker's hours for visits here too. */}
        {profileOpen && <VisitHoursForm userId={person.id} />}
      </div>
      <div id={`${id}-sessions`} hidden={!open}>
        {open && <Sessions person={person} />}
      </div>
    </li>
  )
}

function Sessions({ person }: { person: StaffMember }) {
  const { request } = useAdminSession()
  const sessions = useResource(`admin-sessions:${person.id}`, (signal) => listStaffSessions(request, person.id, signal))
  if (sessions.status === 'loading') return <p role="status">Carregando sessões…</p>
  if (sessions.status === 'error') {
    return (
      <LoadError onRetry={sessions.retry}>
        Não foi possível carregar as sessões.
      </LoadError>
    )
  }
  return <SessionList person={person} initial={sessions.data.items} />
}

function SessionList({ person, initial }: { person: StaffMember; initial: Session[] }) {
  const { request, me, signOut } = useAdminSession()
  const [sessions, setSessions] = useState(initial)
  const [busy, setBusy] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [confirmCurrent, setConfirmCurrent] = useState<Session | null>(null)
  const isCurrent = (s: Session) => s.current || s.id === me.session?.id

  const revoke = async (session: Session) => {
    setBusy(session.id)
    setError(null)
    try {
      await revokeSession(request, session.id)
    } catch (err) {
      if (!(err instanceof ApiError && err.isNotFound)) {
        setBusy(null)
        setError('Não foi possível encerrar a sessão. Tente novamente.')
        return
      }
      // Not found: it had ended already.
    }
    if (isCurrent(session)) {
      await signOut()
      return
    }
    setSessions((list) => list.filter((s) => s.id !== session.id))
    setBusy(null)
  }

  if (sessions.length === 0) return <p className="muted person__none">{person.name} não tem sessões abertas.</p>
  return (
    <>
      <ul className="sessions" aria-label={`Sessões de ${person.name}`}>
        {sessions.map((s) => (
          <li key={s.id} className="session">
            <div>
              <strong>{describeUserAgent(s.user_agent)}</strong>
              {isCurrent(s) && <span className="tag tag--ok">esta sessão</span>}
              <dl className="session__times">
                <div>
                  <dt>Entrou em:</dt>
                  <dd>{formatDateTime(s.created_at)}</dd>
                </div>
                <div>
                  <dt>Último uso:</dt>
                  <dd>{formatDateTime(s.last_used_at)}</dd>
                </div>
                <div>
                  <dt>Expira:</dt>
                  <dd>
                    {formatDateTime(s.idle_expires_at)} se não for usada; no máximo em {formatDateTime(s.expires_at)}
                  </dd>
                </div>
              </dl>
            </div>
            <button
              type="button"
              className="button button--ghost button--danger-text"
              disabled={busy === s.id}
              onClick={() => (isCurrent(s) ? setConfirmCurrent(s) : void revoke(s))}
            >
              {busy === s.id ? 'Encerrando…' : 'Encerrar sessão'}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {confirmCurrent && (
        <ConfirmDialog
          title="Encerrar esta sessão?"
          confirmLabel="Encerrar e sair"
          busy={busy === confirmCurrent.id}
          error={error}
          onCancel={() => setConfirmCurrent(null)}
          onConfirm={() => void revoke(confirmCurrent)}
        >
          <p>Você sairá da área da equipe neste navegador.</p>
        </ConfirmDialog>
      )}
    </>
  )
}

type AddStatus = { kind: 'idle' | 'saving' } | { kind: 'error'; message: string }
const EMPTY: { name: string; email: string; password: string; role: Role } = {
  name: '',
  email: '',
  password: '',
  role: 'corretor',
}

function AddPerson({ onAdded }: { onAdded: (person: StaffMember) => void }) {
  const id = useId()
  const { request } = useAdminSession()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<AddStatus>({ kind: 'idle' })
  const [showPassword, setShowPassword] = useState(false)
  const saving = status.kind === 'saving'

  const edit = (key: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [key]: value }))
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    setStatus({ kind: 'saving' })
    setErrors({})
    try {
      const person = await addStaff(request, {
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        role: values.role,
      })
      setValues(EMPTY)
      setShowPassword(false)
      setStatus({ kind: 'idle' })
      onAdded(person)
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setErrors({ email: [EMAIL_TAKEN] })
        setStatus({ kind: 'error', message: 'Não foi possível adicionar: verifique o e-mail.' })
      } else if (error instanceof ApiError && error.isValidation && error.details) {
        setErrors(error.details)
        setStatus({ kind: 'error', message: 'Não foi possível adicionar: corrija os campos indicados.' })
      } else {
        setStatus({ kind: 'error', message: 'Não foi possível adicionar a pessoa. Tente novamente.' })
      }
    }
  }

  return (
    <form className="admin-card settings__form settings__add" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Nova pessoa na equipe</h3>
      {status.kind === 'error' && (
        <p role="alert" className="notice notice--error">
          {status.message}
        </p>
      )}
      <fieldset className="settings__fields" disabled={saving}>
        <Field
          id={`${id}-name`}
          label="Nome"
          autoComplete="off"
          value={values.name}
          onChange={(e) => edit('name', e.target.value)}
          errors={errors.name}
        />
        <Field
          id={`${id}-email`}
          label="E-mail"
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={values.email}
          onChange={(e) => edit('email', e.target.value)}
          errors={errors.email}
        />
        <Field
          id={`${id}-password`}
          label="Senha inicial"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => edit('password', e.target.value)}
          errors={errors.password}
          hint="Pelo menos 10 caracteres (uma frase longa é mais fácil de lembrar e mais difícil de adivinhar). Passe a senha à pessoa por um canal seguro."
        />
        <label className="settings__check">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> Mostrar a senha
        </label>
        <div className={`field${errors.role?.length ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-role`}>Papel</label>
          <select
            id={`${id}-role`}
            value={values.role}
            aria-describedby={`${id}-role-hint`}
            onChange={(e) => edit('role', e.target.value)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <p id={`${id}-role-hint`} className="field__hint field__hint--left">
            {ROLE_LABELS[values.role]}: {ROLE_HINTS[values.role]}.
          </p>
        </div>
        <div className="settings__actions">
          <button type="submit" className="button button--primary">
            {saving ? 'Adicionando…' : 'Adicionar pessoa'}
          </button>
        </div>
      </fieldset>
    </form>
  )
}
