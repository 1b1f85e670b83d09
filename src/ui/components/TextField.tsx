import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string
  /** Shown under the field and tied to it by aria-describedby; marks the field invalid. */
  error?: string | undefined
  hint?: string | undefined
  /** Rendered after the input inside the field (a suffix, a Max button). */
  end?: ReactNode
  hideLabel?: boolean
}

/** A labelled input with its hint and error wired for assistive technology. */
export function TextField({ label, error, hint, end, hideLabel = false, className, ...input }: TextFieldProps) {
  const id = useId()
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className="portico-field">
      <label htmlFor={id} className={hideLabel ? 'portico-visually-hidden' : 'portico-label'}>
        {label}
      </label>
      <div className={['portico-input-wrap', error ? 'portico-input-invalid' : ''].filter(Boolean).join(' ')}>
        <input id={id} className={['portico-input', className].filter(Boolean).join(' ')} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {end}
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="portico-hint portico-small">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="portico-error portico-small" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
