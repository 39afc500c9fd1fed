import { lazy, Suspense } from 'react'
import { AgencyProvider, siteName, useAgency, useAgencySettled, useBrandColor } from './lib/agency'
import { NotFound } from './lib/NotFound'
import { PageBoundary } from './lib/PageBoundary'
import { Link, matchPath, useRouter } from './lib/router'
import { useFavorites } from './favorites/favorites'
import { plural } from './lib/money'
import { HomePage } from './property/HomePage'
import { PropertyDetailPage } from './property/PropertyDetailPage'
import { matchSearchPath } from './search/searchAddress'
import { SearchPage } from './search/SearchPage'
import { PrivacyPage } from './privacy/PrivacyPage'

// The admin area is loaded only when visited, so it costs public pages nothing.
const AdminApp = lazy(() => import('./admin/AdminApp'))
const FavoritesPage = lazy(() => import('./favorites/FavoritesPage'))
const ConfirmAlertPage = lazy(() => import('./alerts/ConfirmPage'))
const ManageAlertsPage = lazy(() => import('./alerts/ManagePage'))
const VisitPage = lazy(() => import('./visits/VisitPage'))

export function App() {
  const { path } = useRouter()
  return (
    <AgencyProvider>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <BrandColor active={!path.startsWith('/admin')} />
      <SiteHeader />
      <PageBoundary resetKey={path.split(/[?#]/, 1)[0]} landmark>
        <Routes path={path} />
      </PageBoundary>
      <SiteFooter />
    </AgencyProvider>
  )
}

function Routes({ path }: { path: string }) {
  if (matchPath('/', path)) return <HomePage />
  // /busca and /imoveis/{business}/{city}[/{neighborhood}]; /imoveis/{slug} (one segment) is a property.
  if (matchSearchPath(path.split(/[?#]/, 1)[0])) return <SearchPage path={path} />
  const detail = matchPath('/imoveis/:slug', path)
  if (detail) return <PropertyDetailPage key={detail.slug} slug={detail.slug} />
  if (matchPath('/privacidade', path)) return <PrivacyPage />
  if (matchPath('/favoritos', path)) {
    return (
      <Suspense fallback={<Loading />}>
        <FavoritesPage />
      </Suspense>
    )
  }
  if (matchPath('/alertas/confirmar', path) || matchPath('/alertas/gerenciar', path)) {
    return (
      <Suspense fallback={<Loading />}>{matchPath('/alertas/confirmar', path) ? <ConfirmAlertPage /> : <ManageAlertsPage />}</Suspense>
    )
  }
  if (matchPath('/visitas', path)) {
    return (
      <Suspense fallback={<Loading />}>
        <VisitPage />
      </Suspense>
    )
  }
  if (matchPath('/admin', path) || path.startsWith('/admin/')) {
    return (
      <Suspense fallback={<Loading />}>
        <AdminApp />
      </Suspense>
    )
  }
  return <PageNotFound />
}

function Loading() {
  return (
    <main id="conteudo" className="container page-state">
      <p role="status">Carregando…</p>
    </main>
  )
}

/**
 * The site is the agency's: the header shows its logo, else its name, and
 * "Início" once it is known that no agency is set; while the agency
 * loads, the house alone, so that no other name flashes first. Staff's
 * way in is in the footer, not offered to visitors up here.
 */
/** The agency's colour on the public pages; the back office keeps the product's. */
function BrandColor({ active }: { active: boolean }) {
  useBrandColor(active)
  return null
}

function SiteHeader() {
  const agency = useAgency()
  const settled = useAgencySettled()
  const name = siteName(agency)
  // The uploaded logo in its small form, else an address typed before logos were uploaded.
  const logo = agency?.logo?.url ?? agency?.logo_url
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label={name ? undefined : 'Início'}>
          {logo ? (
            <img className="brand__logo" src={logo} alt={name} />
          ) : (
            <>
              <svg aria-hidden="true" width="30" height="30" viewBox="0 0 32 32">
                <rect width="32" height="32" rx="8" fill="currentColor" />
                <path d="M7 16.5 16 9l9 7.5V25h-6v-5h-6v5H7z" fill="#fff" />
              </svg>
              <span>{name || (settled ? 'Início' : '')}</span>
            </>
          )}
        </Link>
        <nav aria-label="Principal" className="site-nav">
          <Link to="/busca">Imóveis</Link>
          <FavoritesLink />
        </nav>
      </div>
    </header>
  )
}

/** "Favoritos" with how many are saved in this browser. */
function FavoritesLink() {
  const count = useFavorites().length
  return (
    <Link to="/favoritos" aria-label={count > 0 ? `Favoritos, ${plural(count, 'salvo', 'salvos')}` : undefined}>
      Favoritos
      {count > 0 && <span className="site-nav__count">{count}</span>}
    </Link>
  )
}

function SiteFooter() {
  const agency = useAgency()
  return (
    <footer className="site-footer">
      <div className="container">
        {agency && (
          <p className="site-footer__agency">
            {[agency.name, agency.creci_display, agency.address].filter(Boolean).join(' · ')}
          </p>
        )}
        {agency?.name && (
          <p>
            © {new Date().getFullYear()} {agency.name}
          </p>
        )}
        <p className="site-footer__links">
          <Link to="/privacidade">Política de privacidade</Link>
          <Link to="/admin">Acesso da equipe</Link>
        </p>
      </div>
    </footer>
  )
}

function PageNotFound() {
  return (
    <NotFound title="Página não encontrada" message="O endereço acessado não existe." back="Voltar para o início" />
  )
}
