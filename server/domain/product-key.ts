/**
 * A product is addressed by its slug or by its number. A key of 1 to 9 digits is a number (within
 * PostgreSQL's integer); anything else, a longer run of digits included, is looked up as a slug and simply
 * not found.
 */
export function productIdOfKey(key: string): number | null {
  return /^\d{1,9}$/.test(key) ? Number(key) : null
}
