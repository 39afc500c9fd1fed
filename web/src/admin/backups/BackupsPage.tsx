import { useId } from 'react'
import { useResource } from '../../lib/useResource'
import { formatDateTime } from '../dates'
import { useAdminSession } from '../session/AdminSession'
import { Fact } from '../ui/Fact'
import { LoadError } from '../ui/LoadError'
import { RefreshButton } from '../ui/RefreshButton'
import { getBackups, type BackupRun, type Backups } from './api'
import { STATUS_LABEL, STATUS_TAG, durationLabel, everyLabel, sizeLabel } from './words'
import '../settings/settings.css'
import '../mail/mail.css'

/** Where the backups page lives. */
export const BACKUPS_PAGE = '/admin/copias'

/** /admin/copias: the scheduled backups — the schedule, the latest one that worked, the latest runs. */
export function BackupsPage() {
  const { request } = useAdminSession()
  const backups = useResource('admin-backups', (signal) => getBackups(request, signal))
  return (
    <section className="settings" aria-labelledby="backups-heading">
      <h1 id="backups-heading">Cópias de segurança</h1>
      <p className="settings__lead muted">
        As cópias do banco de dados e das fotos que o servidor faz sozinho, e como foi cada uma.
      </p>
      {backups.status === 'loading' && <p role="status">Carregando as cópias…</p>}
      {backups.status === 'error' && <LoadError onRetry={backups.retry}>Não foi possível carregar as cópias.</LoadError>}
      {backups.status === 'ready' && <State backups={backups.data} onRefresh={backups.retry} />}
    </section>
  )
}

function State({ backups, onRefresh }: { backups: Backups; onRefresh: () => void }) {
  const last = backups.last_success
  return (
    <>
      <section className="settings__section" aria-labelledby="backups-schedule-heading">
        <h2 id="backups-schedule-heading">Programação</h2>
        {backups.scheduled && backups.every && backups.target ? (
          <p>
            O servidor faz uma cópia {everyLabel(backups.every)}, guardada em <code>{backups.target}</code>; as{' '}
            {backups.keep} mais recentes são mantidas.
          </p>
        ) : (
          <div className="notice mail-banner">
            <p>
              O servidor não está fazendo cópias de segurança. Quem administra o servidor as programa ao iniciar o
              Vitrine, com a opção <code>--backup-to</code> (uma pasta, ou um bucket S3 como em{' '}
              <code>s3://copias/vitrine?endpoint=https://s3.exemplo.com.br</code>) e, se quiser,{' '}
              <code>--backup-every</code> (de quanto em quanto tempo; uma por dia se omitida) e <code>--backup-keep</code>{' '}
              (quantas cópias manter; 14 se omitida), ou com as variáveis <code>VITRINE_BACKUP_TO</code>,{' '}
              <code>VITRINE_BACKUP_EVERY</code> e <code>VITRINE_BACKUP_KEEP</code>. Os detalhes estão em docs/backup.md.
            </p>
          </div>
        )}
        {backups.database === 'postgres' && (
          <p className="muted">
            O banco de dados PostgreSQL não entra nestas cópias, que guardam só as fotos: ele é copiado com as
            ferramentas do próprio PostgreSQL (pg_dump ou backup contínuo).
          </p>
        )}
      </section>
      <section className="settings__section" aria-labelledby="backups-last-heading">
        <h2 id="backups-last-heading">Última cópia concluída</h2>
        {last && last.finished_at ? (
          <dl className="mail-item__facts" aria-labelledby="backups-last-heading">
            <Fact term="Concluída em">{formatDateTime(last.finished_at)}</Fact>
            <Fact term="Tamanho">{sizeLabel(last.size_bytes)}</Fact>
            <Fact term="Duração">{durationLabel(last.started_at, last.finished_at)}</Fact>
            {last.snapshot && <Fact term="Identificação">{last.snapshot}</Fact>}
          </dl>
        ) : (
          <p className="muted">Nenhuma cópia concluída até agora.</p>
        )}
      </section>
      <section className="settings__section" aria-labelledby="backups-runs-heading">
        <h2 id="backups-runs-heading">Últimas execuções</h2>
        {backups.runs.length === 0 ? (
          <p className="muted">Nenhuma execução até agora.</p>
        ) : (
          <ul className="mail-list" aria-labelledby="backups-runs-heading">
            {backups.runs.map((run) => (
              <Run key={run.slot} run={run} />
            ))}
          </ul>
        )}
        <RefreshButton onRefresh={onRefresh} />
      </section>
    </>
  )
}

function Run({ run }: { run: BackupRun }) {
  const id = useId()
  return (
    <li className="mail-item" aria-labelledby={`${id}-start`}>
      <div className="mail-item__head">
        <strong id={`${id}-start`}>Cópia de {formatDateTime(run.started_at)}</strong>
        <span className={STATUS_TAG[run.status]}>{STATUS_LABEL[run.status]}</span>
      </div>
      <dl className="mail-item__facts">
        {run.finished_at && <Fact term="Terminou em">{formatDateTime(run.finished_at)}</Fact>}
        {run.status === 'ok' && <Fact term="Tamanho">{sizeLabel(run.size_bytes)}</Fact>}
        {run.status === 'ok' && <Fact term="Copiado agora">{sizeLabel(run.copied_bytes)}</Fact>}
        {run.attempts > 1 && <Fact term="Tentativas">{run.attempts}</Fact>}
      </dl>
      {run.error && <p className="mail-item__error">Motivo: {run.error}</p>}
    </li>
  )
}
