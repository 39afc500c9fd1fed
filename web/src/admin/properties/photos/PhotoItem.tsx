import { useId, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { ApiError } from '../../../lib/api'
import type { AdminPhoto } from './api'

/** The drag of a photo in the list (never a file from outside the page). */
export const PHOTO_DRAG_TYPE = 'application/x-vitrine-photo'

interface Props {
  photo: AdminPhoto
  index: number
  last: boolean
  /** The file just sent, shown while the server makes its sizes. */
  preview: string | null
  /** Seen turning ready on this page: says "Pronta". */
  turnedReady: boolean
  onMove: (delta: -1 | 1) => void
  onRemove: () => void
  onSaveAlt: (text: string) => Promise<AdminPhoto>
  /** The id of the photo being dragged, if any. */
  dragging: string | null
  onDragStart: () => void
  onDragEnd: () => void
  onDropHere: () => void
}

/** One photo of the list: its thumbnail and state, its description, and its place in the gallery. */
export function PhotoItem({
  photo,
  index,
  last,
  preview,
  turnedReady,
  onMove,
  onRemove,
  onSaveAlt,
  dragging,
  onDragStart,
  onDragEnd,
  onDropHere,
}: Props) {
  const n = index + 1
  const up = useRef<HTMLButtonElement>(null)
  const down = useRef<HTMLButtonElement>(null)
  // A move that reaches an end disables the button pressed: the focus goes to the other one.
  const moved = useRef<-1 | 1 | null>(null)
  useLayoutEffect(() => {
    const delta = moved.current
    if (delta === null) return
    moved.current = null
    const pressed = delta < 0 ? up.current : down.current
    const other = delta < 0 ? down.current : up.current
    if (pressed && !pressed.disabled) pressed.focus()
    else other?.focus()
  }, [index])
  const move = (delta: -1 | 1) => {
    moved.current = delta
    onMove(delta)
  }

  const [over, setOver] = useState(false)
  const isPhotoDrag = (event: DragEvent) => dragging !== null && event.dataTransfer.types.includes(PHOTO_DRAG_TYPE)

  const classes = ['photo-item']
  if (dragging === photo.id) classes.push('is-dragging')
  if (over) classes.push('is-drop-target')
  return (
    <li
      className={classes.join(' ')}
      onDragOver={(event) => {
        if (!isPhotoDrag(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        setOver(true)
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={(event) => {
        if (!isPhotoDrag(event)) return
        event.preventDefault()
        event.stopPropagation()
        setOver(false)
        onDropHere()
      }}
    >
      <Thumb photo={photo} n={n} preview={preview} turnedReady={turnedReady} />
      <div className="photo-item__head">
        <p className="photo-item__title">
          Foto {n}
          {index === 0 && <span className="tag tag--brand">Capa</span>}
          {photo.source === 'url' && <span className="tag">Endereço externo</span>}
        </p>
        <span
          className="photo-item__handle"
          draggable
          title="Arraste para mudar a ordem"
          aria-hidden="true"
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move'
            event.dataTransfer.setData(PHOTO_DRAG_TYPE, photo.id)
            event.dataTransfer.setData('text/plain', `Foto ${n}`) // some browsers start no drag without it
            onDragStart()
          }}
          onDragEnd={onDragEnd}
        >
          ⠿
        </span>
      </div>
      <AltText photo={photo} n={n} onSave={onSaveAlt} />
      <div className="photo-item__actions">
        <button ref={up} type="button" className="button button--ghost button--small" disabled={index === 0} onClick={() => move(-1)}>
          <span aria-hidden="true">↑ </span>Subir{' '}<span className="visually-hidden">a foto {n}</span>
        </button>
        <button ref={down} type="button" className="button button--ghost button--small" disabled={last} onClick={() => move(1)}>
          <span aria-hidden="true">↓ </span>Descer{' '}<span className="visually-hidden">a foto {n}</span>
        </button>
        <button type="button" className="button button--ghost button--small photo-item__remove" onClick={onRemove}>
          Remover{' '}<span className="visually-hidden">a foto {n}</span>
        </button>
      </div>
    </li>
  )
}

function Thumb({ photo, n, preview, turnedReady }: { photo: AdminPhoto; n: number; preview: string | null; turnedReady: boolean }) {
  const src =
    photo.status === 'ready' ? (photo.thumbnail_url ?? photo.url) : photo.status === 'processing' ? preview : null
  let state = ''
  if (photo.status === 'processing') state = 'Processando…'
  else if (photo.status === 'failed') state = photo.error ?? 'Não foi possível processar esta foto. Remova-a e envie de novo.'
  else if (turnedReady) state = 'Pronta'
  return (
    <figure className={`photo-item__thumb photo-item__thumb--${photo.status}`}>
      {src ? (
        <img src={src} alt={`Miniatura da foto ${n}`} loading="lazy" decoding="async" />
      ) : (
        <div className="photo-item__placeholder" aria-hidden="true" />
      )}
      {/* Polite: the change from "Processando…" to "Pronta" is read out. */}
      <figcaption aria-live="polite" className={state ? 'photo-item__state' : undefined}>
        {state}
      </figcaption>
    </figure>
  )
}

type AltState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string }

/** The description of a photo, saved when the field is left or with Enter. */
function AltText({ photo, n, onSave }: { photo: AdminPhoto; n: number; onSave: (text: string) => Promise<AdminPhoto> }) {
  const id = useId()
  const [draft, setDraft] = useState(photo.alt_text)
  const [stored, setStored] = useState(photo.alt_text)
  const [state, setState] = useState<AltState>({ kind: 'idle' })
  const sending = useRef<string | null>(null)
  // A description changed elsewhere (another tab, a read of the list) shows, unless one is being typed.
  if (photo.alt_text !== stored) {
    setStored(photo.alt_text)
    if (draft === stored) setDraft(photo.alt_text)
  }

  const save = async () => {
    const text = draft.trim()
    if (text === photo.alt_text || text === sending.current) {
      if (text === photo.alt_text && state.kind === 'error') setState({ kind: 'idle' })
      return
    }
    sending.current = text
    setState({ kind: 'saving' })
    try {
      const saved = await onSave(text)
      setDraft(saved.alt_text)
      setState({ kind: 'saved' })
    } catch (error) {
      const message =
        error instanceof ApiError && error.isValidation
          ? (error.details?.alt_text?.join(' ') ?? error.serverMessage ?? 'Descrição inválida.')
          : error instanceof ApiError && error.isNotFound
            ? 'Esta foto não existe mais. Recarregue a página.'
            : 'Não foi possível salvar a descrição. Tente novamente.'
      setState({ kind: 'error', message })
    } finally {
      sending.current = null
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault() // not the property form's submit
      void save()
    } else if (event.key === 'Escape' && draft !== photo.alt_text) {
      event.preventDefault()
      setDraft(photo.alt_text)
      setState({ kind: 'idle' })
    }
  }

  const error = state.kind === 'error'
  return (
    <div className={`field photo-item__alt${error ? ' field--invalid' : ''}`}>
      <label htmlFor={`${id}-alt`}>Descrição da foto {n}</label>
      <input
        id={`${id}-alt`}
        type="text"
        autoComplete="off"
        enterKeyHint="done"
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value)
          if (state.kind === 'saved') setState({ kind: 'idle' })
        }}
        onBlur={() => void save()}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="field__hint field__hint--left">
        Para quem não pode ver a foto (ex.: Sala com varanda). Salva ao sair do campo ou com Enter.
      </p>
      {error && (
        <div id={`${id}-error`} role="alert" className="field__error">
          <p>{state.message}</p>
        </div>
      )}
      <p className="photo-item__saved" aria-live="polite">
        {state.kind === 'saving' ? 'Salvando…' : state.kind === 'saved' ? 'Salvo' : ''}
      </p>
    </div>
  )
}
