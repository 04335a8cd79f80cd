import type { OptionKind } from '../../src/contract/admin-option-labels'

/**
 * Common colours in Bangla as shoppers in Bangladesh say them: what a colour is named on Bangla pages until the
 * shop gives it a Bangla of its own. Keys are the English value in lower case.
 */
const BUILT_IN_COLOURS: Record<string, string> = {
  red: 'লাল',
  blue: 'নীল',
  'navy blue': 'নেভি ব্লু',
  navy: 'নেভি ব্লু',
  'sky blue': 'আকাশি',
  'royal blue': 'রয়্যাল ব্লু',
  black: 'কালো',
  white: 'সাদা',
  'off white': 'অফ-হোয়াইট',
  'off-white': 'অফ-হোয়াইট',
  cream: 'ঘিয়ে',
  ivory: 'ঘিয়ে',
  green: 'সবুজ',
  'olive green': 'জলপাই সবুজ',
  olive: 'জলপাই সবুজ',
  'bottle green': 'বোতল সবুজ',
  yellow: 'হলুদ',
  mustard: 'সরিষা হলুদ',
  pink: 'গোলাপি',
  maroon: 'মেরুন',
  grey: 'ধূসর',
  gray: 'ধূসর',
  brown: 'বাদামি',
  beige: 'বেইজ',
  orange: 'কমলা',
  purple: 'বেগুনি',
  violet: 'বেগুনি',
  magenta: 'ম্যাজেন্টা',
  teal: 'টিয়া নীল',
  gold: 'সোনালি',
  golden: 'সোনালি',
  silver: 'রুপালি',
  multicolour: 'বহু রঙের',
  multicolor: 'বহু রঙের',
}

/** Sizes that have a Bangla name; letters (S, M, L, XL) and numbers stay as they are, as shops write them. */
const BUILT_IN_SIZES: Record<string, string> = {
  'free size': 'ফ্রি সাইজ',
  free: 'ফ্রি সাইজ',
  'one size': 'ফ্রি সাইজ',
}

const builtIn: Record<OptionKind, Record<string, string>> = { size: BUILT_IN_SIZES, colour: BUILT_IN_COLOURS }

/** The key a value is looked up by: its words in lower case, spaces single. */
export const optionKey = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase()

/** The Bangla the built-in list gives a value, or '' when it has none. */
export function builtInBangla(kind: OptionKind, value: string): string {
  return builtIn[kind][optionKey(value)] ?? ''
}

/** The shop's own Bangla of each option value, by kind and key (`optionKey`). */
export type OptionLabelBook = Record<OptionKind, Map<string, string>>

export const emptyLabelBook = (): OptionLabelBook => ({ size: new Map(), colour: new Map() })

/** A book of the shop's rows: its own Bangla of each value it named. */
export function labelBook(
  rows: readonly { kind: OptionKind; value: string; valueBn: string }[],
): OptionLabelBook {
  const book = emptyLabelBook()
  for (const row of rows) if (row.valueBn) book[row.kind].set(optionKey(row.value), row.valueBn)
  return book
}

/** A value in Bangla: the shop's own Bangla, else the built-in one, else the value as it is. */
export function banglaOption(book: OptionLabelBook, kind: OptionKind, value: string): string {
  return book[kind].get(optionKey(value)) || builtInBangla(kind, value) || value
}

/** The kind of a sku attribute by its key (`Size`, `Colour`, `Color`), or null for any other attribute. */
export function optionKindOf(key: string): OptionKind | null {
  const lower = key.toLowerCase()
  if (lower === 'size') return 'size'
  if (lower === 'colour' || lower === 'color') return 'colour'
  return null
}
