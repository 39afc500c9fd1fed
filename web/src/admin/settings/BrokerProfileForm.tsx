import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import type { FieldErrors } from '../../lib/types'
import { useAdminSession } from '../session/AdminSession'
import { saveBrokerProfile, type StaffMember } from './api'
import { BrokerPhotoField } from './BrokerPhotoField'
import { Field } from './Field'

type State = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string; fields: FieldErrors }

/**
 * "Perfil de corretor": a staff member's photo, individual CRECI, phone
 * and WhatsApp. The public page of each listing they are responsible for
 * shows their photo, name, CRECI and WhatsApp (never the phone).
 */
export function BrokerProfileForm({ person, onSaved }: { person: StaffMember; onSaved: (p: StaffMember) => void }) {
  const id = useId()
  const { request } = useAdminSession()
  const [creci, setCreci] = useState(person.creci ?? '')
  const [phone, setPhone] = useState(person.phone ?? '')
  const [whatsapp, setWhatsapp] = useState(person.whatsapp ?? '')
  const [state, setState] = useState<State>({ kind: 'idle' })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setState({ kind: 'saving' })
    try {
      const saved = await saveBrokerProfile(request, person.id, { creci, phone, whatsapp })
      setCreci(saved.creci ?? '')
      setPhone(saved.phone ?? '')
      setWhatsapp(saved.whatsapp ?? '')
      onSaved(saved)
      setState({ kind: 'saved' })
    } catch (error) {
      const fields = error instanceof ApiError && error.isValidation ? (error.details ?? {}) : {}
      setState({
        kind: 'error',
        fields,
        message: Object.keys(fields).length > 0 ? 'Corrija os campos abaixo.' : 'Não foi possível salvar o perfil. Tente novamente.',
      })
    }
  }
  const errors = state.kind === 'error' ? state.fields : {}
  return (
    <form className="broker-profile" aria-label={`Perfil de corretor de ${person.name}`} onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="broker-profile__title">Perfil de corretor</h3>
      <BrokerPhotoField person={person} onSaved={onSaved} />
      <Field
        id={`${id}-creci`}
        label="CRECI"
        value={creci}
        onChange={(e) => setCreci(e.target.value)}
        hint="O registro individual, com o estado: CRECI/SC 12345-F."
        errors={errors.creci}
      />
      <Field
        id={`${id}-phone`}
        label="Telefone"
        type="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        hint="Para a equipe; não aparece no site."
        errors={errors.phone}
      />
      <Field
        id={`${id}-whatsapp`}
        label="WhatsApp"
        type="tel"
        value={whatsapp}
        onChange={(e) => setWhatsapp(e.target.value)}
        hint="Os visitantes dos imóveis deste corretor conversam com este número."
        errors={errors.whatsapp}
      />
      <div className="broker-profile__actions">
        <button type="submit" className="button button--secondary" disabled={state.kind === 'saving'}>
          {state.kind === 'saving' ? 'Salvando…' : 'Salvar perfil'}
        </button>
        <span role="status">{state.kind === 'saved' ? 'Perfil salvo' : ''}</span>
      </div>
      {state.kind === 'error' && (
        <p role="alert" className="notice notice--error">
          {state.message}
        </p>
      )}
    </form>
  )
}
