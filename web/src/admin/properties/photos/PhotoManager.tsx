import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react'
import { useLeaveGuard } from '../../../lib/router'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { LoadError } from '../../ui/LoadError'
import { AddByUrl } from './AddByUrl'
import type { AdminPhoto } from './api'
import { PhotoItem } from './PhotoItem'
import { Uploader } from './Uploader'
import { usePhotos } from './usePhotos'
import { useUploads } from './useUploads'
import './photos.css'

export const DRAFT_FIRST =
  'Ao escolher as fotos, o imóvel é salvo como rascunho (inativo) para recebê-las, e você continua neste formulário.'
export const DRAFT_REFUSED = 'O imóvel não pôde ser salvo: corrija os campos indicados e escolha as fotos de novo.'
export const UPLOADING_LEAVE_MESSAGE = 'Há fotos sendo enviadas. Sair agora interrompe o envio. Sair mesmo assim?'
/** A property holds at most this many photos (the server refuses more). */
const MAX_PHOTOS = 100

interface Props {
  /** The stored property, or null while the form is a new one. */
  propertyId: string | null
  /**
   * Saves a new property as a draft so that it can take photos: its id,
   * or null when the form could not be saved (the form shows why).
   */
  saveDraft: () => Promise<string | null>
}

/**
 * The photo section of the property form. Photos belong to a stored
 * property: every change here (upload, address, description, order,
 * removal) is sent at once, not with the form's "Salvar alterações".
 * On a new property, the files chosen first have the form save it as a
 * draft; they are then sent to it.
 */
export function PhotoManager({ propertyId, saveDraft }: Props) {
  // Files chosen before the property existed, sent once it does.
  const [waiting, setWaiting] = useState<File[]>([])
  if (propertyId !== null) {
    return <Photos key={propertyId} propertyId={propertyId} first={waiting} />
  }
  return <FirstPhotos saveDraft={saveDraft} onSaved={setWaiting} />
}

/**
 * The section's handlers for files dropped anywhere in it, beside the drop
 * zone too: they are sent, rather than opened by the browser in place of the page.
 */
function dropTarget(onFiles: (files: File[]) => void) {
  return {
    onDragOver: (event: DragEvent) => {
      if (event.dataTransfer.types.includes('Files')) event.preventDefault()
    },
    onDrop: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return
      event.preventDefault()
      onFiles([...event.dataTransfer.files])
    },
  }
}

/** The section of a new property: choosing files saves it as a draft, then hands them over. */
function FirstPhotos({ saveDraft, onSaved }: { saveDraft: () => Promise<string | null>; onSaved: (files: File[]) => void }) {
  const [state, setState] = useState<'idle' | 'saving' | 'refused'>('idle')
  const start = async (files: File[]) => {
    if (files.length === 0 || state === 'saving') return
    setState('saving')
    // Set before the form re-renders with the draft's id, so that <Photos> mounts with them.
    onSaved(files)
    const id = await saveDraft()
    if (id === null) {
      onSaved([])
      setState('refused')
    }
  }
  return (
    <div className="photos" {...dropTarget((files) => void start(files))}>
      <p className="muted photos__intro">{DRAFT_FIRST}</p>
      <Uploader items={[]} onFiles={(files) => void start(files)} onRetry={() => {}} onDismiss={() => {}} disabled={state === 'saving'} />
      <p role="status" className={state === 'refused' ? 'notice notice--error' : state === 'saving' ? 'muted' : 'visually-hidden'}>
        {state === 'saving' ? 'Salvando o rascunho do imóvel…' : state === 'refused' ? DRAFT_REFUSED : ''}
      </p>
    </div>
  )
}

/** Local previews (object URLs) of files just sent, by photo id, until the page is left. */
function usePreviews() {
  const [previews, setPreviews] = useState<ReadonlyMap<string, string>>(() => new Map())
  const made = useRef(new Map<string, string>())
  useEffect(() => {
    const urls = made.current
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url)
      urls.clear()
    }
  }, [])
  const keep = useCallback((photoId: string, file: File) => {
    // Very old browsers (and some test DOMs) have no object URLs: the placeholder shows instead.
    if (typeof URL.createObjectURL !== 'function' || !file.type.startsWith('image/')) return
    const url = URL.createObjectURL(file)
    made.current.set(photoId, url)
    setPreviews(new Map(made.current))
  }, [])
  const drop = useCallback((photoId: string) => {
    const url = made.current.get(photoId)
    if (!url) return
    URL.revokeObjectURL(url)
    made.current.delete(photoId)
    setPreviews(new Map(made.current))
  }, [])
  return { previews, keep, drop }
}

function Photos({ propertyId, first }: { propertyId: string; first: File[] }) {
  const list = usePhotos(propertyId)
  const { previews, keep, drop } = usePreviews()
  const { added } = list
  const onUploaded = useCallback(
    (photo: AdminPhoto, file: File) => {
      if (photo.status === 'processing') keep(photo.id, file)
      added(photo)
    },
    [added, keep],
  )
  const uploads = useUploads(propertyId, onUploaded)
  useLeaveGuard(uploads.busy, UPLOADING_LEAVE_MESSAGE)
  // The files that made a new property save itself as a draft: sent once, as soon as it exists.
  const sentFirst = useRef(false)
  const { add } = uploads
  useEffect(() => {
    if (sentFirst.current || first.length === 0) return
    // After the commit: React's development rehearsal of a mount (StrictMode)
    // unmounts and mounts again at once, and its unmount stops every send.
    let live = true
    queueMicrotask(() => {
      if (!live || sentFirst.current) return
      sentFirst.current = true
      add(first)
    })
    return () => {
      live = false
    }
  }, [first, add])

  const [announcement, setAnnouncement] = useState('')
  const [confirming, setConfirming] = useState<AdminPhoto | null>(null)
  const [removing, setRemoving] = useState(false)
  const [removeError, setRemoveError] = useState<string | null>(null)
  const listRef = useRef<HTMLDivElement>(null)
  // Where the focus goes once a removed photo has left the list.
  const focusList = useRef(false)
  // A dragged photo (the reorder by drag and drop of a pointer).
  const [dragged, setDragged] = useState<string | null>(null)

  const photos = list.photos
  useEffect(() => {
    if (!focusList.current) return
    focusList.current = false
    listRef.current?.focus()
  }, [photos])

  const moveTo = (photoId: string, to: number) => {
    if (!photos) return
    const from = photos.findIndex((p) => p.id === photoId)
    if (from < 0 || to < 0 || to >= photos.length || from === to) return
    const ids = photos.map((p) => p.id)
    ids.splice(from, 1)
    ids.splice(to, 0, photoId)
    list.reorder(ids)
    setAnnouncement(`Foto ${from + 1} movida para a posição ${to + 1}${to === 0 ? ' (capa)' : ''}.`)
  }

  const confirmRemove = async () => {
    if (!confirming) return
    setRemoving(true)
    setRemoveError(null)
    try {
      await list.remove(confirming.id)
      drop(confirming.id)
      focusList.current = true
      setConfirming(null)
      setAnnouncement('Foto removida.')
    } catch {
      setRemoveError('Não foi possível remover a foto. Tente novamente.')
    } finally {
      setRemoving(false)
    }
  }

  const count = photos?.length ?? 0
  const full = count >= MAX_PHOTOS
  const canAdd = !full && photos !== null
  return (
    <div
      className="photos"
      {...dropTarget((files) => {
        if (canAdd) uploads.add(files)
      })}
    >
      <p className="muted photos__intro">
        A primeira foto é a capa do anúncio. Cada mudança aqui vale na hora, sem precisar de “Salvar alterações”.
      </p>
      {full ? (
        <p className="notice notice--info">Este imóvel já tem {MAX_PHOTOS} fotos, o máximo. Remova uma para adicionar outra.</p>
      ) : (
        <Uploader
          items={uploads.items}
          onFiles={uploads.add}
          onRetry={uploads.retry}
          onDismiss={uploads.dismiss}
          disabled={photos === null}
        />
      )}
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      {list.orderError && (
        <p role="alert" className="notice notice--error">
          {list.orderError}
        </p>
      )}
      <div ref={listRef} tabIndex={-1} className="photos__list-wrap">
        <h3 className="photos__heading">
          {photos === null ? 'Fotos' : count === 1 ? '1 foto' : `${count} fotos`}
        </h3>
        {list.loadFailed ? (
          <LoadError onRetry={list.retryLoad}>Não foi possível carregar as fotos.</LoadError>
        ) : photos === null ? (
          <p className="muted">Carregando fotos…</p>
        ) : photos.length === 0 ? (
          <p className="muted">Nenhuma foto ainda.</p>
        ) : (
          <ol className="photo-list" aria-label="Fotos do anúncio, na ordem da galeria">
            {photos.map((photo, i) => (
              <PhotoItem
                key={photo.id}
                photo={photo}
                index={i}
                last={i === photos.length - 1}
                preview={previews.get(photo.id) ?? null}
                turnedReady={list.turnedReady.has(photo.id)}
                onMove={(delta) => moveTo(photo.id, i + delta)}
                onRemove={() => {
                  setRemoveError(null)
                  setConfirming(photo)
                }}
                onSaveAlt={(text) => list.saveAlt(photo.id, text)}
                dragging={dragged}
                onDragStart={() => setDragged(photo.id)}
                onDragEnd={() => setDragged(null)}
                onDropHere={() => {
                  if (dragged) moveTo(dragged, i)
                  setDragged(null)
                }}
              />
            ))}
          </ol>
        )}
      </div>
      {!full && <AddByUrl propertyId={propertyId} onAdded={list.added} disabled={photos === null} />}
      {confirming && (
        <ConfirmDialog
          title="Remover esta foto?"
          confirmLabel="Remover foto"
          busyLabel="Removendo…"
          busy={removing}
          error={removeError}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirmRemove()}
        >
          <p>
            A foto {(photos?.findIndex((p) => p.id === confirming.id) ?? 0) + 1}
            {confirming.alt_text ? ` (“${confirming.alt_text}”)` : ''} sai do anúncio agora. Isso não pode ser desfeito.
          </p>
        </ConfirmDialog>
      )}
    </div>
  )
}
