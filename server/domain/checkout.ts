import type { QuoteLine, Totals } from '../../src/contract/cart'
import { roundMoney } from '../../src/lib/money'
import type { AppliedPromotion, PromotionLine } from './promotions'

/** A sku as the database has it now, with its product's fields. */
export type PricedSku = {
  skuId: number
  sku: string
  productId: number
  productStatus: 'draft' | 'active' | 'archived'
  name: string
  slug: string
  thumbnail: string
  size: string | null
  colour: string | null
  price: number
  discountedPrice: number
  stockQuantity: number
  /** VAT percentage included in the price */
  vat: number
  /** shipping weight of one, in grams (0: not weighed) */
  weightGrams: number
  /** the product's category and the categories above it (what promotions are scoped by) */
  categoryPath: number[]
}

export type RequestedLine = { skuId: number; quantity: number }

export type PricedLine = QuoteLine & {
  sku: string | null
  vatRate: number
  weightGrams: number
  categoryPath: number[]
}

/**
 * Prices each requested line from the database's skus: the client's prices are never read.
 * A line the shop cannot sell as asked carries a `problem` the shopper can read.
 */
export function priceLines(requested: RequestedLine[], skus: Map<number, PricedSku>): PricedLine[] {
  return requested.map((line) => {
    const found = skus.get(line.skuId)
    if (!found) {
      return {
        skuId: line.skuId,
        productId: null,
        slug: null,
        name: null,
        size: null,
        colour: null,
        image: null,
        sku: null,
        requested: line.quantity,
        quantity: 0,
        available: 0,
        unitPrice: 0,
        unitDiscountedPrice: 0,
        lineTotal: 0,
        vatRate: 0,
        weightGrams: 0,
        categoryPath: [],
        problem: 'This item is no longer available',
      }
    }
    const sellable = found.productStatus === 'active'
    const available = sellable ? found.stockQuantity : 0
    const quantity = Math.min(line.quantity, available)
    let problem: string | null = null
    if (!sellable) problem = `${found.name} is no longer available`
    else if (available === 0) problem = `${found.name} is out of stock`
    else if (line.quantity > available) problem = `Only ${available} left of ${found.name}`
    return {
      skuId: found.skuId,
      productId: found.productId,
      slug: found.slug,
      name: found.name,
      size: found.size,
      colour: found.colour,
      image: found.thumbnail.split(',')[0]?.trim() || null,
      sku: found.sku,
      requested: line.quantity,
      quantity,
      available,
      unitPrice: found.price,
      unitDiscountedPrice: found.discountedPrice,
      lineTotal: roundMoney(found.discountedPrice * quantity),
      vatRate: found.vat,
      weightGrams: found.weightGrams,
      categoryPath: found.categoryPath,
      problem,
    }
  })
}

/** VAT already inside a price that includes `rate` percent. */
export function includedVat(amount: number, rate: number): number {
  return rate > 0 ? roundMoney((amount * rate) / (100 + rate)) : 0
}

/** Same sku twice in one request counts as one line with the quantities added. */
export function combineLines(lines: RequestedLine[]): RequestedLine[] {
  const bySku = new Map<number, number>()
  for (const line of lines) bySku.set(line.skuId, (bySku.get(line.skuId) ?? 0) + line.quantity)
  return [...bySku].map(([skuId, quantity]) => ({ skuId, quantity }))
}

/** A priced line as the promotions read it (a line the shop cannot sell has no product). */
export function promotionLine(
  line: Pick<PricedLine, 'productId' | 'categoryPath' | 'unitDiscountedPrice' | 'quantity'>,
): PromotionLine {
  return {
    productId: line.productId ?? 0,
    categoryPath: line.categoryPath,
    unitDiscountedPrice: line.unitDiscountedPrice,
    quantity: line.quantity,
  }
}

/** What the promotions take off in all. */
export function promotionsDiscount(applied: AppliedPromotion[]): number {
  return roundMoney(applied.reduce((sum, promotion) => sum + promotion.discount, 0))
}

/**
 * Order totals. Prices include VAT, so VAT is shown, not added:
 * total = subtotal − product discounts − promotions − coupon + delivery. A coupon takes off at most what is
 * left after the promotions.
 */
export function orderTotals(
  lines: Pick<PricedLine, 'unitPrice' | 'unitDiscountedPrice' | 'quantity' | 'vatRate'>[],
  coupon: { code: string; discount: number } | null,
  deliveryCharge: number,
  promotions: AppliedPromotion[] = [],
): Totals {
  let subtotal = 0
  let discounted = 0
  let vat = 0
  for (const line of lines) {
    subtotal += line.unitPrice * line.quantity
    const lineTotal = roundMoney(line.unitDiscountedPrice * line.quantity)
    discounted += lineTotal
    vat += includedVat(lineTotal, line.vatRate)
  }
  subtotal = roundMoney(subtotal)
  discounted = roundMoney(discounted)
  const promotionDiscount = roundMoney(Math.min(promotionsDiscount(promotions), discounted))
  const afterPromotions = roundMoney(discounted - promotionDiscount)
  const couponDiscount = coupon ? roundMoney(Math.min(coupon.discount, afterPromotions)) : 0
  const charge = lines.length > 0 ? deliveryCharge : 0
  return {
    subtotal,
    discount: roundMoney(subtotal - discounted),
    ...(promotionDiscount > 0 ? { promotionDiscount, promotions } : {}),
    couponCode: coupon?.code ?? null,
    couponDiscount,
    vat: roundMoney(vat),
    deliveryCharge: charge,
    total: roundMoney(afterPromotions - couponDiscount + charge),
  }
}

/**
 * Totals with a discount the staff give by hand on an order they take: off the goods after the coupon, never
 * more than they cost (the delivery charge stays); `capped` says the asked discount was more than that.
 */
export function withManualDiscount(totals: Totals, asked: number): { totals: Totals; capped: boolean } {
  if (asked <= 0) return { totals, capped: false }
  const goods = roundMoney(totals.total - totals.deliveryCharge)
  const manualDiscount = roundMoney(Math.min(asked, goods))
  return {
    totals: { ...totals, manualDiscount, total: roundMoney(totals.total - manualDiscount) },
    capped: manualDiscount < asked,
  }
}

/** Subtotal after product discounts: what a coupon applies to. */
export function discountedSubtotal(lines: Pick<PricedLine, 'unitDiscountedPrice' | 'quantity'>[]): number {
  return roundMoney(
    lines.reduce((sum, line) => sum + roundMoney(line.unitDiscountedPrice * line.quantity), 0),
  )
}
