import { Component, type ErrorInfo, type ReactNode } from 'react'

type Props = {
  /** What the page is; a new value (another address) tries the page again. */
  resetKey: string
  /** The fallback is the page's main landmark (the public pages), or a section inside one (the back office). */
  landmark: boolean
  children: ReactNode
}

type State = { failed: boolean; key: string }

/**
 * Keeps a page that fails to render from blanking the whole site: React
 * unmounts the tree on an uncaught render error, and without a boundary a
 * single bad value (an import answer that broke a list) took the header,
 * the navigation and every other page with it. The fallback says so and
 * offers a reload; moving to another address renders the page again.
 */
export class PageBoundary extends Component<Props, State> {
  state: State = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed to render', error, info.componentStack)
  }

  render() {
    if (!this.state.failed) return this.props.children
    const box = (
      <div className="page-state__box" role="alert">
        <h1>Não foi possível mostrar esta página</h1>
        <p>Algo deu errado ao montar a página. Recarregue; se o problema continuar, avise o responsável pelo site.</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Recarregar a página
        </button>
      </div>
    )
    return this.props.landmark ? (
      <main id="conteudo" className="container page-state">
        {box}
      </main>
    ) : (
      <section className="page-state">{box}</section>
    )
  }
}
