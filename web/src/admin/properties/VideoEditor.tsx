import { useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { Link } from '../../lib/router'
import type { AdminPropertyDetail, VideoPosition } from '../../lib/types'
import { useResource } from '../../lib/useResource'
import { getEmbedUrl } from '../../video/embed'
import { VideoPlayer } from '../../video/VideoPlayer'
import { useAdminSession } from '../session/AdminSession'
import { getProperty, updateProperty } from './api'

interface EditorProps {
  id: string
}

export function VideoEditor({ id }: EditorProps) {
  const { request } = useAdminSession()
  const resource = useResource(`admin-property:${id}`, (signal) => getProperty(request, id, signal))
  const back = (
    <p>
      <Link to="/admin">← Voltar para a lista de imóveis</Link>
    </p>
  )
  if (resource.status === 'loading') {
    return (
      <>
        {back}
        <p role="status">Carregando imóvel…</p>
      </>
    )
  }
  if (resource.status === 'error') {
    const notFound = resource.error instanceof ApiError && resource.error.isNotFound
    return (
      <>
        {back}
        <div role="alert" className="notice notice--error">
          {notFound ? 'Imóvel não encontrado.' : 'Não foi possível carregar o imóvel.'}
        </div>
      </>
    )
  }
  return (
    <>
      {back}
      <VideoForm property={resource.data} />
    </>
  )
}

type FieldErrors = { video_url?: string[]; video_position?: string[] }
type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string }

const POSITIONS: Array<{ value: VideoPosition; label: string; hint: string }> = [
  { value: 'carousel', label: 'Carrossel', hint: 'O vídeo é o primeiro item da galeria de fotos.' },
  { value: 'section', label: 'Seção própria', hint: 'O vídeo aparece abaixo da galeria, em uma seção “Vídeo”.' },
]

function VideoForm({ property }: { property: AdminPropertyDetail }) {
  const { request } = useAdminSession()
  const [url, setUrl] = useState(property.video_url ?? '')
  const [position, setPosition] = useState<VideoPosition>(property.video_position ?? 'section')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const saving = status.kind === 'saving'

  const embed = getEmbedUrl(url)
  const unrecognised = url.trim() !== '' && embed.type === 'unknown'

  const edited = () => {
    if (status.kind !== 'idle' && status.kind !== 'saving') setStatus({ kind: 'idle' })
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    setStatus({ kind: 'saving' })
    setErrors({})
    try {
      const saved = await updateProperty(request, property.id, {
        video_url: url.trim() === '' ? null : url.trim(),
        video_position: position,
      })
      setUrl(saved?.video_url ?? '')
      if (saved?.video_position) setPosition(saved.video_position)
      setStatus({ kind: 'saved' })
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) {
        const details = error.details ?? {}
        setErrors({ video_url: details.video_url, video_position: details.video_position })
        const others = Object.entries(details)
          .filter(([field]) => field !== 'video_url' && field !== 'video_position')
          .flatMap(([, messages]) => messages)
        setStatus({
          kind: 'error',
          message: [`${error.serverMessage ?? 'Dados inválidos'}. Verifique os campos destacados.`, ...others].join(' '),
        })
        return
      }
      if (error instanceof ApiError && error.isNotFound) {
        setStatus({ kind: 'error', message: 'Imóvel não encontrado. Ele pode ter sido removido.' })
        return
      }
      setStatus({ kind: 'error', message: 'Não foi possível salvar as alterações. Tente novamente.' })
    }
  }

  const urlDescribedBy = ['video-url-hint', unrecognised ? 'video-url-note' : null, errors.video_url ? 'video-url-error' : null]
    .filter(Boolean)
    .join(' ')

  return (
    <div className="admin-editor">
      <form className="admin-card" onSubmit={onSubmit} noValidate aria-labelledby="editor-heading">
        <h2 id="editor-heading">Vídeo de apresentação</h2>
        <p className="admin-editor__property">
          {property.title}
          {!property.is_active && (
            <>
              {' '}
              <span className="tag tag--danger">Inativo</span>
            </>
          )}
        </p>
        <fieldset disabled={saving} className="admin-editor__fields">
          <div className={`field${errors.video_url ? ' field--invalid' : ''}`}>
            <label htmlFor="video-url">Endereço do vídeo</label>
            <input
              id="video-url"
              name="video_url"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://www.youtube.com/watch?v=…"
              value={url}
              onChange={(e) => {
                setUrl(e.target.value)
                setErrors((x) => ({ ...x, video_url: undefined }))
                edited()
              }}
              aria-invalid={errors.video_url ? true : undefined}
              aria-describedby={urlDescribedBy}
            />
            <p id="video-url-hint" className="field__hint field__hint--left">
              YouTube, Vimeo ou arquivo .mp4/.webm. Deixe em branco para remover o vídeo.
            </p>
            {unrecognised && (
              <p id="video-url-note" className="notice notice--info">
                Endereço não reconhecido: este vídeo não será exibido no site. Use um link do YouTube, do Vimeo ou de um
                arquivo .mp4 ou .webm.
              </p>
            )}
            {errors.video_url && (
              <div id="video-url-error" className="field__error">
                {errors.video_url.map((m) => (
                  <p key={m}>{m}</p>
                ))}
              </div>
            )}
          </div>

          <fieldset
            className="admin-editor__positions"
            aria-invalid={errors.video_position ? true : undefined}
            aria-describedby={errors.video_position ? 'video-position-error' : undefined}
          >
            <legend>Onde mostrar o vídeo</legend>
            {POSITIONS.map((p) => (
              <label key={p.value} className="radio">
                <input
                  type="radio"
                  name="video_position"
                  value={p.value}
                  checked={position === p.value}
                  onChange={() => {
                    setPosition(p.value)
                    setErrors((x) => ({ ...x, video_position: undefined }))
                    edited()
                  }}
                  aria-describedby={`position-${p.value}-hint`}
                />
                <span>
                  <span className="radio__label">{p.label}</span>
                  <span id={`position-${p.value}-hint`} className="radio__hint">
                    {p.hint}
                  </span>
                </span>
              </label>
            ))}
            {errors.video_position && (
              <div id="video-position-error" className="field__error">
                {errors.video_position.map((m) => (
                  <p key={m}>{m}</p>
                ))}
              </div>
            )}
          </fieldset>

          <button type="submit" className="button button--primary">
            {saving ? 'Salvando…' : 'Salvar alterações'}
          </button>
        </fieldset>
        <div className="admin-editor__status">
          <p role="status" className={status.kind === 'saved' ? 'notice notice--success' : 'visually-hidden'}>
            {status.kind === 'saved' ? 'Alterações salvas' : ''}
          </p>
          {status.kind === 'error' && (
            <p role="alert" className="notice notice--error">
              {status.message}
            </p>
          )}
        </div>
      </form>

      <section className="admin-card admin-editor__preview" aria-labelledby="preview-heading">
        <h2 id="preview-heading">Pré-visualização</h2>
        {embed.type !== 'unknown' ? (
          <VideoPlayer url={url} className="admin-editor__player" />
        ) : (
          <div className="admin-editor__empty">
            <p>{url.trim() ? 'Nada para mostrar: endereço não reconhecido.' : 'Nenhum vídeo configurado.'}</p>
          </div>
        )}
      </section>
    </div>
  )
}
