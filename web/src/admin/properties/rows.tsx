import { FieldError, useForm } from './fields'
import { inputId, rowKey, type AmenityRow, type PhotoRow } from './formModel'

/** Moves item i of a list by delta (−1 up, +1 down). */
function move<T>(list: T[], i: number, delta: number): T[] {
  const j = i + delta
  if (j < 0 || j >= list.length) return list
  const out = [...list]
  ;[out[i], out[j]] = [out[j], out[i]]
  return out
}

interface RowInputProps {
  field: string
  label: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  inputMode?: 'url' | 'text'
  list?: string
}

/** An input of a row, with its own label and the server's messages under it. */
function RowInput({ field, label, value, onChange, maxLength, inputMode, list }: RowInputProps) {
  const { errors } = useForm()
  const id = inputId(field)
  const messages = errors[field]
  return (
    <div className={`field${messages ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={inputMode === 'url' ? false : undefined}
        maxLength={maxLength}
        list={list}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={messages ? true : undefined}
        aria-describedby={messages ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  )
}

/** The photos: addresses with their descriptions, in the order the gallery shows them (the first is the cover). */
export function PhotoRows() {
  const { values, set, errors } = useForm()
  const photos = values.photos
  const update = (i: number, patch: Partial<PhotoRow>) => set('photos', photos.map((p, j) => (j === i ? { ...p, ...patch } : p)))
  return (
    <div className="prop-rows">
      <p className="muted prop-rows__intro">
        A primeira foto é a capa. Informe o endereço (https://…) de cada foto e uma descrição para quem não pode vê-la.
      </p>
      <FieldError id={`${inputId('photos')}-error`} messages={errors.photos} />
      {photos.length === 0 && <p className="muted">Nenhuma foto.</p>}
      <ol className="prop-rows__list">
        {photos.map((photo, i) => (
          <li key={photo.key} className="prop-row">
            <p className="prop-row__title">{i === 0 ? `Foto ${i + 1} (capa)` : `Foto ${i + 1}`}</p>
            <RowInput
              field={`photos[${i}].url`}
              label={`Endereço da foto ${i + 1}`}
              value={photo.url}
              onChange={(url) => update(i, { url })}
              maxLength={2048}
              inputMode="url"
            />
            <RowInput
              field={`photos[${i}].alt_text`}
              label={`Descrição da foto ${i + 1}`}
              value={photo.alt_text}
              onChange={(alt_text) => update(i, { alt_text })}
              maxLength={300}
            />
            <div className="prop-row__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={i === 0}
                onClick={() => set('photos', move(photos, i, -1))}
              >
                <span aria-hidden="true">↑ </span>Subir{' '}<span className="visually-hidden">a foto {i + 1}</span>
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={i === photos.length - 1}
                onClick={() => set('photos', move(photos, i, 1))}
              >
                <span aria-hidden="true">↓ </span>Descer{' '}<span className="visually-hidden">a foto {i + 1}</span>
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => set('photos', photos.filter((_, j) => j !== i))}
              >
                Remover{' '}<span className="visually-hidden">a foto {i + 1}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--secondary"
        disabled={photos.length >= 100}
        onClick={() => set('photos', [...photos, { key: rowKey(), url: '', alt_text: '' }])}
      >
        Adicionar foto
      </button>
    </div>
  )
}

const COMMON_AMENITIES = [
  'Ar-condicionado',
  'Armários embutidos',
  'Churrasqueira',
  'Varanda gourmet',
  'Mobiliado',
  'Piscina',
  'Academia',
  'Salão de festas',
  'Playground',
  'Portaria 24 horas',
  'Elevador',
]

/** The amenities, each by name and group; the server finds or creates each by its name. */
export function AmenityRows() {
  const { values, set, errors } = useForm()
  const amenities = values.amenities
  const update = (i: number, patch: Partial<AmenityRow>) =>
    set('amenities', amenities.map((a, j) => (j === i ? { ...a, ...patch } : a)))
  return (
    <div className="prop-rows">
      <p className="muted prop-rows__intro">
        Escreva o nome (ex.: Piscina). Uma comodidade que já existe em outro imóvel é reaproveitada pelo nome.
      </p>
      <FieldError id={`${inputId('amenities')}-error`} messages={errors.amenities} />
      <datalist id="prop-amenity-names">
        {COMMON_AMENITIES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {amenities.length === 0 && <p className="muted">Nenhuma comodidade.</p>}
      <ul className="prop-rows__list">
        {amenities.map((amenity, i) => {
          const groupId = inputId(`amenities[${i}].group`)
          return (
            <li key={amenity.key} className="prop-row prop-row--amenity">
              <RowInput
                field={`amenities[${i}].name`}
                label={`Comodidade ${i + 1}`}
                value={amenity.name}
                onChange={(name) => update(i, { name })}
                maxLength={100}
                list="prop-amenity-names"
              />
              <div className={`field${errors[`amenities[${i}].group`] ? ' field--invalid' : ''}`}>
                <label htmlFor={groupId}>Grupo da comodidade {i + 1}</label>
                <select
                  id={groupId}
                  value={amenity.group}
                  onChange={(e) => update(i, { group: e.target.value === 'lazer' ? 'lazer' : 'caracteristica' })}
                  aria-invalid={errors[`amenities[${i}].group`] ? true : undefined}
                  aria-describedby={errors[`amenities[${i}].group`] ? `${groupId}-error` : undefined}
                >
                  <option value="caracteristica">Característica do imóvel</option>
                  <option value="lazer">Lazer</option>
                </select>
                <FieldError id={`${groupId}-error`} messages={errors[`amenities[${i}].group`]} />
              </div>
              <div className="prop-row__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => set('amenities', amenities.filter((_, j) => j !== i))}
                >
                  Remover{' '}<span className="visually-hidden">a comodidade {i + 1}</span>
                </button>
              </div>
            </li>
          )
        })}
      </ul>
      <button
        type="button"
        className="button button--secondary"
        disabled={amenities.length >= 100}
        onClick={() => set('amenities', [...amenities, { key: rowKey(), name: '', group: 'caracteristica' }])}
      >
        Adicionar comodidade
      </button>
    </div>
  )
}
