import type { Ref } from 'react'
import type { PrivacyNotice } from '../lib/types'
import './visitorEmail.css'

/**
 * What a visitor's e-mail forms share (the saved search's alert, the
 * favourites' list): the address field with its error, and the privacy
 * notice the contact form shows, with the link to the policy.
 */
export function VisitorEmailField({
  id,
  value,
  error,
  inputRef,
  onChange,
}: {
  id: string
  value: string
  error: string | null
  inputRef: Ref<HTMLInputElement>
  onChange: (value: string) => void
}) {
  return (
    <div className="visitor-email">
      <label htmlFor={id}>E-mail</label>
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <div id={`${id}-error`} className="visitor-email__error">
          {error}
        </div>
      )}
    </div>
  )
}

/** The privacy notice beside a visitor's e-mail form; while it loads, says so. */
export function VisitorNotice({ notice, loading }: { notice: PrivacyNotice | null; loading: boolean }) {
  return (
    <section className="visitor-notice" aria-label="Aviso de privacidade">
      {notice ? notice.text.split('\n').map((line) => <p key={line}>{line}</p>) : <p>{loading ? 'Carregando o aviso de privacidade…' : ''}</p>}
      <a href={notice?.policy_url ?? '/privacidade'}>Política de privacidade</a>
    </section>
  )
}

/** A plausible e-mail address, checked before sending (the server checks it fully). */
export function plausibleEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
}
