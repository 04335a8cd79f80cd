/** storefront §3: the full name split on spaces — the last word is the last name, the words before it the first name. */
export function splitFullName(fullName: string | null | undefined): { firstName: string; lastName: string } {
  const words = (fullName ?? '').split(/\s+/).filter(Boolean)
  const lastName = words.pop() ?? ''
  return { firstName: words.join(' '), lastName }
}
