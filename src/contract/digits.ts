/**
 * Bengali digits (০–৯, U+09E6–U+09EF), as shoppers type them on a Bangla keyboard. What a person types is read
 * in Latin digits everywhere (`০১৭১২৩৪৫৬৭৮` is the number 01712345678); Bangla pages show Bengali digits.
 */
const BENGALI_ZERO = 0x09e6

export function toLatinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO))
}

export function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(BENGALI_ZERO + Number(digit)))
}
