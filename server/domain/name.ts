import type { Language } from '../../src/contract/language'

/** Names as stored: trimmed, inner runs of spaces collapsed, control characters dropped. */
export function cleanName(value: string | undefined | null): string {
  return (value ?? '')
    .replace(/\p{Cc}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** What a review by a shopper with no name on their account is signed, in the language they wrote in. */
export function namelessReviewer(shop: string, language: Language): string {
  return language === 'bn' ? `${shop}-এর ক্রেতা` : `${shop} shopper`
}

/** storefront §3: the last word is the last name, the words before it the first name (the PWA's own rule). */
export { splitFullName } from '../../src/lib/full-name'
