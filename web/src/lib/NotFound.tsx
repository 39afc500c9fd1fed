import { useEffect, type ReactNode } from 'react'
import { Link } from './router'

/**
 * A 404 page: what was not found, why, and the way back to the list. Its
 * document title is its heading alone, as the server's head of a page not
 * found names no site (it is written once, not from the agency's record).
 * children follow the box (what the page suggests instead).
 */
export function NotFound({
  title,
  message,
  back,
  children,
}: {
  title: string
  message: string
  back: string
  children?: ReactNode
}) {
  useEffect(() => {
    document.title = title
  }, [title])
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
      {children}
    </main>
  )
}
