import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react'

/** A very small history-API router: the client has only a handful of routes. */

export interface NavigateOptions {
  replace?: boolean
  /** Leaves without asking the guards (the page has just saved what it held). */
  force?: boolean
  /** Keeps the scroll position (a filter changed on the same page); by default a navigation starts at the top. */
  keepScroll?: boolean
}

/** Says whether the page may be left; it may ask the user. */
type Guard = () => boolean

interface RouterValue {
  path: string
  navigate: (to: string, options?: NavigateOptions) => void
  /** Adds a guard asked before each navigation; returns its removal. */
  addGuard: (guard: Guard) => () => void
}

const RouterContext = createContext<RouterValue | null>(null)

function currentPath(): string {
  return window.location.pathname + window.location.search
}

export function RouterProvider({ children }: { children: ReactNode }) {
  const [path, setPath] = useState(currentPath)
  const guards = useRef(new Set<Guard>())

  // The address the page shows, to go back to when a guard refuses the
  // browser's own back or forward.
  const shown = useRef(path)
  useEffect(() => {
    shown.current = path
  }, [path])

  useEffect(() => {
    const onPop = () => {
      if ([...guards.current].some((allows) => !allows())) {
        // The browser has already moved; put the page's address back.
        window.history.pushState(null, '', shown.current)
        return
      }
      setPath(currentPath())
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])

  const navigate = useCallback((to: string, options?: NavigateOptions) => {
    if (!options?.force && [...guards.current].some((allows) => !allows())) return
    if (options?.replace) window.history.replaceState(null, '', to)
    else window.history.pushState(null, '', to)
    setPath(currentPath())
    if (!options?.keepScroll) window.scrollTo(0, 0)
  }, [])

  const addGuard = useCallback((guard: Guard) => {
    guards.current.add(guard)
    return () => {
      guards.current.delete(guard)
    }
  }, [])

  const value = useMemo(() => ({ path, navigate, addGuard }), [path, navigate, addGuard])
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>
}

export function useRouter(): RouterValue {
  const value = useContext(RouterContext)
  if (!value) throw new Error('useRouter must be used inside <RouterProvider>')
  return value
}

/**
 * While `active`, asks the user to confirm before leaving the page: a
 * link or navigation inside the client asks with `message`, and closing
 * or reloading the tab gets the browser's own warning.
 */
export function useLeaveGuard(active: boolean, message: string) {
  const { addGuard } = useRouter()
  useEffect(() => {
    if (!active) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = '' // older browsers ask only when it is set
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    const remove = addGuard(() => window.confirm(message))
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      remove()
    }
  }, [active, message, addGuard])
}

export type Params = Record<string, string>

/**
 * Matches a pattern such as "/imoveis/:slug" against a path (query ignored).
 * Returns the decoded parameters, or null when it does not match.
 */
export function matchPath(pattern: string, path: string): Params | null {
  const pathname = path.split(/[?#]/, 1)[0].replace(/\/+$/, '') || '/'
  const want = pattern.split('/')
  const got = pathname.split('/')
  if (want.length !== got.length) return null
  const params: Params = {}
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (got[i] === '') return null
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i])
      } catch {
        return null
      }
    } else if (want[i] !== got[i]) {
      return null
    }
  }
  return params
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; keepScroll?: boolean }

/** An <a> that navigates through the router for plain left clicks. */
export function Link({ to, keepScroll, onClick, children, ...rest }: LinkProps) {
  const { navigate } = useRouter()
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (rest.target && rest.target !== '_self')
    ) {
      return
    }
    event.preventDefault()
    navigate(to, keepScroll ? { keepScroll } : undefined)
  }
  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  )
}
