import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import type { FieldErrors } from '../../lib/types'
import { useAdminSession } from '../session/AdminSession'
import { BrokerProfileForm } from '../settings/BrokerProfileForm'
import { Field } from '../settings/Field'
import { ROLE_LABELS } from '../settings/roles'
import { changePassword } from './api'
import { VisitHoursForm } from './VisitHoursForm'
import '../settings/settings.css'

export const PASSWORD_CHANGED = 'Senha alterada. As suas outras sessões foram encerradas e os seus tokens de API, revogados.'
export const PASSWORDS_DIFFER = 'As senhas não conferem.'

/** /admin/conta: who one is in the back office, and one's own password. */
export function AccountPage() {
  const { me } = useAdminSession()
  return (
    <section className="settings" aria-labelledby="account-heading">
      <h1 id="account-heading">Minha conta</h1>
      <p>
        {me.name}
        {me.user && <span className="muted"> · {me.user.email}</span>} · {ROLE_LABELS[me.role]}
      </p>
      {me.session ? (
        <PasswordForm />
      ) : (
        <p className="muted">Um token de API não tem senha: revogue-o e crie outro.</p>
      )}
      {me.user && (
        // One's own photo, CRECI and WhatsApp, which the pages of one's
        // listings show: a corretor has no access to the team page.
        <div className="admin-card">
          <BrokerProfileForm person={me.user} onSaved={() => {}} />
        </div>
      )}
      {me.user && <VisitHoursForm userId={me.user.id} />}
    </section>
  )
}

const EMPTY = { current: '', next: '', again: '' }

function PasswordForm() {
  const id = useId()
  const { request } = useAdminSession()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' })
  const saving = status.kind === 'saving'

  const edit = (key: keyof typeof EMPTY, value: string) => setValues((v) => ({ ...v, [key]: value }))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    if (values.next !== values.again) {
      setErrors({ again: [PASSWORDS_DIFFER] })
      setStatus({ kind: 'error', message: 'Não foi possível trocar a senha: corrija os campos indicados.' })
      return
    }
    setErrors({})
    setStatus({ kind: 'saving' })
    try {
      await changePassword(request, { current_password: values.current, new_password: values.next })
      setValues(EMPTY)
      setStatus({ kind: 'done' })
    } catch (error) {
      if (error instanceof ApiError && error.isValidation && error.details) {
        const d = error.details
        setErrors({ current: d.current_password ?? [], next: d.new_password ?? [] })
        setStatus({ kind: 'error', message: 'Não foi possível trocar a senha: corrija os campos indicados.' })
      } else {
        setStatus({ kind: 'error', message: 'Não foi possível trocar a senha. Tente novamente.' })
      }
    }
  }

  return (
    <form className="admin-card settings__form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Trocar a senha</h2>
      <p role="status" className={status.kind === 'done' ? 'notice notice--success' : 'visually-hidden'}>
        {status.kind === 'done' ? PASSWORD_CHANGED : ''}
      </p>
      {status.kind === 'error' && (
        <p role="alert" className="notice notice--error">
          {status.message}
        </p>
      )}
      <fieldset className="settings__fields" disabled={saving}>
        <Field
          id={`${id}-current`}
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          value={values.current}
          onChange={(e) => edit('current', e.target.value)}
          errors={errors.current?.length ? errors.current : undefined}
        />
        <Field
          id={`${id}-next`}
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          value={values.next}
          onChange={(e) => edit('next', e.target.value)}
          errors={errors.next?.length ? errors.next : undefined}
          hint="Pelo menos 10 caracteres. As suas outras sessões serão encerradas."
        />
        <Field
          id={`${id}-again`}
          label="Repita a nova senha"
          type="password"
          autoComplete="new-password"
          value={values.again}
          onChange={(e) => edit('again', e.target.value)}
          errors={errors.again}
        />
        <div className="settings__actions">
          <button type="submit" className="button button--primary">
            {saving ? 'Trocando…' : 'Trocar a senha'}
          </button>
        </div>
      </fieldset>
    </form>
  )
}
