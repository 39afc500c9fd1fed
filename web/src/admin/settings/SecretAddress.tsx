import { useState } from 'react'
import { byWhom } from '../dates'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import type { PortalFeed } from './api'

interface Props {
  initial: PortalFeed
  /** The input's id and label. */
  id: string
  label: string
  /** Makes a new address on the server. */
  rotate: () => Promise<PortalFeed>
  /** The button's name, the dialog's title and text, and what is said once done. */
  rotateLabel: string
  confirmTitle: string
  confirmText: string
  doneText: string
}

/**
 * An address whose secret is its credential (the portals' feed, the portals' leads): shown to be
 * pasted into the portal, and replaced when it has leaked (the old one stops at once, so it asks first).
 */
export function SecretAddress({ initial, id, label, rotate, rotateLabel, confirmTitle, confirmText, doneText }: Props) {
  const [current, setCurrent] = useState(initial)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      setCurrent(await rotate())
      setAsking(false)
      setDone(true)
    } catch {
      setError('Não foi possível gerar um novo endereço. Tente novamente.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <label className="settings__feed-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="settings__feed-url" type="text" readOnly value={current.url} onFocus={(e) => e.target.select()} />
      <p className="muted settings__meta">Endereço gerado {byWhom(current.rotated_by, current.rotated_at)}.</p>
      <p role="status" className={done ? 'notice notice--success' : 'visually-hidden'}>
        {done ? doneText : ''}
      </p>
      <div className="settings__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDone(false)
            setAsking(true)
          }}
        >
          {rotateLabel}
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={confirmTitle}
          confirmLabel={rotateLabel}
          busyLabel="Gerando…"
          busy={busy}
          error={error}
          onConfirm={confirm}
          onCancel={() => {
            setAsking(false)
            setError(null)
          }}
        >
          <p>{confirmText}</p>
        </ConfirmDialog>
      )}
    </>
  )
}
