import type { Product, Sku } from '../contract/product'
import type { ListItem } from '../lib/local-list'
import { roundMoney } from '../lib/money'

/** storefront §9 */
export const MIN_CART_QUANTITY = 1

/** storefront §3 "Cart line as displayed": product fields plus the chosen sku's figures. */
export type CartLine = {
  id: number
  slug: string
  title: string
  category: string
  /** first thumbnail path (under the media root) */
  image: string
  /** the sku's size as the product was answered in the page's language (its English value where unnamed) */
  size: string | null
  colour: string | null
  sku: string
  skuId: number
  quantity: number
  unit_price: number
  unit_discounted_price: number
  discounted_value: number
  vat: number
  available_quantity: number
  min_quantity: number
  max_quantity: number
}

/** The sku's attribute of that key as the answer's language names it. */
export function attributeValue(sku: Pick<Sku, 'attributes'>, key: string): string | null {
  const wanted = key.toLowerCase()
  const attribute = sku.attributes.find((a) => a.key.toLowerCase() === wanted)
  return attribute ? (attribute.label ?? attribute.value) : null
}

export function skuColour(sku: Pick<Sku, 'attributes'>): string | null {
  return attributeValue(sku, 'colour') ?? attributeValue(sku, 'color')
}

export function firstImage(thumbnail: string): string {
  return thumbnail.split(',')[0]?.trim() ?? ''
}

/** Stock of the sku, else 1 (storefront §3 max_quantity). */
export function maxQuantity(stockQuantity: number | undefined): number {
  return stockQuantity && stockQuantity > 0 ? stockQuantity : 1
}

export function clampQuantity(quantity: number, max: number, min = MIN_CART_QUANTITY): number {
  if (!Number.isFinite(quantity)) return min
  return Math.min(Math.max(Math.trunc(quantity), min), Math.max(max, min))
}

/** storefront §4: + is blocked at the maximum (stock). */
export function canIncrease(line: Pick<CartLine, 'quantity' | 'max_quantity'>): boolean {
  return line.quantity < line.max_quantity
}

/** storefront §4: − is blocked at 1. */
export function canDecrease(line: Pick<CartLine, 'quantity' | 'min_quantity'>): boolean {
  return line.quantity > line.min_quantity
}

type LineOptions = {
  /** wish list entries saved without a sku show the product's first in-stock sku (else its first) */
  fallbackSku?: boolean
}

function pickSku(product: Product, code: string, options: LineOptions): Sku | undefined {
  const exact = product.skus.find((sku) => sku.sku === code)
  if (exact || code !== '' || !options.fallbackSku) return exact
  return product.skus.find((sku) => sku.stockQuantity > 0) ?? product.skus[0]
}

/** A stored item's product and sku among the `get-by-ids` products; none when either is missing (storefront §8). */
function matcher(products: readonly Product[], options: LineOptions) {
  const byId = new Map(products.map((product) => [product.id, product]))
  return (item: ListItem): { product: Product; sku: Sku } | undefined => {
    const product = byId.get(item.product_id)
    const sku = product && pickSku(product, item.sku, options)
    return product && sku ? { product, sku } : undefined
  }
}

/**
 * Builds the displayed lines from the stored items and the `get-by-ids` products, in stored order.
 * A line whose product or sku is missing is skipped (storefront §8).
 */
export function buildCartLines(
  items: readonly ListItem[],
  products: readonly Product[],
  options: LineOptions = {},
): CartLine[] {
  const match = matcher(products, options)
  const lines: CartLine[] = []
  for (const item of items) {
    const found = match(item)
    if (!found) continue
    const { product, sku } = found
    const max = maxQuantity(sku.stockQuantity)
    lines.push({
      id: product.id,
      slug: product.slug,
      title: product.name,
      category: product.category.name,
      image: firstImage(product.thumbnail),
      size: attributeValue(sku, 'size'),
      colour: skuColour(sku),
      sku: sku.sku,
      skuId: sku.id,
      quantity: clampQuantity(item.quantity, max),
      unit_price: sku.price,
      unit_discounted_price: sku.discountedPrice,
      discounted_value: sku.discountedValue,
      vat: sku.vat,
      available_quantity: sku.stockQuantity,
      min_quantity: MIN_CART_QUANTITY,
      max_quantity: max,
    })
  }
  return lines
}

/**
 * The stored items that can never show (storefront §8): their product is unknown to the shop, or it has no
 * such sku (a wish list entry without a sku takes the product's first sku instead).
 */
export function unknownItems(
  items: readonly ListItem[],
  products: readonly Product[],
  options: LineOptions = {},
): ListItem[] {
  const match = matcher(products, options)
  return items.filter((item) => !match(item))
}

/** storefront §9: unit discounted price × quantity over the active lines. */
export function cartTotal(lines: readonly Pick<CartLine, 'unit_discounted_price' | 'quantity'>[]): number {
  return roundMoney(lines.reduce((sum, line) => sum + line.unit_discounted_price * line.quantity, 0))
}

/** Number of lines (distinct skus) in the cart. */
export function cartCount(items: readonly unknown[]): number {
  return items.length
}

/** Adds an item; the same sku gains the quantity, bounded by 1..max. */
export function addOrSum(items: readonly ListItem[], item: ListItem, max: number): ListItem[] {
  const existing = items.find((i) => i.sku === item.sku && i.product_id === item.product_id)
  if (!existing) return [...items, { ...item, quantity: clampQuantity(item.quantity, max) }]
  return items.map((i) =>
    i === existing
      ? { ...i, price: item.price, quantity: clampQuantity(i.quantity + item.quantity, max) }
      : i,
  )
}

/** Sets a sku's quantity (never below 1); other lines are untouched. */
export function setItemQuantity(items: readonly ListItem[], sku: string, quantity: number): ListItem[] {
  return items.map((item) =>
    item.sku === sku ? { ...item, quantity: clampQuantity(quantity, Number.POSITIVE_INFINITY) } : item,
  )
}

/** The product ids to ask `get-by-ids` for: unique, sorted, at most 100 (storefront §9). */
export function productIdsOf(items: readonly ListItem[]): number[] {
  return [...new Set(items.map((item) => item.product_id))].sort((a, b) => a - b).slice(0, 100)
}
