import { type ReactNode, type SelectHTMLAttributes, useId } from 'react'

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  error?: string | null
  children: ReactNode
}

/** A labelled select, its error announced and tied to it (the select twin of ui/field's Field). */
export function SelectField({ label, error, children, ...select }: SelectFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="auth-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** What went wrong with a whole form, announced at once. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p className="auth-error" role="alert">
      {message}
    </p>
  )
}

/** A quiet confirmation ("a new code is on its way"), read out when it changes; always in the page. */
export function LiveStatus({ message }: { message: string | null }) {
  return (
    <p className="admin-status" role="status">
      {message}
    </p>
  )
}
