import { compactPhone } from '../../src/contract/phone'

/** What a customer search asks for: a number ending in these digits, or a name holding all these words. */
export type CustomerSearch = { phoneEnding: string } | { words: string[] } | null

/**
 * Reads the back office's search box: digits (as typed, grouped or in Bangla, with or without +88) are a
 * number or its last digits; anything else is words of the name. Fewer than 3 digits would match most of
 * the shop, so they are read as words, which match nothing of a name.
 */
export function customerSearch(q: string | undefined): CustomerSearch {
  const text = q?.trim() ?? ''
  if (!text) return null
  const compact = compactPhone(text).replace(/^\+/, '')
  if (/^\d{3,}$/.test(compact)) {
    // the local number is the last 11 digits of one written with a country code
    return { phoneEnding: compact.length > 11 ? compact.slice(-11) : compact }
  }
  const words = text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)
  return words.length ? { words } : null
}

export const CUSTOMER_CSV_HEADER = [
  'id',
  'name',
  'phone',
  'email',
  'status',
  'orders',
  'delivered_total',
  'last_order_at',
  'joined_at',
] as const
