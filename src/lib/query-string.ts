/**
 * SPEC §5 listing filters in the query string. Values are joined with commas, so commas and
 * ampersands inside a value are written as placeholder tokens and restored on reading.
 */
export const COMMA_TOKEN = '__comma__'
export const AMPERSAND_TOKEN = '__and__'

export function escapeValue(value: string): string {
  return value.replaceAll(',', COMMA_TOKEN).replaceAll('&', AMPERSAND_TOKEN)
}

export function unescapeValue(value: string): string {
  return value.replaceAll(COMMA_TOKEN, ',').replaceAll(AMPERSAND_TOKEN, '&')
}

/** Several values as one query value: `a,b` (each value escaped). Empty list → undefined. */
export function encodeList(values: readonly string[]): string | undefined {
  const kept = values.map((value) => value.trim()).filter(Boolean)
  return kept.length ? kept.map(escapeValue).join(',') : undefined
}

/** The values of one query value; empty entries are dropped. */
export function decodeList(raw: string | undefined): string[] {
  if (!raw) return []
  return raw
    .split(',')
    .map((part) => unescapeValue(part).trim())
    .filter(Boolean)
}

/** SPEC §5: for the category filter only the last entry of a comma-separated value is kept. */
export function lastCategory(raw: string | undefined): string | undefined {
  const entries = decodeList(raw)
  return entries.at(-1)
}

type SearchValue = string | number | boolean | undefined

/**
 * Sets one filter: an empty value (empty string, empty list, false, undefined) removes the
 * filter; the category keeps its last comma entry. Changing a filter returns to page 1.
 */
export function applyFilter<S extends Record<string, SearchValue>>(
  search: S,
  key: string,
  value: string | readonly string[] | number | boolean | undefined,
): S {
  const next: Record<string, SearchValue> = { ...search }
  delete next.page
  let encoded: SearchValue
  if (Array.isArray(value)) encoded = encodeList(value)
  else if (typeof value === 'string') {
    const trimmed = value.trim()
    encoded = trimmed ? (key === 'category' ? lastCategory(trimmed) : escapeValue(trimmed)) : undefined
  } else if (value === false) encoded = undefined
  else encoded = value as SearchValue
  if (encoded === undefined || encoded === '') delete next[key]
  else next[key] = encoded
  return next as S
}
