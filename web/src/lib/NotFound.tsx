import { Link } from './router'

/** A 404 page: what was not found, why, and the way back to the list. */
export function NotFound({ title, message, back }: { title: string; message: string; back: string }) {
  return (
    <main id="conteudo" className="container page-state">
      <div className="page-state__box">
        <p className="page-state__code" aria-hidden="true">
          404
        </p>
        <h1>{title}</h1>
        <p>{message}</p>
        <Link to="/" className="button button--primary">
          {back}
        </Link>
      </div>
    </main>
  )
}
