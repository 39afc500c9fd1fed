import { useEffect, type ComponentType, type ReactNode } from 'react'
import { Link, matchPath, useRouter } from '../lib/router'
import { LeadsInbox } from './leads/LeadsInbox'
import { PrivacyRequests } from './leads/PrivacyRequests'
import { LeadsNavLabel, UnreadProvider } from './leads/unread'
import { MAIL_PAGE, MailBanner } from './mail/MailBanner'
import { MailPage } from './mail/MailPage'
import { PropertyList } from './properties/PropertyList'
import { EditPropertyPage, NewPropertyPage } from './properties/PropertyPages'
import { AdminSessionProvider, useAdminSession } from './session/AdminSession'
import { AgencyPage } from './settings/AgencyPage'
import { TeamPage } from './settings/TeamPage'
import './admin.css'

/**
 * The back office: every page under /admin, behind the session. The pages
 * live in folders by feature (properties, leads, settings); each one talks
 * to the server only through useAdminSession().request.
 */
export default function AdminApp() {
  useEffect(() => {
    document.title = 'Área do anunciante — Vitrine'
  }, [])
  return (
    <AdminSessionProvider>
      <UnreadProvider>
        <AdminLayout>
          <AdminRoutes />
        </AdminLayout>
      </UnreadProvider>
    </AdminSessionProvider>
  )
}

/** The back office's addresses, on one screen. */
function AdminRoutes() {
  const { path } = useRouter()
  if (matchPath('/admin', path)) return <PropertyList />
  if (matchPath('/admin/imoveis/novo', path)) return <NewPropertyPage />
  const property = matchPath('/admin/imoveis/:id', path)
  if (property) return <EditPropertyPage key={property.id} id={property.id} />
  if (matchPath('/admin/contatos', path)) return <LeadsInbox />
  if (matchPath('/admin/contatos/lgpd', path)) return <PrivacyRequests />
  if (matchPath('/admin/agencia', path)) return <AgencyPage />
  if (matchPath('/admin/equipe', path)) return <TeamPage />
  if (matchPath(MAIL_PAGE, path)) return <MailPage />
  return (
    <section className="admin-card">
      <h1>Página não encontrada</h1>
      <p>Este endereço não existe na área do anunciante.</p>
      <Link to="/admin">Voltar para os imóveis</Link>
    </section>
  )
}

const NAV: Array<{ to: string; label: string | ComponentType; current: (path: string) => boolean }> = [
  { to: '/admin', label: 'Imóveis', current: (p) => matchPath('/admin', p) !== null || p.startsWith('/admin/imoveis') },
  {
    to: '/admin/contatos',
    label: LeadsNavLabel,
    current: (p) => matchPath('/admin/contatos', p) !== null || matchPath('/admin/contatos/lgpd', p) !== null,
  },
  { to: '/admin/agencia', label: 'Agência', current: (p) => matchPath('/admin/agencia', p) !== null },
  { to: '/admin/equipe', label: 'Equipe e acesso', current: (p) => matchPath('/admin/equipe', p) !== null },
  { to: MAIL_PAGE, label: 'E-mails', current: (p) => matchPath(MAIL_PAGE, p) !== null },
]

function AdminLayout({ children }: { children: ReactNode }) {
  const { path } = useRouter()
  const { me, signOut } = useAdminSession()
  return (
    <main id="conteudo" className="container admin">
      <div className="admin__bar">
        <nav aria-label="Área do anunciante" className="admin-nav">
          {NAV.map(({ to, label: Label, current }) => (
            <Link key={to} to={to} aria-current={current(path) ? 'page' : undefined}>
              {typeof Label === 'string' ? Label : <Label />}
            </Link>
          ))}
        </nav>
        <div className="admin__who">
          <span className="muted">{me.name}</span>
          <button type="button" className="button button--ghost" onClick={() => void signOut()}>
            Sair
          </button>
        </div>
      </div>
      <MailBanner />
      {children}
    </main>
  )
}
