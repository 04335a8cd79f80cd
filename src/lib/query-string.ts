/**
 * storefront §5 listing filters in the query string. Values are joined with commas, so commas and
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

/** storefront §5: for the category filter only the last entry of a comma-separated value is kept. */
export function lastCategory(raw: string | undefined): string | undefined {
  const entries = decodeList(raw)
  return entries.at(-1)
}

/** A value a shopper gives a filter: a text, a list of texts, an amount, a flag, or none. */
export type FilterValue = string | readonly string[] | number | boolean | undefined

/** The query-string form of one filter's value; undefined when the filter is to be removed. */
function encodeFilter(key: string, value: FilterValue): string | number | true | undefined {
  if (Array.isArray(value)) return encodeList(value)
  if (typeof value === 'string') {
    const trimmed = value.trim()
    if (!trimmed) return undefined
    return key === 'category' ? lastCategory(trimmed) : escapeValue(trimmed)
  }
  if (value === false) return undefined
  return value as number | true | undefined
}

/**
 * The search patch that sets several filters at once, to be merged into the current search in one
 * navigation (`search: (prev) => ({ ...prev, ...patch })`): an empty value (empty string, empty list,
 * false, undefined) removes its filter, the category keeps its last comma entry, and any change of
 * filters returns to page 1.
 */
export function filterPatch<S extends { page?: number }>(filters: { [K in keyof S]?: FilterValue }): S {
  const patch: Record<string, FilterValue> = { page: undefined }
  for (const [key, value] of Object.entries(filters)) patch[key] = encodeFilter(key, value as FilterValue)
  return patch as S
}

/** Writes one search value as plain text: a list the codec's way, anything else as it reads. */
function stringifyValue(value: unknown): string {
  if (Array.isArray(value)) return encodeList(value.map(String)) ?? ''
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * The router's query string: every value as plain text (`size=28`, `size=28,30`, `minPrice=1000`),
 * never JSON-quoted, with the codec's commas left readable.
 */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) params.set(key, stringifyValue(value))
  }
  // URLSearchParams writes %2C only for a comma, so this is still read back exactly
  const query = params.toString().replaceAll('%2C', ',')
  return query ? `?${query}` : ''
}

/** Links written before the plain form quoted some values as JSON (`size="28"`); they read as the text inside. */
function readValue(raw: string): string {
  if (raw.length < 2 || !raw.startsWith('"') || !raw.endsWith('"')) return raw
  try {
    const text: unknown = JSON.parse(raw)
    return typeof text === 'string' ? text : raw
  } catch {
    return raw
  }
}

/**
 * Reads the query string as texts; a key given more than once reads as a list. The routes' schemas
 * turn texts into numbers and flags, so a numeric-looking size such as 28 stays the text "28".
 */
export function parseSearch(query: string): Record<string, string | string[]> {
  const search: Record<string, string | string[]> = Object.create(null)
  for (const [key, raw] of new URLSearchParams(query)) {
    const value = readValue(raw)
    const previous = search[key]
    search[key] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]
  }
  return search
}
