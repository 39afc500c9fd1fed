import type { ChangeEventHandler, InputHTMLAttributes, ReactNode } from 'react'

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string
  label: string
  /** Shown under the field and read with it. */
  hint?: ReactNode
  /** The server's messages for this field (a 422's details). */
  errors?: string[]
  /** Makes the field a select of these choices. */
  options?: ReadonlyArray<{ value: string; label: string }>
}

/** A labelled input with its hint and its errors, tied to it by aria-describedby. */
export function Field({ id, label, hint, errors, options, ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = errors?.length ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ')
  return (
    <div className={`field${errorId ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {options ? (
        <select
          id={id}
          name={input.name}
          value={input.value}
          disabled={input.disabled}
          required={input.required}
          // Both controls give the handler an event whose target has the value.
          onChange={input.onChange as unknown as ChangeEventHandler<HTMLSelectElement>}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy || undefined}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      )}
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
