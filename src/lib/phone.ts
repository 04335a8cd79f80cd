import { toLatinDigits } from '../contract/digits'

/**
 * SPEC §5 mobile number (Bangladesh): an optional +88, 88 or 00 country prefix, then the
 * 11-digit national number 01XXXXXXXXX whose operator digit is 3–9.
 */
export const MOBILE_NUMBER_PATTERN = /^(?:\+88|0088|88|00)?01[3-9]\d{8}$/

/** Spaces, dashes, dots and brackets people type between digit groups; Bengali digits read as Latin. */
function compact(input: string): string {
  return toLatinDigits(input.trim()).replace(/[\s\-.()]/g, '')
}

export function isMobileNumber(input: string): boolean {
  return MOBILE_NUMBER_PATTERN.test(compact(input))
}

/** The number as 01XXXXXXXXX, or null when it is not a valid mobile number. */
export function normalizeBdPhone(input: string): string | null {
  const value = compact(input)
  if (!MOBILE_NUMBER_PATTERN.test(value)) return null
  return value.slice(-11)
}
