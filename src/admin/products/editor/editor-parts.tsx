import { type TextareaHTMLAttributes, useId } from 'react'
import type { EditorForm } from './editor-form'

/** What every section of the editor is given. */
export type SectionProps = {
  form: EditorForm
  /** the server's refusals by field path (`skus.2.price`) */
  errors: Record<string, string[]>
  onChange: (next: (form: EditorForm) => EditorForm) => void
}

export const errorOf = (errors: Record<string, string[]>, path: string) => errors[path]?.[0] ?? null

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | null }

/** A labelled text area, its error announced and tied to it (the twin of ui/field's Field). */
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

/** An error of a group (the images, the skus) that belongs to no single input. */
export function GroupError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p className="auth-error" role="alert">
      {message}
    </p>
  )
}
