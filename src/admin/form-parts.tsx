import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react'
import { t } from '../i18n'
import { Field } from '../ui/field'

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

/** A new password typed twice: `name` and `repeat`, each with its error. */
export function NewPasswordFields({
  name,
  errors,
  autoFocus,
}: {
  name: string
  errors: Record<string, string>
  autoFocus?: boolean
}) {
  return (
    <>
      <Field
        label={t('admin.new-password')}
        name={name}
        type="password"
        autoComplete="new-password"
        error={errors[name]}
        required
        autoFocus={autoFocus}
      />
      <Field
        label={t('admin.repeat-password')}
        name="repeat"
        type="password"
        autoComplete="new-password"
        error={errors.repeat}
        required
      />
    </>
  )
}

/** The new password of a form with `NewPasswordFields`, or null when the two entries differ. */
export function newPasswordOf(form: FormData, name: string): string | null {
  const password = String(form.get(name) ?? '')
  return password === String(form.get('repeat') ?? '') ? password : null
}

/** What a form shows when the two entries of a new password differ. */
export const passwordMismatch = () => ({ fields: { repeat: t('admin.password-mismatch') }, form: null })

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | null }

/** A labelled text area, its error announced and tied to it (the twin of ui/field's Field); three rows unless told. */
export function TextArea({ label, error, ...area }: TextAreaProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        rows={3}
        {...area}
      />
      {error && (
        <p id={errorId} className="auth-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
