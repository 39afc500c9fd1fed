import { useEffect, type ComponentType, type ReactNode } from 'react'
import { PageBoundary } from '../lib/PageBoundary'
import { Link, matchPath, useRouter } from '../lib/router'
import { LeadPage } from './leads/LeadPage'
import { LeadsInbox } from './leads/LeadsInbox'
import { PrivacyRequests } from './leads/PrivacyRequests'
import { LeadsNavLabel, UnreadProvider } from './leads/unread'
import { MAIL_PAGE, MailBanner } from './mail/MailBanner'
import { MailPage } from './mail/MailPage'
import { BACKUPS_PAGE, BackupsPage } from './backups/BackupsPage'
import { PropertyList } from './properties/PropertyList'
import { PropertyPage } from './properties/PropertyPages'
import { AccountPage } from './account/AccountPage'
import { INVITATION_PAGE, LinkPage, RESET_PAGE } from './links/LinkPage'
import { AdminSessionProvider, useAdminSession, useCan } from './session/AdminSession'
import type { Permission } from './session/types'
import { PortalsPage } from './portals/PortalsPage'
import { AgencyPage } from './settings/AgencyPage'
import { TeamPage } from './settings/TeamPage'
import { Forbidden } from './ui/Forbidden'
import './admin.css'

/**
 * The back office: every page under /admin, behind the session. The pages
 * live in folders by feature (properties, leads, settings); each one talks
 * to the server only through useAdminSession().request.
 */
export default function AdminApp() {
  const { path } = useRouter()
  useEffect(() => {
    document.title = 'Área da equipe — Vitrine'
  }, [])
  // The pages an e-mail's link opens come before any session.
  if (matchPath(INVITATION_PAGE, path)) return <LinkPage kind="invite" />
  if (matchPath(RESET_PAGE, path)) return <LinkPage kind="reset" />
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

/**
 * The back office's addresses, on one screen, each with the permission its
 * page needs: an address the role may not open shows the 403 view.
 */
function AdminRoutes() {
  const { path } = useRouter()
  const can = useCan()
  const page = (permission: Permission, element: ReactNode) => (can(permission) ? element : <Forbidden />)
  if (matchPath('/admin', path)) return page('properties.read', <PropertyList />)
  // One element for both addresses: a new property saved as a draft keeps its page (PropertyPage).
  if (matchPath('/admin/imoveis/novo', path)) return page('properties.write', <PropertyPage id={null} />)
  const property = matchPath('/admin/imoveis/:id', path)
  if (property) return page('properties.read', <PropertyPage id={property.id} />)
  if (matchPath('/admin/contatos', path)) return page('leads.read', <LeadsInbox />)
  if (matchPath('/admin/contatos/lgpd', path)) return page('privacy', <PrivacyRequests />)
  const lead = matchPath('/admin/contatos/:id', path)
  if (lead && /^[1-9][0-9]*$/.test(lead.id)) return page('leads.read', <LeadPage key={lead.id} id={Number(lead.id)} />)
  if (matchPath('/admin/agencia', path)) return page('agency', <AgencyPage />)
  if (matchPath('/admin/portais', path)) return page('portals', <PortalsPage />)
  if (matchPath('/admin/equipe', path)) return page('staff', <TeamPage />)
  if (matchPath('/admin/conta', path)) return page('account', <AccountPage />)
  if (matchPath(MAIL_PAGE, path)) return page('agency', <MailPage />)
  if (matchPath(BACKUPS_PAGE, path)) return page('agency', <BackupsPage />)
  return (
    <section className="admin-card">
      <h1>Página não encontrada</h1>
      <p>Este endereço não existe na área da equipe.</p>
      <Link to="/admin">Voltar para os imóveis</Link>
    </section>
  )
}

const NAV: Array<{
  to: string
  label: string | ComponentType
  permission: Permission
  current: (path: string) => boolean
}> = [
  {
    to: '/admin',
    label: 'Imóveis',
    permission: 'properties.read',
    current: (p) => matchPath('/admin', p) !== null || p.startsWith('/admin/imoveis'),
  },
  {
    to: '/admin/contatos',
    label: LeadsNavLabel,
    permission: 'leads.read',
    current: (p) => matchPath('/admin/contatos', p) !== null || matchPath('/admin/contatos/lgpd', p) !== null,
  },
  { to: '/admin/agencia', label: 'Agência', permission: 'agency', current: (p) => matchPath('/admin/agencia', p) !== null },
  { to: '/admin/portais', label: 'Portais', permission: 'portals', current: (p) => matchPath('/admin/portais', p) !== null },
  { to: '/admin/equipe', label: 'Equipe e acesso', permission: 'staff', current: (p) => matchPath('/admin/equipe', p) !== null },
  { to: MAIL_PAGE, label: 'E-mails', permission: 'agency', current: (p) => matchPath(MAIL_PAGE, p) !== null },
  { to: BACKUPS_PAGE, label: 'Cópias', permission: 'agency', current: (p) => matchPath(BACKUPS_PAGE, p) !== null },
  { to: '/admin/conta', label: 'Minha conta', permission: 'account', current: (p) => matchPath('/admin/conta', p) !== null },
]

function AdminLayout({ children }: { children: ReactNode }) {
  const { path } = useRouter()
  const { me, signOut } = useAdminSession()
  const can = useCan()
  return (
    <main id="conteudo" className="container admin">
      <div className="admin__bar">
        <nav aria-label="Área da equipe" className="admin-nav">
          {NAV.filter(({ permission }) => can(permission)).map(({ to, label: Label, current }) => (
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
      {can('agency') && <MailBanner />}
      <PageBoundary resetKey={path.split(/[?#]/, 1)[0]} landmark={false}>
        {children}
      </PageBoundary>
    </main>
  )
}
