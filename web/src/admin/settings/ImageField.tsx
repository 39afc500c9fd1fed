import { useEffect, useId, useState } from 'react'
import { ApiError } from '../../lib/api'
import type { Schemas } from '../../lib/types'
import { ACCEPT } from '../properties/photos/Uploader'
import { uploadFailure } from '../properties/photos/useUploads'

/** An uploaded image as the back office follows it: processing, ready with its address, or failed. */
export type UploadedImage = Schemas['UserPhoto']

/** What the field says of its image, in the words of what it is ("a foto", "o logotipo"). */
export interface ImageWords {
  title: string // "Foto"
  send: string // "Enviar foto"
  replace: string // "Trocar foto"
  remove: string // "Remover foto"
  removeLabel: string // the remove button's accessible name
  processing: string // "Processando a foto…"
  failed: string // when the server gives no reason
  sent: string // sent, still processing
  saved: string
  removed: string
  removeFailed: string
  hint: string
}

type State =
  | { kind: 'idle' | 'sending' | 'removing' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string }

/**
 * An image of the photo pipeline that the back office sends and removes on its own (a broker's
 * photo, the agency's logo). The server makes its sizes after the upload; until then the file
 * just picked stands in for it here. upload answers the image as stored; gone is what a 404 means.
 */
export function ImageField({
  image,
  alt,
  words,
  gone,
  imageClass,
  width,
  height,
  upload,
  remove,
}: {
  image: UploadedImage | null
  alt: string
  words: ImageWords
  gone: string
  imageClass: string
  width: number
  height: number
  upload: (file: File) => Promise<UploadedImage | null>
  remove: () => Promise<void>
}) {
  const id = useId()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview])

  const busy = state.kind === 'sending' || state.kind === 'removing'

  const send = async (file: File) => {
    setState({ kind: 'sending' })
    try {
      const saved = await upload(file)
      const processing = saved?.status === 'processing'
      setPreview(processing && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null)
      setState({ kind: 'done', message: processing ? words.sent : words.saved })
    } catch (error) {
      setState({ kind: 'error', message: uploadFailure(error, gone).error })
    }
  }

  const drop = async () => {
    setState({ kind: 'removing' })
    try {
      await remove()
      setPreview(null)
      setState({ kind: 'done', message: words.removed })
    } catch (error) {
      setState({ kind: 'error', message: error instanceof ApiError && error.isNotFound ? gone : words.removeFailed })
    }
  }

  const shown = image?.status === 'ready' ? image.url : image?.status === 'processing' ? preview : null
  return (
    <div className="broker-photo-field" role="group" aria-labelledby={`${id}-title`}>
      {shown ? (
        <img className={imageClass} src={shown} alt={alt} width={width} height={height} />
      ) : (
        <span className={`${imageClass} ${imageClass}--empty`} aria-hidden="true" />
      )}
      <div className="broker-photo-field__body">
        <p id={`${id}-title`} className="broker-photo-field__title">
          {words.title}
        </p>
        {image?.status === 'processing' && <p className="muted">{words.processing}</p>}
        {image?.status === 'failed' && <p className="notice notice--error">{image.error ?? words.failed}</p>}
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
            {state.kind === 'sending' ? 'Enviando…' : image ? words.replace : words.send}
          </label>
          {image && (
            <button
              type="button"
              className="button button--ghost button--danger-text"
              disabled={busy}
              aria-label={words.removeLabel}
              onClick={() => void drop()}
            >
              {words.remove}
            </button>
          )}
          <span role="status">{state.kind === 'done' ? state.message : ''}</span>
        </div>
        <p id={`${id}-hint`} className="muted">
          {words.hint}
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
