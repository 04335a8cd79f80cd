import { type SQL, sql } from 'drizzle-orm'
import type { Language } from '../../../src/contract/language'
import type { Product, ProductSummary, Sku } from '../../../src/contract/product'
import { optionKindOf } from '../../domain/option-labels'
import { type CatalogueRefs, campaignOf, categoryTrail, optionLabel, unknownRef } from './refs'

/** A text column in the language asked for: its Bangla value when there is one, else the English. */
const localized = (column: string, language: Language) =>
  language === 'en'
    ? `p.${column}`
    : `case when p.${column}_bn <> '' then p.${column}_bn else p.${column} end as ${column}`

/** The product columns a card needs, as SQL (alias `p`), in each language. */
const summaryColumns = (language: Language) => `p.id, p.slug, ${localized('name', language)}, p.price,
  p.discounted_price, p.discount_percent, p.thumbnail, p.category_id, p.brand_id, p.in_stock, p.rating_avg,
  p.rating_count, p.sold_count, p.sizes, p.colours`

/** The summary columns as a piece of SQL, per language. */
export const summarySql = {
  en: sql.raw(summaryColumns('en')),
  bn: sql.raw(summaryColumns('bn')),
} satisfies Record<Language, SQL>

/** A product's full columns (a summary's, its descriptions, path and campaigns) as SQL, per language. */
const detailColumns = (language: Language) =>
  `${summaryColumns(language)}, ${localized('short_description', language)}, ${localized('long_description', language)}, p.category_path, p.campaign_ids`
export const detailSql = {
  en: sql.raw(detailColumns('en')),
  bn: sql.raw(detailColumns('bn')),
} satisfies Record<Language, SQL>

export type SummaryRow = {
  id: number
  slug: string
  name: string
  price: string | number
  discounted_price: string | number
  discount_percent: number
  thumbnail: string
  category_id: number
  brand_id: number
  in_stock: boolean
  rating_avg: string | number
  rating_count: number
  sold_count: number
  sizes: string[]
  colours: string[]
}

export type DetailRow = SummaryRow & {
  short_description: string
  long_description: string
  category_path: number[]
  campaign_ids: number[]
}

export type SkuRow = {
  id: number
  product_id: number
  sku: string
  price: string | number
  discounted_price: string | number
  discounted_value: string | number
  stock_quantity: number
  vat: string | number
  attributes: { key: string; value: string }[] | string
}

export function toSummary(row: SummaryRow, refs: CatalogueRefs): ProductSummary {
  const category = refs.categories.get(row.category_id)
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: Number(row.price),
    discounted_price: Number(row.discounted_price),
    discount_percent: row.discount_percent,
    thumbnail: row.thumbnail,
    category: category
      ? { id: category.id, name: category.name, slug: category.slug }
      : unknownRef(row.category_id),
    brand: refs.brands.get(row.brand_id) ?? unknownRef(row.brand_id),
    in_stock: row.in_stock,
    rating: Number(row.rating_avg),
    rating_count: row.rating_count,
    sold_count: row.sold_count,
    sizes: row.sizes,
    colours: row.colours,
  }
}

/** A sku as read, its size and colour named in the refs' language (`label`) beside the English value. */
export function toSku(row: SkuRow, refs: CatalogueRefs): Sku {
  const attributes: { key: string; value: string }[] =
    typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes
  return {
    id: row.id,
    sku: row.sku,
    price: Number(row.price),
    discountedPrice: Number(row.discounted_price),
    discountedValue: Number(row.discounted_value),
    stockQuantity: row.stock_quantity,
    vat: Number(row.vat),
    attributes: attributes.map(({ key, value }) => {
      const kind = optionKindOf(key)
      return { key, value, label: kind ? optionLabel(refs, kind, value) : value }
    }),
  }
}

export function toProduct(row: DetailRow, skus: SkuRow[], refs: CatalogueRefs, now = new Date()): Product {
  const running = row.campaign_ids
    .map((id) => refs.campaigns.get(id))
    .find((c) => c !== undefined && c.endsAt > now && c.startsAt <= now)
  return {
    ...toSummary(row, refs),
    skus: skus.map((sku) => toSku(sku, refs)),
    shortDescription: row.short_description,
    longDescription: row.long_description,
    categoryPath: categoryTrail(refs, row.category_id),
    campaign: running ? campaignOf(running) : null,
  }
}
