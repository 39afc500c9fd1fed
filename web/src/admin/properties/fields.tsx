import { createContext, useContext, type ReactNode } from 'react'
import type { FieldErrors } from '../../lib/types'
import { inputId, type FormValues } from './formModel'

/** The form's values, their setter and the messages per field, for the inputs of its sections. */
export interface FormContextValue {
  values: FormValues
  set: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void
  errors: FieldErrors
}

export const FormContext = createContext<FormContextValue | null>(null)

export function useForm(): FormContextValue {
  const value = useContext(FormContext)
  if (!value) throw new Error('useForm must be used inside the property form')
  return value
}

/** What an input needs to be named, described and marked invalid. */
export interface InputProps {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
  'aria-required'?: true
}

interface FieldProps {
  /** The API's name of the field ("city.name"): its errors and its input's id. */
  field: string
  label: ReactNode
  hint?: ReactNode
  required?: boolean
  className?: string
  children: (input: InputProps) => ReactNode
}

/** A label above its input, a hint, and the server's messages under it. */
export function Field({ field, label, hint, required, className, children }: FieldProps) {
  const { errors } = useForm()
  const id = inputId(field)
  const messages = errors[field]
  const describedBy = [hint ? `${id}-hint` : null, messages ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className={`field${messages ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <Required />}
      </label>
      {children({
        id,
        'aria-invalid': messages ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="field__hint field__hint--left">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  )
}

export function Required() {
  return (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  )
}

export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages) return null
  return (
    <div id={id} className="field__error">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  )
}

type TextKey = { [K in keyof FormValues]: FormValues[K] extends string ? K : never }[keyof FormValues]

interface TextFieldProps {
  name: TextKey
  field?: string
  label: ReactNode
  hint?: ReactNode
  required?: boolean
  maxLength?: number
  inputMode?: 'text' | 'numeric' | 'decimal' | 'url'
  placeholder?: string
  autoComplete?: string
  className?: string
  /** Rewrites the text as it is typed (a mask). */
  format?: (text: string) => string
}

/** A one-line text input bound to a form value. */
export function TextField({ name, field = name, format, className, label, hint, required, ...input }: TextFieldProps) {
  const { values, set } = useForm()
  return (
    <Field field={field} label={label} hint={hint} required={required} className={className}>
      {(props) => (
        <input
          {...props}
          {...input}
          name={field}
          type="text"
          autoComplete={input.autoComplete ?? 'off'}
          value={values[name]}
          onChange={(e) => set(name, format ? format(e.target.value) : e.target.value)}
        />
      )}
    </Field>
  )
}

/** A money input: Brazilian format, "R$" before it. */
export function MoneyField(props: Omit<TextFieldProps, 'inputMode' | 'placeholder'>) {
  return <TextField {...props} inputMode="decimal" placeholder="0,00" className="field--money" />
}

interface SelectFieldProps {
  name: TextKey
  field?: string
  label: ReactNode
  hint?: ReactNode
  required?: boolean
  options: ReadonlyArray<{ value: string; label: string }>
}

export function SelectField({ name, field = name, label, hint, required, options }: SelectFieldProps) {
  const { values, set } = useForm()
  return (
    <Field field={field} label={label} hint={hint} required={required}>
      {(props) => (
        <select {...props} name={field} value={values[name]} onChange={(e) => set(name, e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

type BoolKey = { [K in keyof FormValues]: FormValues[K] extends boolean ? K : never }[keyof FormValues]

export function CheckboxField({ name, label, hint }: { name: BoolKey; label: string; hint: string }) {
  const { values, set, errors } = useForm()
  const id = inputId(name)
  return (
    <div className={`check${errors[name] ? ' field--invalid' : ''}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={values[name]}
        onChange={(e) => set(name, e.target.checked)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-hint${errors[name] ? ` ${id}-error` : ''}`}
      />
      <span>
        <label htmlFor={id} className="check__label">
          {label}
        </label>
        <span id={`${id}-hint`} className="radio__hint">
          {hint}
        </span>
        <FieldError id={`${id}-error`} messages={errors[name]} />
      </span>
    </div>
  )
}
