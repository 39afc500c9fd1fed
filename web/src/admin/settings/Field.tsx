import type { InputHTMLAttributes, ReactNode } from 'react'

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string
  label: string
  /** Shown under the field and read with it. */
  hint?: ReactNode
  /** The server's messages for this field (a 422's details). */
  errors?: string[]
}

/** A labelled input with its hint and its errors, tied to it by aria-describedby. */
export function Field({ id, label, hint, errors, ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = errors?.length ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ')
  return (
    <div className={`field${errorId ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      {errorId && (
        <div id={errorId} className="field__error">
          {errors?.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      {hint && (
        <p id={hintId} className="field__hint field__hint--left">
          {hint}
        </p>
      )}
    </div>
  )
}
