import { type ListingFilters, listingFilters } from '../../src/contract/product'
import '../messages/zod-english'

export type ParsedFilters = { ok: true; filters: ListingFilters } | { ok: false; messages: string[] }

/** The listing's `filters` parameter: JSON text of `listingFilters`; empty means no filters. */
export function parseListingFilters(text: string | undefined): ParsedFilters {
  if (text === undefined || text.trim() === '') return { ok: true, filters: {} }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, messages: ['Filters must be a JSON object'] }
  }
  const parsed = listingFilters.safeParse(value)
  if (parsed.success) return { ok: true, filters: parsed.data }
  return {
    ok: false,
    messages: parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    ),
  }
}

/** Escapes LIKE wildcards so a shopper's `%` or `_` matches literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Lower-cased, trimmed, inner whitespace collapsed: how search terms are compared. */
export const normaliseSearch = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ')

const sizeRank = [
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '2-3Y',
  '4-5Y',
  '6-7Y',
  '8-9Y',
  '10-11Y',
  'Free Size',
  'One Size',
]

/**
 * Texts compared as `localeCompare` does, by a collator made once when the server starts: the first
 * `localeCompare` readies the locale's collation rules, which held a listing for about 15 ms after every start.
 */
const collator = new Intl.Collator()
export const compareText = (a: string, b: string): number => collator.compare(a, b)

/** Sizes in the order a size picker shows them: letters, kids' ages, numbers, then the rest. */
export function compareSizes(a: string, b: string): number {
  const ra = sizeRank.indexOf(a)
  const rb = sizeRank.indexOf(b)
  if (ra >= 0 && rb >= 0) return ra - rb
  const na = Number(a)
  const nb = Number(b)
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb
  if (ra >= 0) return -1
  if (rb >= 0) return 1
  if (Number.isFinite(na)) return -1
  if (Number.isFinite(nb)) return 1
  return compareText(a, b)
}

/** A filters object without the given keys: facets count with every other filter applied. */
export function withoutFilters(filters: ListingFilters, ...keys: (keyof ListingFilters)[]): ListingFilters {
  const copy: ListingFilters = { ...filters }
  for (const key of keys) delete copy[key]
  return copy
}

const DAY_MS = 86_400_000
/** Asia/Dhaka is UTC+6 all year */
const DHAKA_OFFSET_MS = 6 * 3_600_000

/** When the Asia/Dhaka day of `now` started (ms): what a filter relative to today counts from. */
export const dhakaToday = (now: number) =>
  Math.floor((now + DHAKA_OFFSET_MS) / DAY_MS) * DAY_MS - DHAKA_OFFSET_MS

/** Since when a product is new in the last `days` days: today and the `days - 1` before it, in Dhaka. */
export const newSince = (days: number, today: number) => today - (days - 1) * DAY_MS

/** Which slice of which rank a page covers: [rank, offset inside it, how many]. */
export function tierSlices(counts: number[], offset: number, limit: number): [number, number, number][] {
  const slices: [number, number, number][] = []
  let skip = offset
  let need = limit
  counts.forEach((count, tier) => {
    if (need <= 0) return
    if (skip >= count) {
      skip -= count
      return
    }
    const take = Math.min(need, count - skip)
    slices.push([tier, skip, take])
    need -= take
    skip = 0
  })
  return slices
}
