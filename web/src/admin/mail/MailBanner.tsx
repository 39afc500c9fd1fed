import { Link } from '../../lib/router'
import { useResource } from '../../lib/useResource'
import { useAdminSession } from '../session/AdminSession'
import { getMailOutbox } from './api'
import { waitingSentence } from './words'
import './mail.css'

/** Where the page that explains e-mail lives; the banner links to it. */
export const MAIL_PAGE = '/admin/emails'

/**
 * The back office's banner while no SMTP server is configured: lead
 * notices are waiting, and someone must act. It says nothing when e-mail
 * works, while loading, and when the outbox cannot be read — a member of
 * staff not allowed to see it (403) has nothing to do about it either.
 */
export function MailBanner() {
  const { request } = useAdminSession()
  const outbox = useResource('admin-mail-banner', (signal) => getMailOutbox(request, signal))
  if (outbox.status !== 'ready' || outbox.data.configured) return null
  return (
    <div className="notice mail-banner" role="region" aria-label="Envio de e-mails">
      <p>
        O envio de e-mails não está configurado: {waitingSentence(outbox.data.counts.pending)} Avisos com mais de 7 dias
        não são mais enviados. <Link to={MAIL_PAGE}>Veja como configurar</Link>.
      </p>
    </div>
  )
}
