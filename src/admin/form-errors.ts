import { t } from '../i18n'
import { ApiRequestError } from '../lib/api'

/**
 * A failed write, split for a form: the server's messages for the form's own fields go next to those
 * fields (`{ error: { phone: ['…'] } }`), everything else above the button.
 */
export type FormErrors = { fields: Record<string, string>; form: string | null }

export const noErrors: FormErrors = { fields: {}, form: null }

export function formErrors(error: unknown, fieldNames: readonly string[]): FormErrors {
  if (!(error instanceof ApiRequestError)) return { fields: {}, form: t('common.failed') }
  const fields: Record<string, string> = {}
  const rest: string[] = []
  for (const [field, messages] of Object.entries(error.fields)) {
    if (fieldNames.includes(field) && messages[0]) fields[field] = messages[0]
    else rest.push(...messages)
  }
  const nothingSaid = Object.keys(fields).length === 0 && rest.length === 0
  return { fields, form: nothingSaid ? error.message : rest.length > 0 ? rest.join(' ') : null }
}
