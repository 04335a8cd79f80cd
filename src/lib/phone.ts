import { BD_PHONE_PATTERN, compactPhone } from '../contract/phone'

/**
 * storefront §5 mobile number (Bangladesh): an optional +88, 88 or 00 country prefix, then the 11-digit national
 * number 01XXXXXXXXX whose operator digit is 3–9. The contract's rule (`contract/phone.ts`), for forms.
 */
export function isMobileNumber(input: string): boolean {
  return BD_PHONE_PATTERN.test(compactPhone(input))
}

/** The number as 01XXXXXXXXX, or null when it is not a valid mobile number. */
export function normalizeBdPhone(input: string): string | null {
  const value = compactPhone(input)
  if (!BD_PHONE_PATTERN.test(value)) return null
  return value.slice(-11)
}
