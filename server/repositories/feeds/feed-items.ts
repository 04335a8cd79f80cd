import type { FeedPlatform, FeedSkipReason } from '../../../src/contract/admin-feeds'
import type { Language } from '../../../src/contract/language'
import { banglaOption, type OptionLabelBook } from '../../domain/option-labels'

/** A product as the feeds read it (active products only). */
export type FeedProduct = {
  id: number
  slug: string
  name: string
  nameBn: string
  shortDescription: string
  longDescription: string
  shortDescriptionBn: string
  longDescriptionBn: string
  /** comma-separated image paths, the main one first */
  thumbnail: string
  brandId: number
  categoryId: number
}

/** One sku: one item of a feed. */
export type FeedSku = {
  id: number
  productId: number
  /** the sku code: the item's id, and the pixel's `content_ids` */
  sku: string
  price: number
  discountedPrice: number
  stockQuantity: number
  size: string | null
  colour: string | null
}

export type FeedCategory = { slug: string; name: string; nameBn: string; parentId: number | null }
export type FeedRefs = {
  categories: Map<number, FeedCategory>
  brands: Map<number, { name: string; nameBn: string }>
  labels: OptionLabelBook
}

export type FeedContext = {
  platform: FeedPlatform
  language: Language
  /** the shop's public origin, for product links */
  origin: string
  /** where media is served (the CDN's address, or the shop's `/media`), absolute */
  mediaRoot: string
  refs: FeedRefs
}

/** An item: its elements in order, each a `g:` name and its text. */
export type FeedItem = [name: string, value: string][]

/** Google allows 150 characters of title, 5,000 of description, 10 more images (Meta allows more). */
const TITLE_MAX = 150
const DESCRIPTION_MAX = 5_000
const MORE_IMAGES = 10
/** Meta's language feeds name their language by its ISO code with `_XX` for every country. */
export const META_LANGUAGE: Record<Language, string> = { en: 'en_XX', bn: 'bn_XX' }

/** A text cut to `max` characters, never between a Bangla letter and its sign. */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = max - 1
  while (cut > 0 && (/[\p{M}\u200c\u200d]/u.test(text[cut] ?? '') || text[cut - 1] === '\u09cd')) cut -= 1
  return `${text.slice(0, cut).trimEnd()}…`
}

/** A description as plain text: HTML tags and Markdown marks out, white space single. */
export function plainText(text: string, max = DESCRIPTION_MAX): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+\.|>)\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`)(\S[^\n]*?\S|\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim()
  return bounded(flat, max)
}

const words = (slug: string) => slug.toLowerCase().split(/[^a-z0-9]+/)
const hasWord = (slugs: string[], list: readonly string[]) =>
  slugs.some((slug) => words(slug).some((word) => list.includes(word)))

/** The category and its ancestors, the top one first. */
export function categoryPath(categories: FeedRefs['categories'], id: number): FeedCategory[] {
  const path: FeedCategory[] = []
  const seen = new Set<number>()
  let at: number | null = id
  while (at !== null && !seen.has(at)) {
    seen.add(at)
    const category = categories.get(at)
    if (!category) break
    path.unshift(category)
    at = category.parentId
  }
  return path
}

const MALE = ['men', 'mens', 'man', 'male', 'gents', 'boy', 'boys']
const FEMALE = ['women', 'womens', 'woman', 'female', 'ladies', 'girl', 'girls']
const KIDS = ['kids', 'kid', 'children', 'child', 'boy', 'boys', 'girl', 'girls', 'baby']

/** Gender and age group where the category path says them (`men`, `women`, `kids/girls` …), else none. */
export function audienceOf(slugs: string[]): { gender?: 'male' | 'female'; ageGroup?: 'adult' | 'kids' } {
  const male = hasWord(slugs, MALE)
  const female = hasWord(slugs, FEMALE)
  const gender = male === female ? undefined : male ? 'male' : 'female'
  const ageGroup = hasWord(slugs, KIDS) ? 'kids' : gender ? 'adult' : undefined
  return { ...(gender ? { gender } : {}), ...(ageGroup ? { ageGroup } : {}) }
}

/** Google's product taxonomy by the words of the category path, nearest category first; clothing otherwise. */
const TAXONOMY: { words: readonly string[]; id: number }[] = [
  { words: ['footwear', 'shoe', 'shoes', 'sandal', 'sandals', 'sneakers', 'boots', 'slippers'], id: 187 },
  { words: ['watch', 'watches'], id: 201 },
  { words: ['jewellery', 'jewelry', 'earrings', 'necklaces', 'bracelets', 'rings'], id: 188 },
  { words: ['bag', 'bags', 'handbags', 'backpacks', 'wallets'], id: 6551 },
  { words: ['accessories'], id: 167 },
]
/** Apparel & Accessories > Clothing */
const CLOTHING = 1604

export function googleCategoryOf(slugs: string[]): number {
  for (const slug of [...slugs].reverse()) {
    const match = TAXONOMY.find((entry) => hasWord([slug], entry.words))
    if (match) return match.id
  }
  return CLOTHING
}

const money = (amount: number) => `${amount.toFixed(2)} BDT`
const availability = (platform: FeedPlatform, inStock: boolean) =>
  platform === 'google' ? (inStock ? 'in_stock' : 'out_of_stock') : inStock ? 'in stock' : 'out of stock'

function mediaAddress(path: string, mediaRoot: string): string {
  const clean = path.trim().replace(/^\/+/, '')
  return /^https?:\/\//.test(clean) ? clean : `${mediaRoot}/${encodeURI(clean)}`
}

/** What every sku of a product shares in a feed, worked out once per product. */
export type FeedProductPart = {
  product: FeedProduct
  images: string[]
  name: string
  description: string
  link: string
  brand: string
  /** the elements after the sku's own: group, pictures, category, audience */
  shared: FeedItem
  trailing: FeedItem
}

export function feedProductPart(product: FeedProduct, context: FeedContext): FeedProductPart {
  const { language, platform, refs } = context
  const bn = language === 'bn'
  const inLanguage = (en: string, bangla: string) => (bn && bangla ? bangla : en)
  const images = product.thumbnail
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean)
  const name = inLanguage(product.name, product.nameBn)
  const description =
    plainText(
      bn
        ? product.longDescriptionBn || product.shortDescriptionBn || product.longDescription
        : product.longDescription || product.shortDescription,
    ) || name
  const link = `${context.origin}/product/${encodeURIComponent(product.slug)}${bn ? '?lang=bn' : ''}`
  const brandRow = refs.brands.get(product.brandId)
  const brand = brandRow ? bounded(inLanguage(brandRow.name, brandRow.nameBn), 70) : ''
  const path = categoryPath(refs.categories, product.categoryId)
  const slugs = path.map((category) => category.slug)
  const audience = audienceOf(slugs)
  const shared: FeedItem = [['item_group_id', String(product.id)]]
  if (images[0]) {
    shared.push(
      ['image_link', mediaAddress(images[0], context.mediaRoot)],
      ...images
        .slice(1, 1 + MORE_IMAGES)
        .map((image): [string, string] => ['additional_image_link', mediaAddress(image, context.mediaRoot)]),
    )
  }
  const trailing: FeedItem = []
  if (audience.gender) trailing.push(['gender', audience.gender])
  if (audience.ageGroup) trailing.push(['age_group', audience.ageGroup])
  trailing.push(['google_product_category', String(googleCategoryOf(slugs))])
  if (path.length > 0) {
    const productType = path.map((category) => inLanguage(category.name, category.nameBn)).join(' > ')
    trailing.push(['product_type', bounded(productType, 750)])
  }
  // a shop's own fashion has no barcode (GTIN) or maker's part number: Google asks to say so
  if (platform === 'google') trailing.push(['identifier_exists', 'no'])
  return { product, images, name, description, link, brand, shared, trailing }
}

/**
 * A sku as a feed's item, or why it is left out. The Meta Bangla feed is a language feed: only what Meta
 * lets a language override (title, description, link, brand, colour, size) with the `override` language;
 * price and availability come from the main feed.
 */
export function feedItem(
  part: FeedProductPart,
  sku: FeedSku,
  context: FeedContext,
): { item: FeedItem } | { skipped: FeedSkipReason } {
  if (part.images.length === 0) return { skipped: 'no-image' }
  if (!(sku.price > 0) || !(sku.discountedPrice > 0)) return { skipped: 'no-price' }

  const { language, platform, refs } = context
  const bn = language === 'bn'
  const option = (kind: 'size' | 'colour', value: string | null) => {
    const clean = value?.trim() ?? ''
    return clean && bn ? banglaOption(refs.labels, kind, clean) : clean
  }
  const size = option('size', sku.size)
  const colour = option('colour', sku.colour)
  const variant = [colour, size].filter(Boolean).join(', ')
  const title = bounded(variant ? `${part.name} (${variant})` : part.name, TITLE_MAX)

  const item: FeedItem = [['id', sku.sku]]
  const metaLanguageFeed = platform === 'meta' && bn
  if (metaLanguageFeed) item.push(['override', META_LANGUAGE.bn])
  item.push(['title', title], ['description', part.description], ['link', part.link])
  if (part.brand) item.push(['brand', part.brand])
  if (colour) item.push(['color', bounded(colour, 100)])
  if (size) item.push(['size', bounded(size, 100)])
  if (metaLanguageFeed) return { item }

  item.push(
    ...part.shared,
    ['availability', availability(platform, sku.stockQuantity > 0)],
    ['condition', 'new'],
    ['price', money(sku.price)],
  )
  if (sku.discountedPrice < sku.price) item.push(['sale_price', money(sku.discountedPrice)])
  item.push(...part.trailing)
  return { item }
}
