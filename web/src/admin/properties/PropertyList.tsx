import { useState } from 'react'
import { useAdminSession } from '../session/AdminSession'
import { listProperties } from './api'
import { formatBRL } from '../../lib/money'
import { Link } from '../../lib/router'
import { useResource } from '../../lib/useResource'
import { getEmbedUrl } from '../../video/embed'

const PER_PAGE = 50

export function PropertyList() {
  const { request } = useAdminSession()
  const [page, setPage] = useState(1)
  const list = useResource(`admin-list:${page}`, (signal) => listProperties(request, page, PER_PAGE, signal))

  if (list.status === 'loading') return <p role="status">Carregando imóveis…</p>
  if (list.status === 'error') {
    return (
      <div role="alert" className="notice notice--error">
        Não foi possível carregar os imóveis.{' '}
        <button type="button" className="button button--ghost" onClick={list.retry}>
          Tentar novamente
        </button>
      </div>
    )
  }

  const { items, total } = list.data
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))
  return (
    <section aria-labelledby="admin-list-heading">
      <h2 id="admin-list-heading">Imóveis ({total})</h2>
      {items.length === 0 ? (
        <p className="muted">Nenhum imóvel cadastrado.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Imóvel</th>
                <th scope="col">Local</th>
                <th scope="col">Preço</th>
                <th scope="col">Situação</th>
                <th scope="col">Vídeo</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id} className={p.is_active ? undefined : 'is-inactive'}>
                  <th scope="row">
                    <span className="admin-table__title">{p.title}</span>
                    {p.code && <span className="admin-table__code">Cód. {p.code}</span>}
                  </th>
                  <td>
                    {p.neighborhood.name}, {p.city.name} – {p.city.state}
                  </td>
                  <td>{formatBRL(p.price) ?? '—'}</td>
                  <td>
                    {p.is_active ? <span className="tag tag--ok">Ativo</span> : <span className="tag tag--danger">Inativo</span>}
                  </td>
                  <td>{videoLabel(p.video_url, p.video_position)}</td>
                  <td className="admin-table__actions">
                    <Link to={`/admin/imoveis/${p.id}`} aria-label={`Editar vídeo de ${p.title}`}>
                      Editar vídeo
                    </Link>
                    {p.is_active && (
                      <Link to={`/imoveis/${p.slug}`} aria-label={`Ver página de ${p.title}`}>
                        Ver página
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="admin-pager" aria-label="Paginação">
          <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Página anterior
          </button>
          <span>
            Página {page} de {pages}
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Próxima página
          </button>
        </nav>
      )}
    </section>
  )
}

function videoLabel(url: string | null, position: string): string {
  if (!url) return 'Sem vídeo'
  if (getEmbedUrl(url).type === 'unknown') return 'Endereço não reconhecido'
  return position === 'carousel' ? 'Carrossel' : 'Seção própria'
}
