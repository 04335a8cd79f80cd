import { IMPORT_COLUMNS, type ImportColumn } from '../../src/contract/admin-import'

/**
 * The catalogue's CSV format (docs/catalogue-csv.md), one row per sku: what a row says, checked on its
 * own. Whether its slugs exist, its sku is new and its images are in the ZIP is the import's business.
 */
export type CsvRecord = Record<ImportColumn, string>

export type ProductFields = {
  slug: string
  name: string
  nameBn: string
  shortDescription: string
  shortDescriptionBn: string
  longDescription: string
  longDescriptionBn: string
  category: string
  brand: string
  status: 'draft' | 'active' | 'archived'
  campaigns: string[]
  images: string[]
  optionNames: string[]
  metaTitle: string
  metaDescription: string
}

export type SkuFields = {
  sku: string
  optionValues: string[]
  price: number
  discountedPrice: number
  vat: number
  stock: number
  weightGrams: number
}

export type RowProblem = { field: ImportColumn; message: string }

export type ParsedRow =
  | {
      ok: true
      product: ProductFields
      sku: SkuFields /** product columns left empty */
      blank: Set<ImportColumn>
    }
  | { ok: false; sku: string; problems: RowProblem[] }

/** The columns that describe the product rather than the sku: a product's rows agree on them. */
export const PRODUCT_COLUMNS: readonly ImportColumn[] = [
  'name',
  'name_bn',
  'short_description',
  'short_description_bn',
  'description',
  'description_bn',
  'category',
  'brand',
  'status',
  'campaigns',
  'images',
  'option1_name',
  'option2_name',
  'option3_name',
  'meta_title',
  'meta_description',
]

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const SKU_CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const MONEY = /^\d{1,8}(?:\.\d{1,2})?$/
const STATUSES = ['draft', 'active', 'archived'] as const
const LIMITS: Partial<Record<ImportColumn, number>> = {
  name: 200,
  name_bn: 200,
  short_description: 1000,
  short_description_bn: 1000,
  description: 20_000,
  description_bn: 20_000,
  meta_title: 200,
  meta_description: 500,
  // a platform's export names a product's photos by their web addresses, a hundred characters or more each
  images: 50_000,
}

/** The columns a header row lacks and the ones it has that the format does not know. */
export function checkHeader(header: readonly string[]): { missing: string[]; unknown: string[] } {
  const names = header.map((name) => name.trim())
  return {
    missing: IMPORT_COLUMNS.filter((column) => !names.includes(column)),
    unknown: names.filter((name) => !(IMPORT_COLUMNS as readonly string[]).includes(name)),
  }
}

/** `a|b|c` → its parts, trimmed, empty ones dropped. */
export const splitList = (cell: string) =>
  cell
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)

function moneyOf(cell: string, field: ImportColumn, problems: RowProblem[]): number {
  const text = cell.trim()
  if (!MONEY.test(text)) {
    problems.push({ field, message: 'Write an amount in taka with at most two decimals' })
    return 0
  }
  return Number(text)
}

function wholeNumberOf(cell: string, field: ImportColumn, problems: RowProblem[], max: number): number {
  const text = cell.trim()
  if (text === '') return 0
  if (!/^\d+$/.test(text) || Number(text) > max) {
    problems.push({ field, message: 'Write a whole number, 0 or more' })
    return 0
  }
  return Number(text)
}

/** One row of the file, checked on its own: its product's fields and its sku's, or what is wrong with it. */
export function parseRow(record: CsvRecord): ParsedRow {
  const cell = (column: ImportColumn) => (record[column] ?? '').trim()
  const problems: RowProblem[] = []
  for (const column of IMPORT_COLUMNS) {
    const text = record[column] ?? ''
    if (CONTROL.test(text))
      problems.push({ field: column, message: 'Remove the control characters from this text' })
    const limit = LIMITS[column] ?? 300
    if (text.length > limit) problems.push({ field: column, message: 'This text is too long' })
  }
  const slug = cell('product_slug')
  if (!SLUG.test(slug) || slug.length > 120) {
    problems.push({ field: 'product_slug', message: 'Use lower-case letters, digits and hyphens' })
  }
  const code = cell('sku')
  if (!SKU_CODE.test(code)) {
    problems.push({ field: 'sku', message: 'Give a sku code of letters, digits, dots, slashes or hyphens' })
  }
  const statusText = cell('status') || 'active'
  const status = STATUSES.find((name) => name === statusText)
  if (!status) problems.push({ field: 'status', message: 'Write draft, active or archived' })
  const price = moneyOf(cell('price'), 'price', problems)
  const discountedText = cell('discounted_price')
  const discountedPrice =
    discountedText === '' ? price : moneyOf(discountedText, 'discounted_price', problems)
  if (problems.every((problem) => problem.field !== 'price') && discountedPrice > price) {
    problems.push({ field: 'discounted_price', message: 'The discounted price cannot be above the price' })
  }
  const vatText = cell('vat')
  let vat = 0
  if (vatText !== '') {
    if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(vatText) || Number(vatText) > 100) {
      problems.push({ field: 'vat', message: 'Write a VAT percentage from 0 to 100' })
    } else vat = Number(vatText)
  }
  const stock = wholeNumberOf(cell('stock'), 'stock', problems, 1_000_000)
  const weightGrams = wholeNumberOf(cell('weight_grams'), 'weight_grams', problems, 1_000_000)
  const optionNames: string[] = []
  const optionValues: string[] = []
  for (const index of [1, 2, 3] as const) {
    const name = cell(`option${index}_name`)
    const value = cell(`option${index}_value`)
    if (!name && !value) continue
    if (!name) problems.push({ field: `option${index}_name`, message: 'Name the option this value is of' })
    else if (!value)
      problems.push({ field: `option${index}_value`, message: 'Give the value of this option' })
    else if (optionNames.some((known) => known.toLowerCase() === name.toLowerCase())) {
      problems.push({ field: `option${index}_name`, message: 'Each option is named once' })
    } else {
      optionNames.push(name)
      optionValues.push(value)
    }
  }
  if (problems.length || !status) return { ok: false, sku: code, problems }
  const blank = new Set(PRODUCT_COLUMNS.filter((column) => cell(column) === ''))
  return {
    ok: true,
    blank,
    product: {
      slug,
      name: cell('name'),
      nameBn: cell('name_bn'),
      shortDescription: cell('short_description'),
      shortDescriptionBn: cell('short_description_bn'),
      longDescription: (record.description ?? '').trim(),
      longDescriptionBn: (record.description_bn ?? '').trim(),
      category: cell('category'),
      brand: cell('brand'),
      status,
      campaigns: splitList(cell('campaigns')),
      images: splitList(cell('images')),
      optionNames,
      metaTitle: cell('meta_title'),
      metaDescription: cell('meta_description'),
    },
    sku: { sku: code, optionValues, price, discountedPrice, vat, stock, weightGrams },
  }
}

/**
 * The product columns on which a later row of a product disagrees with its first row (an empty cell
 * agrees: it says the same as the first row). Options are compared by name, in order.
 */
export function disagreements(
  first: ProductFields,
  row: ProductFields,
  blank: Set<ImportColumn>,
): ImportColumn[] {
  const pairs: [ImportColumn, unknown, unknown][] = [
    ['name', first.name, row.name],
    ['name_bn', first.nameBn, row.nameBn],
    ['short_description', first.shortDescription, row.shortDescription],
    ['short_description_bn', first.shortDescriptionBn, row.shortDescriptionBn],
    ['description', first.longDescription, row.longDescription],
    ['description_bn', first.longDescriptionBn, row.longDescriptionBn],
    ['category', first.category, row.category],
    ['brand', first.brand, row.brand],
    ['campaigns', first.campaigns.join('|'), row.campaigns.join('|')],
    ['images', first.images.join('|'), row.images.join('|')],
    ['meta_title', first.metaTitle, row.metaTitle],
    ['meta_description', first.metaDescription, row.metaDescription],
  ]
  const differing = pairs.filter(([column, a, b]) => !blank.has(column) && a !== b).map(([column]) => column)
  if (!blank.has('status') && first.status !== row.status) differing.push('status')
  if (first.optionNames.join('|').toLowerCase() !== row.optionNames.join('|').toLowerCase()) {
    differing.push('option1_name')
  }
  return differing
}

/** A sku's attributes from its product's option names and its values (`Size` → `{ key: 'size', … }`). */
export function attributesOf(optionNames: readonly string[], values: readonly string[]) {
  return optionNames.map((name, index) => ({ key: name.toLowerCase(), value: values[index] ?? '' }))
}

const SIZE_NAMES = new Set(['size', 'সাইজ'])
const COLOUR_NAMES = new Set(['colour', 'color', 'রং', 'রঙ'])

/** The sku's size and colour (what the listing's filters match), from its options when they name them. */
export function sizeAndColourOf(optionNames: readonly string[], values: readonly string[]) {
  const optionValue = (names: Set<string>) => {
    const index = optionNames.findIndex((name) => names.has(name.toLowerCase()))
    return index === -1 ? null : (values[index] ?? null)
  }
  return { size: optionValue(SIZE_NAMES), colour: optionValue(COLOUR_NAMES) }
}

/** Why a file over IMPORT_MAX_ROWS is refused. */
export const TOO_MANY_ROWS = 'A file can have at most 100,000 rows'

/**
 * Counts a CSV's records as its bytes come, as csv-parse reads them (a line break inside quotes is part of its
 * cell; CRLF, LF and CR end a record; an empty line is none), so that a file with too many rows is refused
 * while it is still being sent. `add` answers the records so far, the one not yet ended included.
 */
export function csvRecordCounter() {
  let quoted = false
  let started = false
  let ended = 0
  return {
    add(chunk: Uint8Array): number {
      for (let index = 0; index < chunk.length; index += 1) {
        const byte = chunk[index]
        if (byte === 0x22) {
          quoted = !quoted
          started = true
        } else if ((byte === 0x0a || byte === 0x0d) && !quoted) {
          if (started) ended += 1
          started = false
        } else started = true
      }
      return ended + (started ? 1 : 0)
    },
  }
}

/** Taka as the file writes it: no grouping, two decimals only when there are paisa. */
export const moneyCell = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2))

/**
 * The template's example row: a product of the shop's own category and brand (by their slugs), as a draft and
 * without photos, so that a dry run of the template as downloaded passes and shows what a row says.
 */
export function templateRow(category: string, brand: string): CsvRecord {
  return {
    product_slug: 'example-cotton-panjabi',
    name: 'Cotton panjabi',
    name_bn: 'সুতি পাঞ্জাবি',
    short_description: 'Soft cotton for every day',
    short_description_bn: 'প্রতিদিনের আরামদায়ক সুতি',
    description: 'Hand-finished cotton panjabi.',
    description_bn: 'হাতে ফিনিশ করা সুতি পাঞ্জাবি।',
    category,
    brand,
    status: 'draft',
    campaigns: '',
    images: '',
    option1_name: 'Size',
    option1_value: 'M',
    option2_name: 'Colour',
    option2_value: 'White',
    option3_name: '',
    option3_value: '',
    sku: 'EXAMPLE-PANJABI-WHITE-M',
    price: '2500',
    discounted_price: '2200',
    vat: '5',
    stock: '10',
    weight_grams: '400',
    meta_title: '',
    meta_description: '',
  }
}
