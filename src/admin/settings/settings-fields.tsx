import { t } from '../../i18n'
import { Field } from '../../ui/field'
import { TextArea } from '../form-parts'

type Texts = { en: string; bn: string }

/** The server's message for a field, by its path in the settings (`phones.0`, `name.en`). */
export type FieldErrors = Record<string, string>

type BilingualProps = {
  label: string
  /** the field's path in the settings, for its errors */
  path: string
  value: Texts
  onChange: (value: Texts) => void
  errors: FieldErrors
  multiline?: boolean
  /** the English text is required */
  required?: boolean
}

/** One text in English and in Bangla, side by side on a wide screen. */
export function BilingualField({
  label,
  path,
  value,
  onChange,
  errors,
  multiline,
  required,
}: BilingualProps) {
  const parts = [
    { language: 'en' as const, label: t('admin-settings.in-english', { label }) },
    { language: 'bn' as const, label: t('admin-settings.in-bangla', { label }) },
  ]
  return (
    <>
      {parts.map((part) => {
        const common = {
          label: part.label,
          value: value[part.language],
          error: errors[`${path}.${part.language}`],
          lang: part.language,
          required: required && part.language === 'en',
        }
        return multiline ? (
          <TextArea
            rows={5}
            key={part.language}
            {...common}
            onChange={(event) => onChange({ ...value, [part.language]: event.target.value })}
          />
        ) : (
          <Field
            key={part.language}
            {...common}
            onChange={(event) => onChange({ ...value, [part.language]: event.target.value })}
          />
        )
      })}
    </>
  )
}

type NumberProps = Omit<Parameters<typeof Field>[0], 'value' | 'onChange' | 'type'> & {
  value: number
  /** an emptied box is NaN, which the server refuses with the field's own message */
  onChange: (value: number) => void
}

/** A number in a box; `inputMode` and `step` say whole or decimal. */
export function NumberField({ value, onChange, ...props }: NumberProps) {
  return (
    <Field
      type="number"
      min={0}
      {...props}
      value={Number.isNaN(value) ? '' : String(value)}
      onChange={(event) =>
        onChange(event.target.value.trim() === '' ? Number.NaN : Number(event.target.value))
      }
    />
  )
}
