import { getEmbedUrl } from '../../video/embed'
import { VideoPlayer } from '../../video/VideoPlayer'
import { Field, FieldError, useForm } from './fields'
import { inputId } from './formModel'

const POSITIONS = [
  { value: 'carousel', label: 'Carrossel', hint: 'O vídeo é o primeiro item da galeria de fotos.' },
  { value: 'section', label: 'Seção própria', hint: 'O vídeo aparece abaixo da galeria, em uma seção “Vídeo”.' },
] as const

/**
 * The presentation video of the property form: its address with a live
 * preview of what the site will play, and where the page shows it.
 */
export function VideoSection() {
  const { values, set, errors } = useForm()
  const url = values.video_url
  const embed = getEmbedUrl(url)
  const unrecognised = url.trim() !== '' && embed.type === 'unknown'
  const urlId = inputId('video_url')
  const positionId = inputId('video_position')

  return (
    <div className="prop-video">
      <div className="prop-video__fields">
        <Field
          field="video_url"
          label="Endereço do vídeo"
          hint="YouTube, Vimeo ou arquivo .mp4/.webm. Deixe em branco para remover o vídeo."
        >
          {(props) => (
            <>
              <input
                {...props}
                aria-describedby={[props['aria-describedby'], unrecognised ? `${urlId}-note` : null].filter(Boolean).join(' ')}
                name="video_url"
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={2048}
                placeholder="https://www.youtube.com/watch?v=…"
                value={url}
                onChange={(e) => set('video_url', e.target.value)}
              />
              {unrecognised && (
                <p id={`${urlId}-note`} className="notice notice--info">
                  Endereço não reconhecido: este vídeo não será exibido no site. Use um link do YouTube, do Vimeo ou de
                  um arquivo .mp4 ou .webm.
                </p>
              )}
            </>
          )}
        </Field>

        <fieldset
          id={positionId}
          className="prop-choices"
          aria-invalid={errors.video_position ? true : undefined}
          aria-describedby={errors.video_position ? `${positionId}-error` : undefined}
        >
          <legend>Onde mostrar o vídeo</legend>
          {POSITIONS.map((p) => (
            <label key={p.value} className="radio">
              <input
                type="radio"
                name="video_position"
                value={p.value}
                checked={values.video_position === p.value}
                onChange={() => set('video_position', p.value)}
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
          <FieldError id={`${positionId}-error`} messages={errors.video_position} />
        </fieldset>
      </div>

      <section className="prop-video__preview" aria-labelledby="preview-heading">
        <h3 id="preview-heading">Pré-visualização</h3>
        {embed.type !== 'unknown' ? (
          <VideoPlayer url={url} className="prop-video__player" />
        ) : (
          <div className="prop-video__empty">
            <p>{url.trim() ? 'Nada para mostrar: endereço não reconhecido.' : 'Nenhum vídeo configurado.'}</p>
          </div>
        )}
      </section>
    </div>
  )
}
