import { useEffect, useId, useState } from 'react'
import { ApiError } from '../../lib/api'
import { ACCEPT } from '../properties/photos/Uploader'
import { uploadFailure } from '../properties/photos/useUploads'
import { useAdminSession } from '../session/AdminSession'
import { removeStaffPhoto, uploadStaffPhoto, type StaffMember } from './api'

const GONE = 'Esta pessoa já não faz parte da equipe.'

/** The size the photo is shown at here, in CSS pixels: round, as the public pages show it. */
const SIZE = 64

type State =
  | { kind: 'idle' | 'sending' | 'removing' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string }

/**
 * "Foto": the photo the public pages of the person's listings show beside their name. The server
 * makes its sizes after the upload; until then the file just picked stands in for it here.
 */
export function BrokerPhotoField({ person, onSaved }: { person: StaffMember; onSaved: (p: StaffMember) => void }) {
  const id = useId()
  const { request, upload } = useAdminSession()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview])

  const photo = person.photo
  const busy = state.kind === 'sending' || state.kind === 'removing'

  const send = async (file: File) => {
    setState({ kind: 'sending' })
    try {
      const saved = await uploadStaffPhoto(upload, person.id, file)
      const processing = saved.photo?.status === 'processing'
      setPreview(processing && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null)
      onSaved(saved)
      setState({ kind: 'done', message: processing ? 'Foto enviada. Ela aparece no site assim que for processada.' : 'Foto salva' })
    } catch (error) {
      setState({ kind: 'error', message: uploadFailure(error, GONE).error })
    }
  }

  const remove = async () => {
    setState({ kind: 'removing' })
    try {
      await removeStaffPhoto(request, person.id)
      setPreview(null)
      onSaved({ ...person, photo: null })
      setState({ kind: 'done', message: 'Foto removida' })
    } catch (error) {
      setState({
        kind: 'error',
        message: error instanceof ApiError && error.isNotFound ? GONE : 'Não foi possível remover a foto. Tente novamente.',
      })
    }
  }

  const shown = photo?.status === 'ready' ? photo.url : photo?.status === 'processing' ? preview : null
  return (
    <div className="broker-photo-field" role="group" aria-labelledby={`${id}-title`}>
      {shown ? (
        <img className="broker-photo" src={shown} alt={`Foto de ${person.name}`} width={SIZE} height={SIZE} />
      ) : (
        <span className="broker-photo broker-photo--empty" aria-hidden="true" />
      )}
      <div className="broker-photo-field__body">
        <p id={`${id}-title`} className="broker-photo-field__title">
          Foto
        </p>
        {photo?.status === 'processing' && <p className="muted">Processando a foto…</p>}
        {photo?.status === 'failed' && (
          <p className="notice notice--error">{photo.error ?? 'Não foi possível processar a foto. Envie outra.'}</p>
        )}
        <div className="broker-photo-field__actions">
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept={ACCEPT}
            disabled={busy}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = '' // the same file can be picked again
              if (file) void send(file)
            }}
          />
          <label htmlFor={`${id}-file`} className="button button--secondary">
            {state.kind === 'sending' ? 'Enviando…' : photo ? 'Trocar foto' : 'Enviar foto'}
          </label>
          {photo && (
            <button
              type="button"
              className="button button--ghost button--danger-text"
              disabled={busy}
              aria-label={`Remover a foto de ${person.name}`}
              onClick={() => void remove()}
            >
              Remover foto
            </button>
          )}
          <span role="status">{state.kind === 'done' ? state.message : ''}</span>
        </div>
        <p id={`${id}-hint`} className="muted">
          JPEG, PNG ou WebP, até 20 MB. Aparece redonda, ao lado do nome, nas páginas dos imóveis deste corretor.
        </p>
        {state.kind === 'error' && (
          <p role="alert" className="notice notice--error">
            {state.message}
          </p>
        )}
      </div>
    </div>
  )
}
