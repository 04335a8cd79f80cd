import type { EditorForm } from './editor-form'

/** What every section of the editor is given. */
export type SectionProps = {
  form: EditorForm
  /** the server's refusals by field path (`skus.2.price`) */
  errors: Record<string, string[]>
  onChange: (next: (form: EditorForm) => EditorForm) => void
}

export const errorOf = (errors: Record<string, string[]>, path: string) => errors[path]?.[0] ?? null

/** An error of a group (the images, the skus) that belongs to no single input. */
export function GroupError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p className="auth-error" role="alert">
      {message}
    </p>
  )
}
