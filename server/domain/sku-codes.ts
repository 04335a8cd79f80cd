/**
 * Sku codes made for an owner who leaves them empty: the product's short code and the sku's option values,
 * `PNJ-014-M-RED` for size M, red of product 14 named "Panjabi …". The short code is three letters of the
 * product's English name (its first letter and the consonants after it, `Panjabi` → `PNJ`, `Saree` → `SAR`)
 * and the product's number, at least three digits; each value is written in capitals, a-z and 0-9 words
 * joined by dashes (a value with no Latin letters, such as `লাল`, is the option's initial and its place:
 * `C1`). A code is ASCII, at most SKU_CODE_MAX characters, unique in the shop (`-2`, `-3` … when another sku
 * holds it), and made once: it is saved with the sku and never made again.
 */

export const SKU_CODE_MAX = 40
/** room kept at the end of a code for the `-2` … `-999` that makes it unique */
const SUFFIX_ROOM = 4
const FALLBACK_LETTERS = 'PRD'

const latin = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()

/** `Panjabi` → `PNJ`: the first letter, then the consonants after it, then other letters, in their order. */
export function nameLetters(name: string): string {
  const words = latin(name)
    .split(/[^A-Z]+/)
    .filter(Boolean)
  const first = words[0] ?? ''
  const word = first.length >= 3 ? first : words.join('')
  if (!word) return FALLBACK_LETTERS
  const picked = [0]
  for (let at = 1; at < word.length && picked.length < 3; at += 1) {
    if (!'AEIOU'.includes(word[at] ?? '')) picked.push(at)
  }
  for (let at = 1; at < word.length && picked.length < 3; at += 1) {
    if (!picked.includes(at)) picked.push(at)
  }
  return picked
    .sort((a, b) => a - b)
    .map((at) => word[at])
    .join('')
}

/** `PNJ-014`: the product's letters and its number. */
export function productCode(name: string, productId: number): string {
  return `${nameLetters(name)}-${String(productId).padStart(3, '0')}`
}

/** The product's code as its codes already carry it (`PNJ-014-…` for product 14), so that new skus share it. */
export function keptProductCode(productId: number, codes: readonly string[]): string | null {
  const pattern = new RegExp(`^([A-Z]{1,3}-0*${productId})(?:-|$)`)
  for (const code of codes) {
    const found = pattern.exec(code)
    if (found?.[1]) return found[1]
  }
  return null
}

/** One value as a code writes it: `Navy Blue` → `NAVY-BLUE`; '' when it has no Latin letter or digit. */
const valuePart = (value: string) =>
  latin(value)
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/**
 * The code a sku of `values` gets: the product's code and each value in the options' order, shortened to fit.
 * `options` gives each option's values, for the place of a value that has no Latin letters.
 */
export function skuCode(
  base: string,
  options: readonly { name: string; values: readonly string[] }[],
  values: Record<string, string>,
): string {
  const parts = options.map((option) => {
    const value = values[option.name] ?? ''
    const part = valuePart(value)
    if (part) return part
    const initial = latin(option.name).replace(/[^A-Z]/g, '')[0] ?? 'V'
    return `${initial}${option.values.indexOf(value) + 1}`
  })
  const room = SKU_CODE_MAX - SUFFIX_ROOM - base.length - parts.length
  const each = parts.length ? Math.max(1, Math.floor(room / parts.length)) : 0
  const fitted = parts.map((part) => (part.length > each ? part.slice(0, each).replace(/-+$/, '') : part))
  return [base, ...fitted]
    .join('-')
    .slice(0, SKU_CODE_MAX - SUFFIX_ROOM)
    .replace(/-+$/, '')
}

/** `code`, or `code-2`, `code-3` … : the first that `taken` (upper-case codes) does not hold; it is then taken. */
export function freeCode(code: string, taken: Set<string>): string {
  let candidate = code
  for (let next = 2; taken.has(candidate.toUpperCase()); next += 1) candidate = `${code}-${next}`
  taken.add(candidate.toUpperCase())
  return candidate
}
