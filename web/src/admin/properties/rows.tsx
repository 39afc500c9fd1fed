import { FieldError, useForm } from './fields'
import { inputId, rowKey, type AmenityRow } from './formModel'

interface RowInputProps {
  field: string
  label: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  list?: string
}

/** An input of a row, with its own label and the server's messages under it. */
function RowInput({ field, label, value, onChange, maxLength, list }: RowInputProps) {
  const { errors } = useForm()
  const id = inputId(field)
  const messages = errors[field]
  return (
    <div className={`field${messages ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        autoComplete="off"
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
