/** Names as stored: trimmed, inner runs of spaces collapsed, control characters dropped. */
export function cleanName(value: string | undefined | null): string {
  return (value ?? '')
    .replace(/\p{Cc}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** storefront §3: the last word is the last name, the words before it the first name (the PWA's own rule). */
export { splitFullName } from '../../src/lib/full-name'
