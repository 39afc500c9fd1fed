import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useAdminSession } from '../session/AdminSession'
import { countUnread } from './api'

interface UnreadValue {
  /** Leads with status "novo"; null until known (or when the server does not tell it). */
  count: number | null
  /** Takes the count a list of leads just brought. */
  set: (count: number) => void
  /** Asks the server for the count again (after a lead's status changed). */
  refresh: () => void
}

const UnreadContext = createContext<UnreadValue | null>(null)

/**
 * The count of unread leads for the navigation's badge, on every page of
 * the back office. The newest answer wins: a count asked for earlier never
 * replaces one set or asked for later.
 */
export function UnreadProvider({ children }: { children: ReactNode }) {
  const { request } = useAdminSession()
  const [count, setCount] = useState<number | null>(null)
  const latest = useRef(0)

  const set = useCallback((n: number) => {
    latest.current += 1
    setCount(n)
  }, [])

  const refresh = useCallback(() => {
    const ask = ++latest.current
    countUnread(request).then(
      (n) => {
        if (ask === latest.current && n !== undefined) setCount(n)
      },
      () => {
        // The badge stays as it was; the inbox shows its own errors.
      },
    )
  }, [request])

  useEffect(() => {
    refresh()
  }, [refresh])

  const value = useMemo(() => ({ count, set, refresh }), [count, set, refresh])
  return <UnreadContext value={value}>{children}</UnreadContext>
}

export function useUnread(): UnreadValue {
  const value = useContext(UnreadContext)
  if (!value) throw new Error('useUnread must be used inside <UnreadProvider>')
  return value
}

/**
 * The navigation's "Contatos" label with the unread count: seen as
 * "Contatos 3", named "Contatos, 3 não lidos". The name is one piece of
 * text: a browser puts a space before a hidden piece that follows the
 * visible word ("Contatos , 3 não lidos").
 */
export function LeadsNavLabel() {
  const { count } = useUnread()
  if (count === null || count <= 0) return <>Contatos</>
  return (
    <>
      <span aria-hidden="true">
        Contatos
        <span className="admin-badge">{count}</span>
      </span>
      <span className="visually-hidden">Contatos, {count === 1 ? '1 não lido' : `${count} não lidos`}</span>
    </>
  )
}
