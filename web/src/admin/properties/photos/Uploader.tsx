import { useId, useState, type DragEvent } from 'react'
import type { UploadItem } from './useUploads'

/**
 * What the picker offers. The server takes JPEG, PNG and WebP; HEIC (an
 * iPhone's default) stays selectable so that its answer, which says how
 * to send such a photo, reaches the user instead of a silent refusal.
 */
export const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif'

interface Props {
  items: UploadItem[]
  onFiles: (files: File[]) => void
  onRetry: (key: string) => void
  onDismiss: (key: string) => void
  disabled: boolean
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')

/** Files from the computer or the phone: dropped here or picked, each with its progress or its error. */
export function Uploader({ items, onFiles, onRetry, onDismiss, disabled }: Props) {
  const id = useId()
  const [over, setOver] = useState(false)
  return (
    <div className="photo-upload">
      <div
        className={`photo-drop${over ? ' is-over' : ''}`}
        onDragEnter={(event) => {
          if (!hasFiles(event) || disabled) return
          event.preventDefault()
          setOver(true)
        }}
        onDragOver={(event) => {
          if (!hasFiles(event) || disabled) return
          event.preventDefault()
          event.dataTransfer.dropEffect = 'copy'
          setOver(true)
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
        }}
        onDrop={(event) => {
          if (!hasFiles(event)) return
          event.preventDefault()
          event.stopPropagation() // sent here, not again by the section around
          setOver(false)
          if (!disabled) onFiles([...event.dataTransfer.files])
        }}
      >
        <p className="photo-drop__hint" aria-hidden="true">
          Arraste as fotos para cá ou
        </p>
        <input
          id={`${id}-files`}
          className="visually-hidden photo-drop__input"
          type="file"
          multiple
          accept={ACCEPT}
          disabled={disabled}
          aria-describedby={`${id}-formats`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = '' // the same file can be picked again
            onFiles(files)
          }}
        />
        <label htmlFor={`${id}-files`} className="button button--primary photo-drop__button">
          Adicionar fotos
        </label>
        <p id={`${id}-formats`} className="muted photo-drop__formats">
          JPEG, PNG ou WebP, até 20 MB cada. Pode escolher várias de uma vez.
        </p>
      </div>
      {items.length > 0 && (
        <ul className="photo-uploads" aria-label="Envios de fotos">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} onRetry={() => onRetry(item.key)} onDismiss={() => onDismiss(item.key)} />
          ))}
        </ul>
      )}
    </div>
  )
}

function UploadRow({ item, onRetry, onDismiss }: { item: UploadItem; onRetry: () => void; onDismiss: () => void }) {
  const name = item.file.name
  if (item.state === 'failed') {
    return (
      <li className="photo-uploads__item photo-uploads__item--failed">
        <p className="photo-uploads__name">{name}</p>
        <p role="alert" className="notice notice--error photo-uploads__error">
          {item.error}
        </p>
        <div className="photo-uploads__actions">
          {item.retryable && (
            <button type="button" className="button button--secondary button--small" onClick={onRetry}>
              Tentar de novo{' '}<span className="visually-hidden">{name}</span>
            </button>
          )}
          <button type="button" className="button button--ghost button--small" onClick={onDismiss}>
            Dispensar{' '}<span className="visually-hidden">o aviso de {name}</span>
          </button>
        </div>
      </li>
    )
  }
  const percent = item.total > 0 ? Math.min(100, Math.round((item.loaded / item.total) * 100)) : 0
  return (
    <li className="photo-uploads__item">
      <p className="photo-uploads__name">
        {name}
        <span className="photo-uploads__percent" aria-hidden="true">
          {item.state === 'queued' ? 'Na fila' : `${percent}%`}
        </span>
      </p>
      <progress aria-label={`Envio de ${name}`} value={item.loaded} max={item.total || 1} />
    </li>
  )
}
