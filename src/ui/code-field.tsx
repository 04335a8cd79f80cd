import { toLatinDigits } from '../contract/digits'
import { Field } from './field'

/** A code as typed: Bengali digits are the same digits, spaces and dashes are dropped, six at most. */
export function readCode(input: string): string {
  return toLatinDigits(input).replace(/\D/g, '').slice(0, 6)
}

type CodeFieldProps = {
  label: string
  value: string
  onCode: (code: string) => void
  name?: string
  error?: string | null
  autoFocus?: boolean
}

/**
 * The field of a six-digit one-time code (SMS or authenticator app): the number keyboard, the phone's
 * offer to fill in a code it received, and whatever is typed read as the code (`readCode`).
 */
export function CodeField({ label, value, onCode, name = 'code', error, autoFocus }: CodeFieldProps) {
  return (
    <Field
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      // room for a code typed with spaces or dashes; what is kept is six digits
      maxLength={12}
      value={value}
      onChange={(event) => onCode(readCode(event.target.value))}
      error={error}
      required
      autoFocus={autoFocus}
    />
  )
}
