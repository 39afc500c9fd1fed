import { useRef, useState } from 'react'
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
 * copied into the portal, and replaced when it has leaked (the old one stops at once, so it asks first).
 */
export function SecretAddress({ initial, id, label, rotate, rotateLabel, confirmTitle, confirmText, doneText }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const [current, setCurrent] = useState(initial)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(current.url)
      setNotice({ text: 'Endereço copiado.', ok: true })
    } catch {
      // Without the clipboard (an insecure origin, a refused permission),
      // the address is selected so that the keyboard copies it.
      input.current?.select()
      setNotice({ text: 'Não foi possível copiar: o endereço está selecionado, copie-o com Ctrl+C.', ok: false })
    }
  }

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      setCurrent(await rotate())
      setAsking(false)
      setNotice({ text: doneText, ok: true })
    } catch {
      setError('Não foi possível gerar um novo endereço. Tente novamente.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <label className="portals__feed-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="portals__feed-url"
        type="text"
        readOnly
        value={current.url}
        onFocus={(e) => e.target.select()}
      />
      <p className="muted portals__meta">Endereço gerado {byWhom(current.rotated_by, current.rotated_at)}.</p>
      <p role="status" className={notice ? `notice ${notice.ok ? 'notice--success' : 'notice--info'}` : 'visually-hidden'}>
        {notice?.text ?? ''}
      </p>
      <div className="portals__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copiar endereço
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setNotice(null)
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
