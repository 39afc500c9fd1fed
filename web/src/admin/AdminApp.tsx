import { useEffect, type ReactNode } from 'react'
import { Link, matchPath, useRouter } from '../lib/router'
import { PropertyList } from './properties/PropertyList'
import { EditPropertyPage, NewPropertyPage } from './properties/PropertyPages'
import { AdminSessionProvider, useAdminSession } from './session/AdminSession'
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
      <AdminLayout>
        <AdminRoutes />
      </AdminLayout>
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
  return (
    <section className="admin-card">
      <h1>Página não encontrada</h1>
      <p>Este endereço não existe na área do anunciante.</p>
      <Link to="/admin">Voltar para os imóveis</Link>
    </section>
  )
}

const NAV: Array<{ to: string; label: string; current: (path: string) => boolean }> = [
  { to: '/admin', label: 'Imóveis', current: (p) => matchPath('/admin', p) !== null || p.startsWith('/admin/imoveis') },
]

function AdminLayout({ children }: { children: ReactNode }) {
  const { path } = useRouter()
  const { me, signOut } = useAdminSession()
  return (
    <main id="conteudo" className="container admin">
      <div className="admin__bar">
        <nav aria-label="Área do anunciante" className="admin-nav">
          {NAV.map((item) => (
            <Link key={item.to} to={item.to} aria-current={item.current(path) ? 'page' : undefined}>
              {item.label}
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
      {children}
    </main>
  )
}
