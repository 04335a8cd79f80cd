import {
  type AdminProduct,
  type AdminProductBody,
  MAX_OPTIONS,
  MAX_PRODUCT_IMAGES,
  MAX_SKUS,
  type ProductSkuInput,
  SLUG_PATTERN,
  slugify,
  valuesKey,
} from '../../src/contract/admin-product'

export { optionCombinations, slugify } from '../../src/contract/admin-product'

/** Field path → messages, as error answers carry them. */
export type FieldProblems = Record<string, string[]>

const MAX_MONEY = 10_000_000
const MAX_STOCK = 1_000_000
const MAX_WEIGHT = 1_000_000
/** a product image as the upload answers it: content-addressed WebP under products/ */
const PRODUCT_IMAGE = /^products\/[a-z0-9]{8,64}\.webp$/
const SKU_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

function add(problems: FieldProblems, field: string, message: string) {
  const list = problems[field] ?? []
  if (!list.includes(message)) list.push(message)
  problems[field] = list
}

/** The slug a product is saved with: the one given, else one made from the English name. */
export function slugOf(body: Pick<AdminProductBody, 'slug' | 'name'>): string {
  return body.slug.trim() || slugify(body.name)
}

function moneyProblem(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return 'Enter an amount of 0 or more'
  if (value > MAX_MONEY) return 'The amount is too large'
  if (!hasTwoDecimalsAtMost(value)) return 'Use at most two decimals'
  return null
}

function countProblem(value: number, max: number): string | null {
  if (!Number.isInteger(value) || value < 0) return 'Enter a whole number of 0 or more'
  if (value > max) return 'The number is too large'
  return null
}

function skuProblems(problems: FieldProblems, sku: ProductSkuInput, at: string, optionNames: string[]) {
  // an empty code is made on save (server/domain/sku-codes.ts)
  if (sku.sku.trim() !== '' && !SKU_CODE.test(sku.sku.trim()))
    add(problems, `${at}.sku`, 'Use letters, digits, dots and dashes for the sku code')
  const price = moneyProblem(sku.price)
  if (price) add(problems, `${at}.price`, price)
  const discounted = moneyProblem(sku.discountedPrice)
  if (discounted) add(problems, `${at}.discountedPrice`, discounted)
  if (!price && !discounted && sku.discountedPrice > sku.price) {
    add(problems, `${at}.discountedPrice`, 'The discounted price cannot be above the price')
  }
  if (!Number.isFinite(sku.vat) || sku.vat < 0 || sku.vat > 100 || !hasTwoDecimalsAtMost(sku.vat)) {
    add(problems, `${at}.vat`, 'VAT is a percentage from 0 to 100')
  }
  const stock = countProblem(sku.stockQuantity, MAX_STOCK)
  if (stock) add(problems, `${at}.stockQuantity`, stock)
  const weight = countProblem(sku.weightGrams, MAX_WEIGHT)
  if (weight) add(problems, `${at}.weightGrams`, weight)
  const keys = Object.keys(sku.values)
  if (keys.length !== optionNames.length || optionNames.some((name) => !sku.values[name])) {
    add(problems, `${at}.values`, 'Choose a value of every option')
  }
}

/**
 * What is wrong with a product as the editor sends it, by field path; empty when nothing is. The rules that
 * need the database (unique slug and sku codes, categories, images kept) are the repository's.
 */
export function productProblems(body: AdminProductBody): FieldProblems {
  const problems: FieldProblems = {}
  if (!body.name.trim()) add(problems, 'name', 'Write the product name')
  const slug = slugOf(body)
  if (!slug) add(problems, 'slug', 'Write a slug with a-z, 0-9 and dashes')
  else if (!SLUG_PATTERN.test(slug)) add(problems, 'slug', 'Use lower-case a-z, 0-9 and single dashes')

  if (body.images.length > MAX_PRODUCT_IMAGES) add(problems, 'images', `At most ${MAX_PRODUCT_IMAGES} images`)
  const paths = new Set<string>()
  body.images.forEach((image, index) => {
    if (!PRODUCT_IMAGE.test(image.path)) add(problems, `images.${index}.path`, 'Upload this image again')
    else if (paths.has(image.path)) add(problems, `images.${index}.path`, 'This image is there twice')
    paths.add(image.path)
  })

  if (body.options.length > MAX_OPTIONS) add(problems, 'options', `At most ${MAX_OPTIONS} options`)
  const names = new Set<string>()
  body.options.forEach((option, index) => {
    const name = option.name.trim().toLowerCase()
    if (!name) add(problems, `options.${index}.name`, 'Name the option')
    else if (names.has(name)) add(problems, `options.${index}.name`, 'Two options have this name')
    names.add(name)
    if (option.values.length === 0) add(problems, `options.${index}.values`, 'Give the option a value')
    const values = option.values.map((value) => value.trim().toLowerCase())
    if (values.some((value) => !value)) add(problems, `options.${index}.values`, 'A value is empty')
    if (new Set(values).size !== values.length)
      add(problems, `options.${index}.values`, 'A value is there twice')
  })

  if (body.skus.length === 0) add(problems, 'skus', 'Add at least one sku')
  if (body.skus.length > MAX_SKUS) add(problems, 'skus', `At most ${MAX_SKUS} skus`)
  const optionNames = body.options.map((option) => option.name)
  const codes = new Map<string, number>()
  const combinations = new Set<string>()
  body.skus.forEach((sku, index) => {
    const at = `skus.${index}`
    skuProblems(problems, sku, at, optionNames)
    const code = sku.sku.trim().toUpperCase()
    if (code && codes.has(code)) add(problems, `${at}.sku`, 'Another sku has this code')
    if (code) codes.set(code, index)
    body.options.forEach((option) => {
      const value = sku.values[option.name]
      if (value && !option.values.includes(value))
        add(problems, `${at}.values`, 'Choose a value of every option')
    })
    const key = valuesKey(sku.values)
    if (combinations.has(key)) add(problems, `${at}.values`, 'Another sku has the same options')
    combinations.add(key)
  })

  if ((body.status ?? 'draft') === 'active' && body.images.length === 0) {
    add(problems, 'images', 'Add an image before publishing')
  }
  return problems
}

const NAME_MAX = 200

/** A name with a mark after it (` (copy)`), cut so that the whole stays within a name's length. */
const marked = (name: string, mark: string) => (name ? `${name.slice(0, NAME_MAX - mark.length)}${mark}` : '')

/**
 * What a product's copy is made of: the same texts, classification, images, options and prices, named
 * "… (copy)", a draft at `slug`, its skus without codes (new ones are made) and with no stock.
 */
export function copyOf(product: AdminProduct, slug: string): AdminProductBody {
  return {
    slug,
    name: marked(product.name, ' (copy)'),
    nameBn: marked(product.nameBn, ' (কপি)'),
    shortDescription: product.shortDescription,
    shortDescriptionBn: product.shortDescriptionBn,
    longDescription: product.longDescription,
    longDescriptionBn: product.longDescriptionBn,
    categoryId: product.categoryId,
    brandId: product.brandId,
    campaignIds: product.campaignIds,
    status: 'draft',
    images: product.images,
    options: product.options,
    skus: product.skus.map((sku) => ({
      sku: '',
      values: sku.values,
      price: sku.price,
      discountedPrice: sku.discountedPrice,
      vat: sku.vat,
      stockQuantity: 0,
      weightGrams: sku.weightGrams,
    })),
    metaTitle: product.metaTitle,
    metaDescription: product.metaDescription,
  }
}

/** `base`, else `base-2`, `base-3` …: the first slug `taken` does not hold. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  let slug = base
  for (let next = 2; taken.has(slug); next += 1) slug = `${base}-${next}`
  return slug
}

/** The columns a sku keeps its values in: Size and Colour (the storefront filters), all of them as attributes. */
export function skuColumns(values: Record<string, string>) {
  let size: string | null = null
  let colour: string | null = null
  const attributes: { key: string; value: string }[] = []
  for (const [name, value] of Object.entries(values)) {
    const lower = name.toLowerCase()
    const key = lower === 'size' ? 'size' : lower === 'colour' || lower === 'color' ? 'colour' : name
    if (key === 'size') size = value
    if (key === 'colour') colour = value
    attributes.push({ key, value })
  }
  return { size, colour, attributes }
}

/**
 * A sku's values by the product's option names, from what it keeps (attributes, else its size and colour
 * columns): the reverse of skuColumns.
 */
export function skuValues(
  options: readonly { name: string }[],
  sku: { size: string | null; colour: string | null; attributes: { key: string; value: string }[] },
): Record<string, string> {
  const values: Record<string, string> = {}
  for (const option of options) {
    const lower = option.name.toLowerCase()
    const key = lower === 'color' ? 'colour' : lower
    const kept = sku.attributes.find(
      (attribute) => attribute.key === option.name || attribute.key.toLowerCase() === key,
    )?.value
    const value = kept ?? (key === 'size' ? sku.size : key === 'colour' ? sku.colour : null)
    if (value) values[option.name] = value
  }
  return values
}

/** The fields whose values differ between two snapshots: the audit log's before and after. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys({ ...before, ...after }).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  )
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  }
}

/** "16:05" in Dhaka: when a conflicting save was made, as its message says. */
export function dhakaTime(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Dhaka',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)
}
