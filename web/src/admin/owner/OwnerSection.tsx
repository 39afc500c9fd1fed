import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { ApiError } from '../../lib/api'
import { useLeaveGuard } from '../../lib/router'
import type { FieldErrors } from '../../lib/types'
import { useResource } from '../../lib/useResource'
import { byWhom } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import type { Me } from '../session/types'
import type { AdminProperty } from '../properties/api'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { LoadError } from '../ui/LoadError'
import {
  deleteOwnerDocument,
  downloadOwnerDocument,
  getOwner,
  putOwner,
  uploadOwnerDocument,
  type OwnerDocument,
  type OwnerRecord,
  type OwnerRecordInput,
} from './api'
import './owner.css'

export const OWNER_LEAVE_MESSAGE = 'Há alterações não salvas na captação. Sair sem salvar?'

/**
 * Whether the signed-in user sees a listing's owner's record: an
 * administrador every one, anyone else the listings whose broker they are
 * (the server's listing.SeesOwnerRecord; it refuses the others anyway).
 */
export function seesOwner(me: Me, property: Pick<AdminProperty, 'broker_id'>): boolean {
  if (!me.permissions.includes('owner')) return false
  return me.role === 'administrador' || (me.user !== null && property.broker_id === me.user.id)
}

interface Values {
  name: string
  phones: string
  emails: string
  exclusive: boolean
  exclusive_until: string
  commission: string
  keys: string
  notes: string
}

const lines = (s: string) =>
  s
    .split(/[\n,;]/)
    .map((x) => x.trim())
    .filter(Boolean)

function valuesOf(o: OwnerRecord): Values {
  return {
    name: o.name,
    phones: o.phones.join('\n'),
    emails: o.emails.join('\n'),
    exclusive: o.exclusive,
    exclusive_until: o.exclusive_until ?? '',
    commission: o.commission === null ? '' : String(o.commission).replace('.', ','),
    keys: o.keys,
    notes: o.notes,
  }
}

/** The body of the PUT, or the fields the browser can tell are wrong. */
function bodyOf(v: Values): OwnerRecordInput | FieldErrors {
  const raw = v.commission.trim().replace('%', '').trim().replace(',', '.')
  const commission = raw === '' ? null : Number(raw)
  if (commission !== null && !Number.isFinite(commission)) {
    return { commission: ['Informe a comissão em porcentagem, como 6 ou 5,5.'] }
  }
  return {
    name: v.name,
    phones: lines(v.phones),
    emails: lines(v.emails),
    exclusive: v.exclusive,
    exclusive_until: v.exclusive && v.exclusive_until ? v.exclusive_until : null,
    commission,
    keys: v.keys,
    notes: v.notes,
  }
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
}

type Status = { kind: 'idle' | 'saving' } | { kind: 'done' | 'error'; message: string }

/**
 * The "Captação" of a listing: the owner, the terms agreed (exclusivity,
 * commission), where the keys are, internal notes, and the owner's
 * documents. Saved apart from the listing's form: none of it is public.
 */
export function OwnerSection({ property }: { property: AdminProperty }) {
  // Closed until asked for: the owner's contacts are not on screen (nor
  // fetched) while the listing is edited in front of others.
  const [open, setOpen] = useState(false)
  return (
    <section className="admin-card owner" aria-labelledby="owner-heading">
      <h2 id="owner-heading" className="owner__title">
        <button type="button" className="owner__toggle" aria-expanded={open} aria-controls="owner-body" onClick={() => setOpen((o) => !o)}>
          Captação
        </button>
      </h2>
      <p className="muted owner__lead">
        Proprietário, exclusividade, comissão, chaves e documentos. Só o corretor do imóvel e os administradores veem esta parte; ela
        nunca aparece no site nem nos portais.
      </p>
      {open && (
        <div id="owner-body" className="owner__body">
          <OwnerBody id={property.id} />
        </div>
      )}
    </section>
  )
}

function OwnerBody({ id }: { id: string }) {
  const { request } = useAdminSession()
  const resource = useResource(`admin-owner:${id}`, (signal) => getOwner(request, id, signal))
  if (resource.status === 'loading') return <p role="status">Carregando captação…</p>
  if (resource.status === 'error') return <LoadError onRetry={resource.retry}>Não foi possível carregar a captação.</LoadError>
  return <OwnerForm id={id} loaded={resource.data} />
}

function OwnerForm({ id, loaded }: { id: string; loaded: OwnerRecord }) {
  const { request } = useAdminSession()
  const [record, setRecord] = useState(loaded)
  const [values, setValues] = useState(() => valuesOf(loaded))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(record))
  useLeaveGuard(dirty, OWNER_LEAVE_MESSAGE)

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}[`))))
    setStatus({ kind: 'idle' })
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const body = bodyOf(values)
    if (!('exclusive' in body)) {
      setErrors(body as FieldErrors)
      setStatus({ kind: 'error', message: 'Corrija os campos marcados.' })
      return
    }
    setStatus({ kind: 'saving' })
    try {
      const saved = await putOwner(request, id, body as OwnerRecordInput)
      setRecord(saved)
      setValues(valuesOf(saved))
      setErrors({})
      setStatus({ kind: 'done', message: 'Captação salva.' })
    } catch (error) {
      if (error instanceof ApiError && error.isValidation && error.details) {
        setErrors(error.details)
        setStatus({ kind: 'error', message: 'Corrija os campos marcados.' })
      } else {
        setStatus({ kind: 'error', message: 'Não foi possível salvar a captação. Tente novamente.' })
      }
    }
  }

  const field = (key: keyof Values, label: string, input: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode, hint?: string) => {
    const inputID = `owner-${key}`
    const messages = errors[key] ?? (key === 'phones' || key === 'emails' ? Object.entries(errors).find(([k]) => k.startsWith(`${key}[`))?.[1] : undefined)
    const described = [hint ? `${inputID}-hint` : '', messages ? `${inputID}-error` : ''].filter(Boolean).join(' ')
    return (
      <div className={`field${messages ? ' field--invalid' : ''}`}>
        <label htmlFor={inputID}>{label}</label>
        {input({ id: inputID, 'aria-invalid': messages ? true : undefined, 'aria-describedby': described || undefined })}
        {hint && (
          <p id={`${inputID}-hint`} className="field__hint field__hint--left">
            {hint}
          </p>
        )}
        {messages && (
          <div id={`${inputID}-error`} className="field__error">
            {messages.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        )}
      </div>
    )
  }
  const text = (key: keyof Values) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value as never)

  return (
    <>
      {record.anonymized_at && (
        <p className="notice notice--info">
          Os dados pessoais do proprietário foram apagados a pedido dele (LGPD). Os termos da captação continuam.
        </p>
      )}
      <form className="owner__form" onSubmit={(e) => void save(e)} noValidate>
        <fieldset disabled={status.kind === 'saving'} className="owner__fields">
          {field('name', 'Proprietário', (p) => (
            <input {...p} type="text" autoComplete="off" value={values.name} onChange={text('name')} />
          ))}
          {field(
            'phones',
            'Telefones',
            (p) => <textarea {...p} rows={2} value={values.phones} onChange={text('phones')} />,
            'Um por linha.',
          )}
          {field(
            'emails',
            'E-mails',
            (p) => <textarea {...p} rows={2} value={values.emails} onChange={text('emails')} />,
            'Um por linha.',
          )}
          <div className="check">
            <input id="owner-exclusive" type="checkbox" checked={values.exclusive} onChange={(e) => set('exclusive', e.target.checked)} />
            <label htmlFor="owner-exclusive" className="check__label">
              Exclusividade
            </label>
          </div>
          {values.exclusive &&
            field('exclusive_until', 'Exclusivo até', (p) => (
              <input {...p} type="date" value={values.exclusive_until} onChange={text('exclusive_until')} />
            ), 'Deixe em branco se não houver prazo.')}
          {field(
            'commission',
            'Comissão (%)',
            (p) => <input {...p} type="text" inputMode="decimal" value={values.commission} onChange={text('commission')} />,
            'Entre 0 e 100, com até duas casas decimais, como 6 ou 5,5.',
          )}
          {field('keys', 'Onde estão as chaves', (p) => <input {...p} type="text" value={values.keys} onChange={text('keys')} />)}
          {field('notes', 'Observações internas', (p) => <textarea {...p} rows={3} value={values.notes} onChange={text('notes')} />)}
          <div className="owner__actions">
            <button type="submit" className="button button--primary" disabled={!dirty && status.kind !== 'error'}>
              {status.kind === 'saving' ? 'Salvando…' : 'Salvar captação'}
            </button>
            <span role="status" className="owner__status">
              {status.kind === 'done' && status.message}
            </span>
          </div>
          {status.kind === 'error' && (
            <p role="alert" className="notice notice--error">
              {status.message}
            </p>
          )}
          {record.updated_at && <p className="muted owner__meta">Editada {byWhom(record.updated_by, record.updated_at)}</p>}
        </fieldset>
      </form>
      <Documents id={id} record={record} onChange={(documents) => setRecord((r) => ({ ...r, documents }))} />
    </>
  )
}

/** The owner's documents: listed, downloaded, deleted, and sent one file at a time. */
function Documents({ id, record, onChange }: { id: string; record: OwnerRecord; onChange: (docs: OwnerDocument[]) => void }) {
  const { request, upload } = useAdminSession()
  const [busy, setBusy] = useState<string | null>(null)
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const docs = record.documents

  const send = async (file: File) => {
    if (file.size > record.max_document_bytes) {
      setMessage({ kind: 'error', text: `${file.name}: o documento passa de ${Math.round(record.max_document_bytes / 2 ** 20)} MB, o máximo.` })
      return
    }
    setBusy('upload')
    setMessage(null)
    try {
      const doc = await uploadOwnerDocument(upload, id, file)
      onChange([...docs, doc])
      setMessage({ kind: 'ok', text: `Documento ${doc.name} enviado.` })
    } catch (error) {
      const why = error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Não foi possível enviar o documento.'
      const detail = error instanceof ApiError ? error.details?.file?.[0] : undefined
      setMessage({ kind: 'error', text: `${file.name}: ${detail ?? why}` })
    } finally {
      setBusy(null)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  const download = async (doc: OwnerDocument) => {
    setBusy(doc.id)
    setMessage(null)
    try {
      const blob = await downloadOwnerDocument(request, id, doc.id)
      if (typeof URL.createObjectURL === 'function') {
        const url = URL.createObjectURL(blob)
        const a = document.createElement('a')
        a.href = url
        a.download = doc.name
        document.body.append(a)
        a.click()
        a.remove()
        setTimeout(() => URL.revokeObjectURL(url), 60_000)
      }
    } catch {
      setMessage({ kind: 'error', text: `Não foi possível baixar ${doc.name}.` })
    } finally {
      setBusy(null)
    }
  }

  const [confirming, setConfirming] = useState<OwnerDocument | null>(null)
  const [removeError, setRemoveError] = useState<string | null>(null)
  const remove = async (doc: OwnerDocument) => {
    setBusy(doc.id)
    setMessage(null)
    setRemoveError(null)
    try {
      await deleteOwnerDocument(request, id, doc.id)
      onChange(docs.filter((d) => d.id !== doc.id))
      setConfirming(null)
      setMessage({ kind: 'ok', text: `Documento ${doc.name} excluído.` })
    } catch {
      setRemoveError(`Não foi possível excluir ${doc.name}. Tente novamente.`)
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="owner__docs">
      <h3 className="owner__subtitle">Documentos</h3>
      {docs.length === 0 ? (
        <p className="muted">Nenhum documento enviado.</p>
      ) : (
        <ul className="owner__doc-list" aria-label="Documentos do proprietário">
          {docs.map((d) => (
            <li key={d.id} className="owner__doc">
              <span className="owner__doc-name">{d.name}</span>
              <span className="muted owner__doc-meta">
                {size(d.size)} · enviado {byWhom(d.created_by, d.created_at)}
              </span>
              <span className="owner__doc-actions">
                <button type="button" className="button button--secondary button--small" disabled={busy !== null}
                  onClick={() => void download(d)} aria-label={`Baixar ${d.name}`}>
                  Baixar
                </button>
                <button type="button" className="button button--ghost button--small" disabled={busy !== null}
                  onClick={() => setConfirming(d)} aria-label={`Excluir ${d.name}`}>
                  Excluir
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor="owner-document">Enviar documento</label>
        <input
          ref={fileInput}
          id="owner-document"
          type="file"
          accept="application/pdf,.pdf,image/jpeg,image/png,image/webp"
          aria-describedby="owner-document-hint"
          disabled={busy !== null}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void send(file)
          }}
        />
        <p id="owner-document-hint" className="field__hint field__hint--left">
          PDF, JPEG, PNG ou WebP, até {Math.round(record.max_document_bytes / 2 ** 20)} MB: escritura, matrícula, documentos do
          proprietário, autorização assinada.
        </p>
      </div>
      <p role="status" className={message?.kind === 'error' ? 'notice notice--error' : 'owner__status'}>
        {busy === 'upload' ? 'Enviando documento…' : message?.text}
      </p>
      {confirming && (
        <ConfirmDialog
          title={`Excluir o documento ${confirming.name}?`}
          confirmLabel="Excluir"
          busyLabel="Excluindo…"
          busy={busy === confirming.id}
          error={removeError}
          onConfirm={() => void remove(confirming)}
          onCancel={() => {
            setConfirming(null)
            setRemoveError(null)
          }}
        >
          <p>O arquivo é apagado do servidor e não há como recuperá-lo.</p>
        </ConfirmDialog>
      )}
    </div>
  )
}
