import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { ApiError } from '../../lib/api'
import { useLeaveGuard } from '../../lib/router'
import { STATE_OPTIONS } from '../../lib/states'
import type { FieldErrors } from '../../lib/types'
import { useAdminSession } from '../session/AdminSession'
import { createProperty, updateProperty, type AdminProperty } from './api'
import { CheckboxField, Field, FieldError, FormContext, MoneyField, SelectField, TextField, useForm } from './fields'
import {
  BUSINESSES,
  blankValues,
  changedBody,
  createBody,
  fieldLabel,
  formKey,
  hasInput,
  inputId,
  maskCEP,
  pricesOf,
  RENT_PERIODS,
  rentLabel,
  toWire,
  valuesOf,
  type FormValues,
} from './formModel'
import { AmenityRows } from './rows'
import { PhotoManager } from './photos/PhotoManager'
import { PortalSection } from './PortalSection'
import { BrokerSection } from './BrokerSection'
import { VideoSection } from './VideoSection'

export const LEAVE_MESSAGE = 'Há alterações não salvas neste imóvel. Sair sem salvar?'

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'done'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'error'; message: string }

interface Props {
  /** The stored property (edit), or null for a new one. */
  stored: AdminProperty | null
  /** A message to show in the status line when the form opens ("Imóvel cadastrado"). */
  notice?: string | null
  /** Called after a creation with the new property (the page then opens it). */
  onCreated?: (created: AdminProperty) => void
  /** Called after an update with the property as stored. */
  onSaved?: (saved: AdminProperty) => void
  /**
   * Called when a new property was saved as a draft to take its first
   * photos; the form stays as it is, now the form of the stored draft.
   */
  onDrafted?: (draft: AdminProperty) => void
}

/** Values without the rows' React keys, to tell whether anything was typed. */
function comparable(v: FormValues): string {
  return JSON.stringify({
    ...v,
    amenities: v.amenities.map(({ name, group }) => [name, group]),
  })
}

/** The form field (or fields) a value of the form is checked as. */
const ERROR_FIELDS: Partial<Record<keyof FormValues, string>> = {
  neighborhood: 'neighborhood.name',
  city: 'city.name',
  state: 'city.state',
  subtype: 'subtype.name',
}

/** Puts the cursor in the input of a field (a group: its checked or first choice). */
function focusField(field: string) {
  const el = document.getElementById(inputId(field))
  if (!el) return
  const target =
    el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement
      ? el
      : (el.querySelector<HTMLElement>('input:checked, input, select, textarea') ?? el)
  target.focus()
}

/**
 * The one form of a property, for a new one (POST) and an existing one
 * (PUT of the fields that changed). The server's 422 is the truth: each
 * message shows under its field, and a summary at the top links to them.
 * Photos are not part of it: their section sends each change at once.
 */
export function PropertyForm({ stored: initial, notice = null, onCreated, onSaved, onDrafted }: Props) {
  const { request } = useAdminSession()
  const [stored, setStored] = useState(initial)
  const [values, setValues] = useState<FormValues>(() => (initial ? valuesOf(initial) : blankValues()))
  const [start, setStart] = useState(() => comparable(values))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<Status>(notice ? { kind: 'done', message: notice } : { kind: 'idle' })
  const summary = useRef<HTMLDivElement>(null)
  const [attempt, setAttempt] = useState(0)
  // After a refused save, move to the summary so it is read out and the links are next.
  useEffect(() => {
    if (attempt > 0) summary.current?.focus()
  }, [attempt])
  const saving = status.kind === 'saving'
  const dirty = comparable(values) !== start
  useLeaveGuard(dirty, LEAVE_MESSAGE)

  const storedWire = useMemo(() => toWire(stored ? valuesOf(stored) : blankValues()), [stored])

  const set = useCallback(<K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    const field = ERROR_FIELDS[key] ?? key
    setErrors((e) => {
      const kept = Object.entries(e).filter(([k]) => k !== field && !k.startsWith(`${field}[`))
      return kept.length === Object.keys(e).length ? e : Object.fromEntries(kept)
    })
    setStatus((s) => (s.kind === 'done' ? { kind: 'idle' } : s))
  }, [])
  const context = useMemo(() => ({ values, set, errors }), [values, set, errors])

  const showErrors = (found: FieldErrors, message: string) => {
    setErrors(found)
    setStatus({ kind: 'invalid', message })
    setAttempt((n) => n + 1)
  }

  /** Shows why the server refused a save: on the fields when it names them. */
  const showRefusal = (error: unknown, wire: ReturnType<typeof toWire>) => {
    if (error instanceof ApiError && error.details && (error.isValidation || error.status === 409)) {
      const found: FieldErrors = {}
      for (const [key, messages] of Object.entries(error.details)) found[formKey(key, wire)] = messages
      showErrors(found, `${error.serverMessage ?? 'Dados inválidos'}. Corrija os campos abaixo.`)
    } else if (error instanceof ApiError && error.isNotFound) {
      setStatus({ kind: 'error', message: 'Imóvel não encontrado. Ele pode ter sido removido.' })
    } else {
      setStatus({ kind: 'error', message: 'Não foi possível salvar as alterações. Tente novamente.' })
    }
  }

  /** The form's values as the API takes them, or null when the browser's own checks refuse them (shown on the fields). */
  const checked = () => {
    const wire = toWire(values)
    if (Object.keys(wire.errors).length === 0) return wire
    showErrors(wire.errors, 'Confira os campos abaixo.')
    return null
  }

  /**
   * Photos belong to a stored property: choosing the first ones on a new
   * form saves it as it is, inactive whatever "Ativo" says, so that nothing
   * half-written reaches the site. The form stays open on the draft: a
   * "Salvar" after it is an update (with "Ativo" if it was ticked), never
   * a second property.
   */
  const saveDraft = async (): Promise<string | null> => {
    if (stored) return stored.id
    if (saving) return null
    const wire = checked()
    if (!wire) return null
    setErrors({})
    setStatus({ kind: 'saving' })
    try {
      const draft = await createProperty(request, { ...createBody(wire), is_active: false })
      const saved = valuesOf(draft)
      setStored(draft)
      // What the server stored, and "Ativo" as the user left it: ticked, it is still to save.
      setValues({ ...saved, is_active: values.is_active })
      setStart(comparable(saved))
      setStatus({ kind: 'done', message: 'Rascunho salvo (inativo). As fotos estão sendo enviadas.' })
      onDrafted?.(draft)
      return draft.id
    } catch (error) {
      showRefusal(error, wire)
      return null
    }
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    const wire = checked()
    if (!wire) return
    const body = stored ? changedBody(wire, storedWire) : createBody(wire)
    if (stored && Object.keys(body).length === 0) {
      setErrors({})
      setStatus({ kind: 'done', message: 'Nenhuma alteração para salvar.' })
      return
    }
    setErrors({})
    setStatus({ kind: 'saving' })
    try {
      if (!stored) {
        const created = await createProperty(request, body)
        setStart(comparable(values)) // nothing left unsaved
        setStatus({ kind: 'done', message: 'Imóvel cadastrado' })
        onCreated?.(created)
        return
      }
      const saved = await updateProperty(request, stored.id, body)
      const next = valuesOf(saved)
      setStored(saved)
      setValues(next)
      setStart(comparable(next))
      setStatus({ kind: 'done', message: 'Alterações salvas' })
      onSaved?.(saved)
    } catch (error) {
      showRefusal(error, wire)
    }
  }

  const errorList = Object.entries(errors)
  return (
    <FormContext.Provider value={context}>
      <form className="prop-form" onSubmit={onSubmit} noValidate aria-labelledby="prop-form-heading">
        {status.kind === 'invalid' && errorList.length > 0 && (
          <div ref={summary} role="alert" tabIndex={-1} className="notice notice--error prop-summary">
            <p>{status.message}</p>
            <ul>
              {errorList.map(([field, messages]) => (
                <li key={field}>
                  {hasInput(field) ? (
                    <a
                      href={`#${inputId(field)}`}
                      onClick={(e) => {
                        e.preventDefault()
                        focusField(field)
                      }}
                    >
                      {fieldLabel(field)}: {messages.join(' ')}
                    </a>
                  ) : (
                    <>
                      {field === 'body' ? '' : `${field}: `}
                      {messages.join(' ')}
                    </>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        <fieldset disabled={saving} className="prop-form__fields">
          <Section title="Anúncio">
            <AdSection />
          </Section>
          <Section title="Corretor responsável">
            <BrokerSection />
          </Section>
          <Section title="Endereço">
            <AddressSection />
          </Section>
          <Section title="Características">
            <FactsSection />
          </Section>
          <Section title="Comodidades" id={inputId('amenities')}>
            <AmenityRows />
          </Section>
          <Section title="Fotos">
            <PhotoManager propertyId={stored?.id ?? null} saveDraft={saveDraft} />
          </Section>
          <Section title="Vídeo de apresentação">
            <VideoSection />
          </Section>
          <Section title="Portais">
            <PortalSection stored={stored} />
          </Section>
          <div className="prop-form__actions">
            <button type="submit" className="button button--primary">
              {saving ? 'Salvando…' : stored ? 'Salvar alterações' : 'Cadastrar imóvel'}
            </button>
            <div className="prop-form__status">
              <p role="status" className={status.kind === 'done' ? 'notice notice--success' : 'visually-hidden'}>
                {status.kind === 'done' ? status.message : ''}
              </p>
              {status.kind === 'error' && (
                <p role="alert" className="notice notice--error">
                  {status.message}
                </p>
              )}
            </div>
          </div>
        </fieldset>
      </form>
    </FormContext.Provider>
  )
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <fieldset className="admin-card prop-section" id={id} tabIndex={id ? -1 : undefined}>
      <legend className="prop-section__title">{title}</legend>
      {children}
    </fieldset>
  )
}

const STATUSES = [
  { value: 'disponivel', label: 'Disponível' },
  { value: 'reservado', label: 'Reservado' },
  { value: 'vendido', label: 'Vendido' },
  { value: 'alugado', label: 'Alugado' },
]

function AdSection() {
  const { values } = useForm()
  const prices = pricesOf(values.type)
  const businesses = prices.canonical
    ? BUSINESSES
    : [...BUSINESSES, { value: values.type, label: `${values.type} (valor antigo)` }]
  return (
    <div className="prop-grid">
      <TextField name="title" label="Título" required maxLength={200} className="prop-grid__wide" />
      <TextField name="code" label="Código" maxLength={50} hint="Código interno do imóvel (ex.: AP-0042)." />
      <TextField
        name="slug"
        label="Endereço da página"
        maxLength={120}
        hint="Letras minúsculas, números e hífens. Em branco no cadastro, é feito a partir do título. Mudá-lo muda o link do anúncio."
        format={(s) => s.toLowerCase()}
      />
      <Field field="description" label="Descrição" className="prop-grid__wide">
        {(props) => <DescriptionInput {...props} />}
      </Field>
      <SelectField name="type" label="Negócio" required options={businesses} />
      <SelectField
        name="status"
        label="Situação"
        options={STATUSES}
        hint="Vendido só para imóvel à venda; alugado só para imóvel para aluguel."
      />
      {prices.sale && (
        <MoneyField name="price" label={prices.canonical ? 'Preço de venda (R$)' : 'Preço (R$)'} required />
      )}
      {prices.rent && (
        <MoneyField name="rent_price" label={rentLabel(values.rent_period)} required={prices.canonical} />
      )}
      {prices.rent && (
        <SelectField
          name="rent_period"
          label="Período do aluguel"
          options={RENT_PERIODS.map(({ value, label }) => ({ value, label }))}
          hint="Por dia ou por semana para aluguel de temporada."
        />
      )}
      <MoneyField name="condo_fee" label="Condomínio (R$ por mês)" />
      <MoneyField name="iptu" label="IPTU (R$)" />
      <SelectField
        name="iptu_period"
        label="Período do IPTU"
        options={[
          { value: '', label: 'Sem IPTU informado' },
          { value: 'yearly', label: 'Anual' },
          { value: 'monthly', label: 'Mensal' },
        ]}
        hint="Obrigatório quando o IPTU é informado."
      />
      <div className="prop-grid__wide prop-checks">
        <CheckboxField
          name="is_active"
          label="Ativo"
          hint="Aparece no site. Um imóvel novo começa como rascunho, só aqui: marque quando quiser publicá-lo."
        />
        <CheckboxField name="is_featured" label="Destaque" hint="Aparece primeiro na página inicial, quando tem ao menos uma foto." />
      </div>
    </div>
  )
}

function DescriptionInput(props: Record<string, unknown>) {
  const { values, set } = useForm()
  return (
    <textarea
      {...props}
      name="description"
      rows={6}
      maxLength={10000}
      value={values.description}
      onChange={(e) => set('description', e.target.value)}
    />
  )
}

const VISIBILITY = [
  {
    value: 'all',
    label: 'Tudo',
    hint: 'Rua, número, CEP, o endereço em texto livre e o ponto exato no mapa aparecem no site.',
  },
  {
    value: 'street',
    label: 'Só a rua',
    hint: 'A rua e o CEP aparecem; o número fica oculto, e o mapa mostra só a região (cerca de 1 km), nunca o ponto.',
  },
  {
    value: 'neighborhood',
    label: 'Só o bairro',
    hint: 'Aparecem apenas bairro, cidade e UF, e o mapa mostra só a região (cerca de 1 km), nunca o ponto.',
  },
]

function AddressSection() {
  const { values, set, errors } = useForm()
  const groupId = inputId('address_visibility')
  return (
    <div className="prop-grid">
      <TextField
        name="cep"
        label="CEP"
        inputMode="numeric"
        placeholder="00000-000"
        autoComplete="postal-code"
        maxLength={9}
        format={maskCEP}
      />
      <TextField name="street" label="Rua" maxLength={200} className="prop-grid__wide" />
      <TextField name="number" label="Número" maxLength={20} hint="Texto: s/n e 120-A valem." />
      <TextField
        name="complement"
        label="Complemento"
        maxLength={100}
        hint="Apartamento, bloco… Nunca aparece no site."
      />
      <TextField name="neighborhood" field="neighborhood.name" label="Bairro" required maxLength={100} />
      <TextField name="city" field="city.name" label="Cidade" required maxLength={100} />
      <SelectField
        name="state"
        field="city.state"
        label="UF"
        required
        options={[{ value: '', label: 'Selecione' }, ...STATE_OPTIONS]}
      />
      <TextField
        name="address"
        label="Endereço (texto livre)"
        maxLength={300}
        className="prop-grid__wide"
        hint="Como o anúncio escreve o endereço quando a visibilidade é “Tudo” (ex.: Rua Bocaiúva, 1200)."
      />
      <fieldset
        id={groupId}
        className="prop-choices prop-grid__wide"
        aria-invalid={errors.address_visibility ? true : undefined}
        aria-describedby={`${groupId}-intro${errors.address_visibility ? ` ${groupId}-error` : ''}`}
      >
        <legend>Visibilidade do endereço</legend>
        <p id={`${groupId}-intro`} className="radio__hint">
          Quanto do endereço o público vê. Bairro, cidade e UF sempre aparecem; o complemento nunca.
        </p>
        {VISIBILITY.map((o) => (
          <label key={o.value} className="radio">
            <input
              type="radio"
              name="address_visibility"
              value={o.value}
              checked={values.address_visibility === o.value}
              onChange={() => set('address_visibility', o.value)}
              aria-describedby={`visibility-${o.value}-hint`}
            />
            <span>
              <span className="radio__label">{o.label}</span>
              <span id={`visibility-${o.value}-hint`} className="radio__hint">
                {o.hint}
              </span>
            </span>
          </label>
        ))}
        <FieldError id={`${groupId}-error`} messages={errors.address_visibility} />
      </fieldset>
      <TextField
        name="latitude"
        label="Latitude"
        inputMode="decimal"
        placeholder="-27,5954"
        hint="Opcional. Informe latitude e longitude juntas: com elas, o imóvel aparece no mapa do site."
      />
      <TextField name="longitude" label="Longitude" inputMode="decimal" placeholder="-48,5480" />
    </div>
  )
}

const SUBTYPES = ['Apartamento', 'Casa', 'Casa em condomínio', 'Cobertura', 'Kitnet', 'Sala comercial', 'Loja', 'Terreno', 'Galpão']

function FactsSection() {
  const { values, set } = useForm()
  const maxYear = new Date().getFullYear() + 5
  return (
    <div className="prop-grid">
      <Field field="subtype.name" label="Tipo do imóvel" required hint="Ex.: Apartamento, Casa, Terreno.">
        {(props) => (
          <>
            <input
              {...props}
              name="subtype.name"
              type="text"
              autoComplete="off"
              maxLength={100}
              list="prop-subtypes"
              value={values.subtype}
              onChange={(e) => set('subtype', e.target.value)}
            />
            <datalist id="prop-subtypes">
              {SUBTYPES.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <TextField name="bedrooms" label="Quartos" inputMode="numeric" maxLength={3} />
      <TextField name="suites" label="Suítes" inputMode="numeric" maxLength={3} hint="Quartos com banheiro; no máximo os quartos." />
      <TextField name="bathrooms" label="Banheiros" inputMode="numeric" maxLength={3} />
      <TextField name="parking_spots" label="Vagas de garagem" inputMode="numeric" maxLength={3} />
      <TextField
        name="area_m2"
        label="Área principal (m²)"
        inputMode="decimal"
        hint="A área dos cards da lista e do preço por m². 0 para não mostrar."
      />
      <TextField
        name="useful_area_m2"
        label="Área útil (m²)"
        inputMode="decimal"
        hint="Área privativa, de uso interno. Opcional."
      />
      <TextField
        name="total_area_m2"
        label="Área total (m²)"
        inputMode="decimal"
        hint="Com as áreas comuns, ou a do terreno. Opcional; não pode ser menor que a útil."
      />
      <TextField name="floor" label="Andar" inputMode="numeric" maxLength={4} hint="Térreo é 0; subsolo é negativo (de -5 a 200)." />
      <TextField
        name="year_built"
        label="Ano de construção"
        inputMode="numeric"
        maxLength={4}
        hint={`Entre 1500 e ${maxYear}.`}
      />
    </div>
  )
}
