import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { useReplaceAgency } from '../../lib/agency'
import { formatNumberInput, parseNumberInput } from '../../lib/money'
import { formatPhone } from '../../lib/phone'
import { STATES, STATE_OPTIONS } from '../../lib/states'
import type { FieldErrors } from '../../lib/types'
import { useResource } from '../../lib/useResource'
import { byWhom } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import { AgencyLogoField } from './AgencyLogoField'
import { getAgencyRecord, saveAgency, type AgencyRecord, type AgencyWrite } from './api'
import { Field } from './Field'
import { PolicySection } from './PolicySection'
import { LoadError } from '../ui/LoadError'
import { ImportSection } from './ImportSection'
import './settings.css'

/** /admin/agencia: the agency's record, which every public page shows. */
export function AgencyPage() {
  const { request } = useAdminSession()
  const record = useResource('admin-agency', (signal) => getAgencyRecord(request, signal))
  return (
    <section className="settings" aria-labelledby="agency-heading">
      <h1 id="agency-heading">Agência</h1>
      <p className="muted settings__lead">
        Os dados da imobiliária aparecem no topo e no rodapé do site e na página de cada imóvel. O CRECI é obrigatório
        na publicidade.
      </p>
      {record.status === 'loading' && <p role="status">Carregando os dados da agência…</p>}
      {record.status === 'error' && (
        <LoadError onRetry={record.retry}>
          Não foi possível carregar os dados da agência.
        </LoadError>
      )}
      {record.status === 'ready' && <AgencyForm initial={record.data} />}
      <PolicySection />
      <ImportSection />
    </section>
  )
}

// logo_url, an address typed before logos were uploaded, is not edited here: the logo is sent as a
// file (AgencyLogoField), and the form sends the address back as it was read, so that it stays.
type Key = Exclude<keyof AgencyWrite, MailSetting | 'logo_url'>
type Values = Record<Key, string>

const FIELDS: Array<{
  key: Key
  label: string
  type?: string
  autoComplete?: string
  inputMode?: 'tel' | 'email' | 'url'
  required?: boolean
  hint?: string
  options?: ReadonlyArray<{ value: string; label: string }>
}> = [
  { key: 'name', label: 'Nome da imobiliária', autoComplete: 'organization', required: true },
  {
    key: 'creci',
    label: 'CRECI',
    required: true,
    hint: 'Registro da imobiliária (pessoa jurídica), como CRECI/SC 12345-J. Sem o estado, vale a UF abaixo.',
  },
  {
    key: 'state',
    label: 'UF da imobiliária',
    options: [{ value: '', label: 'Selecione' }, ...STATE_OPTIONS],
    hint: 'O estado da sede, que também é o do CRECI quando ele não traz o estado.',
  },
  { key: 'phone', label: 'Telefone', type: 'tel', autoComplete: 'tel', hint: 'Com DDD, como (48) 3333-4444.' },
  { key: 'whatsapp', label: 'WhatsApp', type: 'tel', autoComplete: 'tel', hint: 'Com DDD, como (48) 99999-0000.' },
  { key: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  {
    key: 'privacy_email',
    label: 'E-mail para pedidos de privacidade (LGPD)',
    type: 'email',
    autoComplete: 'off',
    hint: 'Aparece no aviso ao lado do formulário de contato. Em branco, vale o e-mail acima.',
  },
  { key: 'address', label: 'Endereço', autoComplete: 'street-address' },
  {
    key: 'brand_color',
    label: 'Cor da marca',
    hint: 'Cor dos links e botões do site, no formato #rrggbb (como #0b5cad). Precisa ser escura o bastante para o texto branco dos botões. Em branco, vale o azul padrão.',
  },
  {
    key: 'financing_rate',
    label: 'Taxa de juros do simulador (% ao ano)',
    hint: 'Taxa efetiva anual com que o simulador de financiamento dos imóveis à venda começa, como 11,5. O visitante pode alterá-la. Em branco, vale 11,5.',
  },
]

function valuesOf(record: AgencyRecord): Values {
  return {
    name: record.name ?? '',
    creci: record.creci ?? '',
    state: record.state ?? '',
    phone: record.phone ? formatPhone(record.phone) : '',
    whatsapp: record.whatsapp ? formatPhone(record.whatsapp) : '',
    email: record.email ?? '',
    privacy_email: record.privacy_email ?? '',
    address: record.address ?? '',
    brand_color: record.brand_color ?? '',
    financing_rate: formatNumberInput(record.financing_rate),
  }
}

const UF = new Set(STATES.map(([code]) => code))

/**
 * The CRECI as the site will show it ("CRECI/SC 12345-J"), read as the
 * server reads it (listing.ParseCRECI: the number, J and the council's
 * state in any order, the agency's state when none is written); null
 * while it cannot be read. A preview only: the server decides.
 */
export function creciPreview(text: string, agencyState: string): string | null {
  const tokens = text.trim().toUpperCase().replace(/^CRECI/, '').split(/[\s/\-.:]+/).filter(Boolean)
  let state = ''
  let digits = ''
  let letter = false
  for (const tok of tokens) {
    if (tok.length === 2 && UF.has(tok) && !state) state = tok
    else if (tok === 'J' && !letter) letter = true
    else if (/^\d{1,7}J?$/.test(tok) && !letter) {
      digits += tok.replace('J', '')
      letter = tok.endsWith('J')
    } else return null
  }
  state ||= agencyState
  if (!/^\d{1,7}$/.test(digits) || !UF.has(state)) return null
  return `CRECI/${state} ${digits}-J`
}

type MailSetting = 'notice_copy' | 'daily_summary'

/** The agency's e-mail settings: switches, off until turned on. */
const MAIL_SETTINGS: { key: MailSetting; label: string }[] = [
  { key: 'notice_copy', label: 'Enviar cópia dos avisos para o e-mail da imobiliária' },
  {
    key: 'daily_summary',
    label:
      'Enviar todas as manhãs, a cada corretor, os contatos dele ainda como “novo” depois de 24 horas (e aos administradores, os sem responsável)',
  },
]

function mailSettingsOf(a: AgencyRecord): Record<MailSetting, boolean> {
  return { notice_copy: a.notice_copy, daily_summary: a.daily_summary }
}

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string; fields: boolean }

function AgencyForm({ initial }: { initial: AgencyRecord }) {
  const { request } = useAdminSession()
  const replaceAgency = useReplaceAgency()
  const [values, setValues] = useState<Values>(() => valuesOf(initial))
  const [mail, setMail] = useState(() => mailSettingsOf(initial))
  const [record, setRecord] = useState(initial)
  const [updated, setUpdated] = useState({ at: initial.updated_at, by: initial.updated_by })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const summary = useRef<HTMLDivElement>(null)
  const saving = status.kind === 'saving'

  // A refused save moves focus to the summary, which lists what to fix.
  useEffect(() => {
    if (status.kind === 'error') summary.current?.focus()
  }, [status])

  const edit = (key: Key, value: string) => {
    setValues((v) => ({ ...v, [key]: value }))
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest)
    if (status.kind === 'saved') setStatus({ kind: 'idle' })
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    const text = (key: Key) => values[key].trim()
    const optional = (key: Key) => text(key) || null
    const rate = parseNumberInput(values.financing_rate)
    if (!rate.ok) {
      setErrors({ financing_rate: ['Informe a taxa como um número, como 11,5.'] })
      setStatus({ kind: 'error', message: 'Não foi possível salvar. Corrija os campos indicados:', fields: true })
      return
    }
    setStatus({ kind: 'saving' })
    try {
      const saved = await saveAgency(request, {
        name: text('name'),
        creci: text('creci'),
        state: optional('state'),
        phone: optional('phone'),
        whatsapp: optional('whatsapp'),
        email: optional('email'),
        privacy_email: optional('privacy_email'),
        address: optional('address'),
        brand_color: optional('brand_color'),
        financing_rate: rate.value,
        logo_url: record.logo_url,
        ...mail,
      })
      setValues(valuesOf(saved))
      setRecord(saved)
      setMail(mailSettingsOf(saved))
      setUpdated({ at: saved.updated_at, by: saved.updated_by })
      setErrors({})
      setStatus({ kind: 'saved' })
      replaceAgency(saved)
    } catch (error) {
      if (error instanceof ApiError && error.isValidation && error.details) {
        setErrors(error.details)
        setStatus({ kind: 'error', message: 'Não foi possível salvar. Corrija os campos indicados:', fields: true })
      } else {
        setStatus({ kind: 'error', message: 'Não foi possível salvar as alterações. Tente novamente.', fields: false })
      }
    }
  }

  const preview = creciPreview(values.creci, values.state)
  const listed = FIELDS.filter((f) => errors[f.key]?.length)
  const others = Object.entries(errors).filter(([key]) => !FIELDS.some((f) => f.key === key))

  return (
    <form className="admin-card settings__form" onSubmit={onSubmit} noValidate aria-labelledby="agency-heading">
      {status.kind === 'error' && (
        <div ref={summary} tabIndex={-1} role="alert" className="notice notice--error settings__summary">
          <p>{status.message}</p>
          {status.fields && (
            <ul>
              {listed.map((f) => (
                <li key={f.key}>
                  <a
                    href={`#agency-${f.key}`}
                    onClick={(e) => {
                      e.preventDefault()
                      document.getElementById(`agency-${f.key}`)?.focus()
                    }}
                  >
                    {f.label}
                  </a>
                  : {errors[f.key]?.join(' ')}
                </li>
              ))}
              {others.map(([key, messages]) => (
                <li key={key}>{messages.join(' ')}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {record.name ? (
        <AgencyLogoField
          record={record}
          onSaved={(saved) => {
            setRecord(saved)
            replaceAgency(saved)
          }}
        />
      ) : (
        <p className="muted">Salve os dados da imobiliária para enviar o logotipo.</p>
      )}
      <fieldset className="settings__fields" disabled={saving}>
        {FIELDS.map((f) => (
          <Field
            key={f.key}
            id={`agency-${f.key}`}
            name={f.key}
            label={f.required ? `${f.label} (obrigatório)` : f.label}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete ?? 'off'}
            required={f.required}
            value={values[f.key]}
            onChange={(e) => edit(f.key, e.target.value)}
            errors={errors[f.key]}
            options={f.options}
            hint={
              f.key === 'creci' ? (
                <>
                  {f.hint} Como aparece no site: <strong>{preview ?? '—'}</strong>
                </>
              ) : (
                f.hint
              )
            }
          />
        ))}
        {MAIL_SETTINGS.map(({ key, label }) => (
          <label key={key} className="settings__check">
            <input
              type="checkbox"
              name={key}
              checked={mail[key]}
              onChange={(e) => {
                const on = e.target.checked
                setMail((m) => ({ ...m, [key]: on }))
                if (status.kind === 'saved') setStatus({ kind: 'idle' })
              }}
            />{' '}
            {label}
          </label>
        ))}
        <div className="settings__actions">
          <button type="submit" className="button button--primary">
            {saving ? 'Salvando…' : 'Salvar alterações'}
          </button>
          <p role="status" className={status.kind === 'saved' ? 'notice notice--success' : 'visually-hidden'}>
            {status.kind === 'saved' ? 'Alterações salvas' : ''}
          </p>
        </div>
        {updated.at && <p className="muted settings__meta">Última alteração {byWhom(updated.by, updated.at)}.</p>}
      </fieldset>
    </form>
  )
}
