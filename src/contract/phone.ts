import { toLatinDigits } from './digits'

/** storefront §5: optional +88, 88, 0088 or 00 prefix, then 11 digits starting 01 and an operator digit 3–9. */
export const BD_PHONE_PATTERN = /^(?:\+88|0088|88|00)?01[3-9]\d{8}$/

/**
 * A mobile number as typed, ready for the pattern: spaces, dashes, dots and brackets are how people group
 * digits (`01xxx-xxxxxx`) and carry no meaning; Bengali digits are the same digits.
 */
export function compactPhone(input: string): string {
  return toLatinDigits(input.trim()).replace(/[\s\-.()]/g, '')
}
