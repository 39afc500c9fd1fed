import type { ReactNode } from 'react'

/** A load that failed, said in an alert, with "Tentar novamente" when trying again may help. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div role="alert" className="notice notice--error">
      {children}
      {onRetry && (
        <>
          {' '}
          <button type="button" className="button button--ghost" onClick={onRetry}>
            Tentar novamente
          </button>
        </>
      )}
    </div>
  )
}
