import { useEffect, useRef, useState } from 'react'

type Download = { kind: 'idle' | 'working' | 'error' } | { kind: 'ready'; url: string; name: string }

interface Props {
  /** The button's text ("Exportar CSV"). */
  label: string
  /** Fetches the file, through the session's request. */
  fetchFile: () => Promise<Blob>
  /** The name the file is saved under, made when it arrives. */
  fileName: () => string
  /** What the alert says when the file could not be fetched. */
  failure: string
  statusClassName?: string
}

/**
 * A button that fetches a file and saves it: the browser saves it at once,
 * and a link to it stays in the status line for another try.
 */
export function DownloadButton({ label, fetchFile, fileName, failure, statusClassName }: Props) {
  const [state, setState] = useState<Download>({ kind: 'idle' })
  const link = useRef<HTMLAnchorElement>(null)
  const url = state.kind === 'ready' ? state.url : null

  useEffect(() => {
    if (!url) return
    link.current?.click()
    return () => URL.revokeObjectURL(url)
  }, [url])

  const run = async () => {
    setState({ kind: 'working' })
    try {
      const blob = await fetchFile()
      setState({ kind: 'ready', url: URL.createObjectURL(blob), name: fileName() })
    } catch {
      setState({ kind: 'error' })
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => void run()} disabled={state.kind === 'working'}>
        {state.kind === 'working' ? 'Exportando…' : label}
      </button>
      <span role="status" className={statusClassName}>
        {state.kind === 'ready' && (
          <a ref={link} href={state.url} download={state.name}>
            Baixar {state.name}
          </a>
        )}
      </span>
      {state.kind === 'error' && (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      )}
    </>
  )
}
