import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api'
import { Link } from '../../lib/router'
import { useResource } from '../../lib/useResource'
import { byWhom, formatDateTime, todayISO } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { DownloadButton } from '../ui/DownloadButton'
import { LoadError } from '../ui/LoadError'
import { anonymizeSubject, exportSubject, listErasures, lookupSubject, type Subject, type SubjectErasure } from './privacyApi'
import './leads.css'

type Lookup =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; subject: Subject }
  | { kind: 'error'; message: string }

/**
 * /admin/contatos/lgpd: the data subjects' rights (LGPD, art. 18). Staff
 * find everything held about an e-mail, download it as JSON for the
 * person, and anonymise it: the leads stay counted, their personal data
 * goes, and the action is recorded.
 */
export function PrivacyRequests() {
  const id = useId()
  const { request } = useAdminSession()
  const [email, setEmail] = useState('')
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' })
  const [done, setDone] = useState<string | null>(null)
  const [log, setLog] = useState(0)

  const search = async (address: string) => {
    setLookup({ kind: 'searching' })
    try {
      setLookup({ kind: 'found', subject: await lookupSubject(request, address) })
    } catch (error) {
      const message =
        error instanceof ApiError && error.isValidation
          ? (error.details?.email?.join(' ') ?? 'Informe um e-mail válido.')
          : 'Não foi possível buscar os dados. Tente novamente.'
      setLookup({ kind: 'error', message })
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setDone(null)
    const address = email.trim()
    if (!address) {
      setLookup({ kind: 'error', message: 'Informe o e-mail do titular.' })
      return
    }
    void search(address)
  }

  return (
    <section className="leads privacy-requests" aria-labelledby="privacy-heading">
      <div className="leads__head">
        <h1 id="privacy-heading">Privacidade / LGPD</h1>
        <Link to="/admin/contatos">Voltar para os contatos</Link>
      </div>
      <p className="muted">
        Atenda os pedidos de titulares de dados (Lei 13.709/2018): encontre tudo o que está guardado sobre um e-mail,
        entregue uma cópia em JSON e anonimize os dados quando a pessoa pedir a exclusão.
      </p>
      <form role="search" aria-label="Buscar dados de um titular" className="admin-card privacy-requests__form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>E-mail do titular</label>
          <input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={lookup.kind === 'searching'}>
          {lookup.kind === 'searching' ? 'Buscando…' : 'Buscar dados'}
        </button>
      </form>
      {lookup.kind === 'searching' && <p role="status">Buscando os dados…</p>}
      {lookup.kind === 'error' && (
        <p role="alert" className="notice notice--error">
          {lookup.message}
        </p>
      )}
      {done && (
        <p role="status" className="notice notice--success">
          {done}
        </p>
      )}
      {lookup.kind === 'found' && (
        <SubjectView
          key={lookup.subject.generated_at + lookup.subject.email}
          subject={lookup.subject}
          onAnonymized={(erasure) => {
            setDone(
              (erasure.leads === 0 && erasure.owner_records === 0
                ? 'Dados do e-mail excluídos.'
                : erasure.leads === 1
                  ? '1 contato anonimizado.'
                  : `${erasure.leads} contatos anonimizados.`) +
                (erasure.owner_records > 0 ? ` Dados de proprietário apagados em ${erasure.owner_records} captação(ões).` : ''),
            )
            setLog((n) => n + 1)
            void search(lookup.subject.email)
          }}
        />
      )}
      <ErasureLog key={log} />
    </section>
  )
}

function SubjectView({ subject, onAnonymized }: { subject: Subject; onAnonymized: (e: SubjectErasure) => void }) {
  const { request } = useAdminSession()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const count = subject.leads.length
  // Saved searches and favourites' e-mails are personal data too: a subject with only those can be exported and anonymised.
  const other = subject.saved_searches.length + subject.favorite_mails.length
  const held = count + other

  const anonymize = async () => {
    setBusy(true)
    setError(null)
    try {
      const erasure = await anonymizeSubject(request, subject.email)
      setConfirming(false)
      onAnonymized(erasure)
    } catch {
      setError('Não foi possível anonimizar os dados. Tente novamente.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="admin-card privacy-requests__result">
      <h2>
        {count === 0
          ? `Nenhum contato guardado com ${subject.email}`
          : count === 1
            ? `1 contato guardado com ${subject.email}`
            : `${count} contatos guardados com ${subject.email}`}
      </h2>
      {count > 0 && (
        <ul className="privacy-requests__leads">
          {subject.leads.map((lead) => (
            <li key={lead.id}>
              <p>
                <strong>{lead.name}</strong> · {formatDateTime(lead.created_at)} ·{' '}
                {lead.property ? lead.property.title : 'Imóvel removido'}
              </p>
              <p className="muted">
                {[lead.email, lead.phone].filter(Boolean).join(' · ')}
              </p>
              <p className="privacy-requests__message">{lead.message}</p>
              <p className="muted">
                {lead.consent.marketing ? 'Aceitou receber novidades e ofertas' : 'Não aceitou receber novidades e ofertas'}
                {lead.consent.notice_version
                  ? ` · aviso ${lead.consent.notice_version} exibido em ${formatDateTime(lead.consent.at)}`
                  : ' · enviado sem aviso de privacidade'}
              </p>
            </li>
          ))}
        </ul>
      )}
      {other > 0 && (
        <p className="privacy-requests__other">
          {[
            subject.saved_searches.length > 0 &&
              (subject.saved_searches.length === 1 ? '1 alerta de busca' : `${subject.saved_searches.length} alertas de busca`),
            subject.favorite_mails.length > 0 &&
              (subject.favorite_mails.length === 1
                ? '1 envio da lista de favoritos'
                : `${subject.favorite_mails.length} envios da lista de favoritos`),
          ]
            .filter(Boolean)
            .join(' e ')}{' '}
          com este e-mail, com o aviso de privacidade aceito (veja em “Baixar dados”).
        </p>
      )}
      <OwnerRecords subject={subject} />
      {subject.erasures.length > 0 && (
        <p className="muted">
          Dados já anonimizados em{' '}
          {subject.erasures
            .map((e) => `${formatDateTime(e.at)} (${e.leads === 1 ? '1 contato' : `${e.leads} contatos`})`)
            .join(', ')}
          .
        </p>
      )}
      {(held > 0 || subject.owner_records.length > 0) && (
        <div className="privacy-requests__actions">
          <SubjectDownload email={subject.email} />
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            Anonimizar dados
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Anonimizar os dados de ${subject.email}?`}
          confirmLabel="Anonimizar"
          busyLabel="Anonimizando…"
          busy={busy}
          error={error}
          onConfirm={() => void anonymize()}
          onCancel={() => setConfirming(false)}
        >
          {count > 0 && (
            <p>
              Nome, e-mail, telefone, mensagem e anotações {count === 1 ? 'do contato' : `dos ${count} contatos`} serão
              apagados para sempre, e os envios ao webhook ainda pendentes serão cancelados. Os contatos continuam contados
              nos totais, mas deixam de contar como não lidos. Esta ação não pode ser desfeita.
            </p>
          )}
          {other > 0 && <p>Os alertas de busca e os envios da lista de favoritos deste e-mail serão excluídos.</p>}
          {subject.owner_records.length > 0 && (
            <p>
              Como proprietário, o nome, os telefones, os e-mails, as observações e os documentos de{' '}
              {subject.owner_records.length === 1 ? '1 captação' : `${subject.owner_records.length} captações`} também serão apagados.
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  )
}

/** The listings the subject is the owner of (captação), with their documents by name. */
function OwnerRecords({ subject }: { subject: Subject }) {
  const records = subject.owner_records
  if (records.length === 0) return null
  return (
    <>
      <h3>{records.length === 1 ? 'Proprietário de 1 imóvel' : `Proprietário de ${records.length} imóveis`}</h3>
      <ul className="privacy-requests__leads">
        {records.map((o) => (
          <li key={o.property.id}>
            <p>
              <strong>{o.name || 'Nome apagado'}</strong> · {o.property.title}
            </p>
            <p className="muted">{[...o.emails, ...o.phones].join(' · ')}</p>
            {o.documents.length > 0 && (
              <p className="muted">Documentos: {o.documents.map((d) => d.name).join(', ')}</p>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}

/** "Baixar dados (JSON)": the lookup as a file, for the data subject. */
function SubjectDownload({ email }: { email: string }) {
  const { request } = useAdminSession()
  return (
    <DownloadButton
      label="Baixar dados (JSON)"
      fetchFile={() => exportSubject(request, email)}
      fileName={() => `dados-pessoais-${todayISO()}.json`}
      failure="Não foi possível exportar os dados. Tente novamente."
    />
  )
}

/** The record of anonymisations: who, when, how many (never the e-mail). */
function ErasureLog() {
  const { request } = useAdminSession()
  const list = useResource('admin-erasures', (signal) => listErasures(request, signal))
  return (
    <section className="admin-card privacy-requests__log" aria-labelledby="erasures-heading">
      <h2 id="erasures-heading">Registro de anonimizações</h2>
      {list.status === 'loading' && <p role="status">Carregando o registro…</p>}
      {list.status === 'error' && <LoadError onRetry={list.retry}>Não foi possível carregar o registro.</LoadError>}
      {list.status === 'ready' && (
        <>
          <p className="muted">
            {list.data.retention
              ? `Os contatos são anonimizados automaticamente ${list.data.retention} após o envio.`
              : 'Os contatos são guardados até o titular pedir a exclusão (sem prazo automático).'}
          </p>
          {list.data.items.length === 0 ? (
            <p>Nenhuma anonimização registrada.</p>
          ) : (
            <ul>
              {list.data.items.map((e) => (
                <li key={e.id}>
                  {e.kind === 'retention' ? 'Prazo de guarda' : 'Pedido do titular'}:{' '}
                  {e.leads === 1 ? '1 contato' : `${e.leads} contatos`}, {byWhom(e.by, e.at)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
