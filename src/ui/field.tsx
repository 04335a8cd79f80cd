import './form.css'
import { type InputHTMLAttributes, useId } from 'react'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null }

/** A labelled input; its error is announced and tied to it. */
export function Field({ label, error, ...input }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="auth-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

export const PHONE_PLACEHOLDER = '01xxx-xxxxxx'
export const phoneInputProps = {
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel-national',
  placeholder: PHONE_PLACEHOLDER,
  maxLength: 20,
} as const
