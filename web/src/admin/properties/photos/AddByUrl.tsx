import { useId, useState, type KeyboardEvent } from 'react'
import { ApiError } from '../../../lib/api'
import type { FieldErrors } from '../../../lib/types'
import { useAdminSession } from '../../session/AdminSession'
import { addPhotoByUrl, type AdminPhoto } from './api'

/**
 * A photo kept on another site, by its address and description: what the
 * form offered before uploads. Not a <form>: it sits inside the property's
 * form, so Enter adds the photo here instead of saving the property.
 */
export function AddByUrl({
  propertyId,
  onAdded,
  disabled,
}: {
  propertyId: string
  onAdded: (photo: AdminPhoto) => void
  disabled: boolean
}) {
  const { request } = useAdminSession()
  const id = useId()
  const [url, setUrl] = useState('')
  const [alt, setAlt] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [added, setAdded] = useState(false)

  const add = async () => {
    if (sending) return
    if (url.trim() === '') {
      setErrors({ url: ['Informe o endereço da foto (https://…).'] })
      document.getElementById(`${id}-url`)?.focus()
      return
    }
    setSending(true)
    setErrors({})
    setFailure(null)
    setAdded(false)
    try {
      const photo = await addPhotoByUrl(request, propertyId, { url: url.trim(), alt_text: alt.trim() })
      onAdded(photo)
      setUrl('')
      setAlt('')
      setAdded(true)
    } catch (error) {
      if (error instanceof ApiError && error.isValidation && error.details && Object.keys(error.details).length > 0) {
        setErrors(error.details)
        const other = Object.entries(error.details).filter(([key]) => key !== 'url' && key !== 'alt_text')
        if (other.length > 0) setFailure(other.flatMap(([, m]) => m).join(' '))
      } else if (error instanceof ApiError && error.serverMessage && error.status < 500) {
        setFailure(error.serverMessage)
      } else {
        setFailure('Não foi possível adicionar a foto. Tente novamente.')
      }
    } finally {
      setSending(false)
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault() // not the property form's submit
    void add()
  }

  const field = (name: 'url' | 'alt_text') => {
    const messages = errors[name]
    return {
      id: `${id}-${name === 'url' ? 'url' : 'alt'}`,
      'aria-invalid': messages ? (true as const) : undefined,
      'aria-describedby': messages ? `${id}-${name}-error` : undefined,
      error: messages ? (
        <div id={`${id}-${name}-error`} className="field__error">
          {messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null,
    }
  }
  const urlField = field('url')
  const altField = field('alt_text')

  return (
    <fieldset className="photo-url" disabled={disabled}>
      <legend>Adicionar por endereço</legend>
      <p className="muted photo-url__intro">Uma foto publicada em outro site, pelo endereço dela. Ela continua hospedada lá.</p>
      {failure && (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      )}
      <div className={`field${urlField.error ? ' field--invalid' : ''}`}>
        <label htmlFor={urlField.id}>Endereço da foto</label>
        <input
          id={urlField.id}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={2048}
          placeholder="https://…"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value)
            setAdded(false)
          }}
          onKeyDown={onKeyDown}
          aria-invalid={urlField['aria-invalid']}
          aria-describedby={urlField['aria-describedby']}
        />
        {urlField.error}
      </div>
      <div className={`field${altField.error ? ' field--invalid' : ''}`}>
        <label htmlFor={altField.id}>Descrição (opcional)</label>
        <input
          id={altField.id}
          type="text"
          autoComplete="off"
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={altField['aria-invalid']}
          aria-describedby={altField['aria-describedby']}
        />
        {altField.error}
      </div>
      <div className="photo-url__actions">
        <button type="button" className="button button--secondary" onClick={() => void add()}>
          {sending ? 'Adicionando…' : 'Adicionar endereço'}
        </button>
        <p className="photo-url__done" aria-live="polite">
          {added ? 'Foto adicionada ao fim da lista.' : ''}
        </p>
      </div>
    </fieldset>
  )
}
