import { useId } from 'react'
import { useResource } from '../../lib/useResource'
import { formatDateTime } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import { Fact } from '../ui/Fact'
import { LoadError } from '../ui/LoadError'
import { RefreshButton } from '../ui/RefreshButton'
import { getMailOutbox, getSavedSearchStats, type MailOutbox, type OutboxMail } from './api'
import { COUNT_LABEL, STATUS_LABEL, STATUS_TAG, attemptsLabel, kindLabel } from './words'
import '../settings/settings.css'
import './mail.css'

/** /admin/emails: whether e-mail is configured, the outbox by state, and the latest e-mails. */
export function MailPage() {
  const { request } = useAdminSession()
  const outbox = useResource('admin-mail', (signal) => getMailOutbox(request, signal))
  return (
    <section className="settings" aria-labelledby="mail-heading">
      <h1 id="mail-heading">E-mails</h1>
      <p className="settings__lead muted">
        Os e-mails que o site envia — por enquanto, o aviso de cada novo contato para o e-mail da agência — e a situação de
        cada um.
      </p>
      {outbox.status === 'loading' && <p role="status">Carregando os e-mails…</p>}
      {outbox.status === 'error' && <LoadError onRetry={outbox.retry}>Não foi possível carregar os e-mails.</LoadError>}
      {outbox.status === 'ready' && <Outbox outbox={outbox.data} onRefresh={outbox.retry} />}
      <SavedSearches />
    </section>
  )
}

/** The visitors' alerts of new listings ("Avise-me de novos imóveis"): how many, and how many e-mails went out. */
function SavedSearches() {
  const { request } = useAdminSession()
  const stats = useResource('admin-saved-searches', (signal) => getSavedSearchStats(request, signal))
  return (
    <section className="settings__section" aria-labelledby="saved-searches-heading">
      <h2 id="saved-searches-heading">Alertas de busca</h2>
      {stats.status === 'loading' && <p role="status">Carregando os alertas…</p>}
      {stats.status === 'error' && <LoadError onRetry={stats.retry}>Não foi possível carregar os alertas.</LoadError>}
      {stats.status === 'ready' && (
        <dl className="mail-counts">
          <div>
            <dt>Ativos</dt>
            <dd>{stats.data.active}</dd>
          </div>
          <div>
            <dt>Aguardando confirmação</dt>
            <dd>{stats.data.pending}</dd>
          </div>
          <div>
            <dt>Cancelados</dt>
            <dd>{stats.data.unsubscribed}</dd>
          </div>
          <div>
            <dt>E-mails de alerta enviados</dt>
            <dd>{stats.data.alerts_sent}</dd>
          </div>
        </dl>
      )}
    </section>
  )
}

function Outbox({ outbox, onRefresh }: { outbox: MailOutbox; onRefresh: () => void }) {
  return (
    <>
      <section className="settings__section" aria-labelledby="mail-setup-heading">
        <h2 id="mail-setup-heading">Configuração</h2>
        {outbox.configured ? (
          <p>O envio de e-mails está configurado: cada aviso sai assim que o contato chega, e é tentado de novo se falhar.</p>
        ) : (
          <Setup />
        )}
      </section>
      <section className="settings__section" aria-labelledby="mail-counts-heading">
        <h2 id="mail-counts-heading">Situação</h2>
        <dl className="mail-counts">
          {COUNT_LABEL.map(({ status, label }) => (
            <div key={status}>
              <dt>{label}</dt>
              <dd>{outbox.counts[status]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="settings__section" aria-labelledby="mail-latest-heading">
        <h2 id="mail-latest-heading">Últimos e-mails</h2>
        {outbox.items.length === 0 ? (
          <p className="muted">Nenhum e-mail até agora.</p>
        ) : (
          <ul className="mail-list" aria-labelledby="mail-latest-heading">
            {outbox.items.map((mail) => (
              <Mail key={mail.id} mail={mail} />
            ))}
          </ul>
        )}
        <RefreshButton onRefresh={onRefresh} />
      </section>
    </>
  )
}

/** What the person who runs the server must set; staff pass it on. */
function Setup() {
  return (
    <div className="notice mail-banner mail-setup">
      <p>
        O envio de e-mails não está configurado: os avisos de novos contatos ficam aguardando e, depois de 7 dias, não são
        mais enviados. Quem administra o servidor configura o envio ao iniciar o Vitrine, com as opções{' '}
        <code>--smtp-url</code> (o servidor SMTP, por exemplo <code>smtp://usuario@smtp.exemplo.com.br:587</code>; a senha
        pode ir na variável <code>VITRINE_SMTP_PASSWORD</code>), <code>--mail-from</code> (o remetente) e{' '}
        <code>--public-url</code> (o endereço do site, usado nos links). Cada opção também pode ser dada por variável de
        ambiente (<code>VITRINE_SMTP_URL</code>, <code>VITRINE_MAIL_FROM</code>, <code>VITRINE_PUBLIC_URL</code>); os
        detalhes estão no README do Vitrine. Os avisos também precisam do e-mail da agência, na página Agência.
      </p>
    </div>
  )
}

function Mail({ mail }: { mail: OutboxMail }) {
  const id = useId()
  const kind = kindLabel(mail.kind)
  return (
    <li className="mail-item" aria-labelledby={`${id}-kind`}>
      <div className="mail-item__head">
        <strong id={`${id}-kind`}>{kind}</strong>
        <span className={STATUS_TAG[mail.status]}>{STATUS_LABEL[mail.status]}</span>
      </div>
      <dl className="mail-item__facts">
        {mail.kind === 'lead_notice' && <Fact term="Contato">nº {mail.ref}</Fact>}
        {mail.recipient && <Fact term="Para">{mail.recipient}</Fact>}
        <Fact term="Tentativas">{attemptsLabel(mail.attempts)}</Fact>
        <Fact term="Criado em">{formatDateTime(mail.created_at)}</Fact>
        {mail.sent_at && <Fact term="Enviado em">{formatDateTime(mail.sent_at)}</Fact>}
        {mail.status === 'pending' && mail.next_attempt_at && (
          <Fact term="Próxima tentativa">{formatDateTime(mail.next_attempt_at)}</Fact>
        )}
      </dl>
      {mail.last_error && (
        <p className="mail-item__error">
          {mail.status === 'pending' ? 'Última tentativa: ' : 'Motivo: '}
          {mail.last_error}
        </p>
      )}
    </li>
  )
}
