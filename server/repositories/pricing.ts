import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { DeliveryZone } from '../../src/contract/addresses'
import type { QuoteResponse } from '../../src/contract/cart'
import type { DeliverySettings } from '../../src/contract/settings'
import { roundMoney } from '../../src/lib/money'
import type { Db } from '../db/client'
import { coupons, products, skus, users } from '../db/schema'
import {
  discountedSubtotal,
  orderTotals,
  type PricedLine,
  type PricedSku,
  priceLines,
  promotionLine,
  promotionsDiscount,
} from '../domain/checkout'
import {
  applyCoupon,
  COUPON_USED_UP,
  type CouponResult,
  normalizeCouponCode,
  usesLeft,
} from '../domain/coupon'
import { deliveryCharge, parcelGrams } from '../domain/delivery'
import { applyPromotions } from '../domain/promotions'
import { itemsTotalOf, pointsOffer, withPoints } from '../domain/reward-points'
import { runningPromotions } from './promotions'

type Reader = Pick<Db, 'select'>

/** `estimates`: the zone's delivery estimate in both languages (the answer says the shopper's) */
export type Quote = QuoteResponse['data'] & {
  priced: PricedLine[]
  estimates: { en: string; bn: string }
  /** the delivery charge a free-delivery coupon took off (its weight and zone's), 0 when none did */
  waivedDelivery: number
}

/** A signed-in shopper asking: their reward points are offered, and spent when `asked` is what is offered. */
export type Spender = { userId: number; asked?: number }

/** Prices as the database has them now: skus with their products, coupons, the cart's and an order's totals. */
export type PricingRepository = {
  /** current prices, stock and totals of a list of lines (`priced` keeps each line's sku and VAT rate) */
  quote(
    lines: { skuId: number; quantity: number }[],
    couponCode: string | undefined,
    zone?: DeliveryZone,
    spender?: Spender,
  ): Promise<Quote>
  /** a coupon checked against a subtotal after product discounts */
  checkCoupon(code: string, subtotal: number): Promise<{ code: string; result: CouponResult }>
}

declare module 'fastify' {
  interface FastifyInstance {
    pricing: PricingRepository
  }
}

/** The skus as the database has them now, with their products' fields (a transaction's view when given one). */
export async function loadPricedSkus(db: Reader, skuIds: number[]): Promise<Map<number, PricedSku>> {
  if (skuIds.length === 0) return new Map()
  const rows = await db
    .select({
      skuId: skus.id,
      sku: skus.sku,
      productId: skus.productId,
      productStatus: products.status,
      name: products.name,
      slug: products.slug,
      thumbnail: products.thumbnail,
      size: skus.size,
      colour: skus.colour,
      price: skus.price,
      discountedPrice: skus.discountedPrice,
      stockQuantity: skus.stockQuantity,
      vat: skus.vat,
      weightGrams: skus.weightGrams,
      categoryPath: products.categoryPath,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(inArray(skus.id, skuIds))
  return new Map(rows.map((row) => [row.skuId, row]))
}

/**
 * A coupon checked against a subtotal after product discounts, and its uses left in all. Whose order it is
 * (the limits per customer, a first order) is known only when the order is placed: see coupon-uses.ts.
 */
async function checkCoupon(db: Reader, code: string, subtotal: number, now: Date) {
  const normalized = normalizeCouponCode(code)
  const [row] = await db.select().from(coupons).where(eq(coupons.code, normalized)).limit(1)
  let result: CouponResult = applyCoupon(row, subtotal, now)
  if (result.ok && row && usesLeft(row) === 0) result = { ok: false, message: COUPON_USED_UP }
  return { code: normalized, result }
}

/**
 * Current prices, stock and totals of a list of lines: what the cart page and checkout show, and what an
 * order is charged. Delivery is priced on what can be sold (deliveryCharge: the zone, the parcel's weight,
 * and the goods after the coupon against the free-delivery threshold).
 */
async function quote(
  db: Reader,
  lines: { skuId: number; quantity: number }[],
  couponCode: string | undefined,
  zone: DeliveryZone,
  delivery: DeliverySettings,
  now: Date,
): Promise<Quote> {
  const priced = priceLines(lines, await loadPricedSkus(db, [...new Set(lines.map((l) => l.skuId))]))
  const sellable = priced.filter((line) => line.quantity > 0)
  const applied =
    sellable.length > 0 ? applyPromotions(sellable.map(promotionLine), await runningPromotions(db, now)) : []
  let coupon: { code: string; discount: number } | null = null
  let couponError: string | null = null
  let freeDelivery = false
  if (couponCode?.trim()) {
    // a coupon's minimum is met by what the goods cost after the promotions
    const goodsAfterOffers = roundMoney(discountedSubtotal(sellable) - promotionsDiscount(applied))
    const checked = await checkCoupon(db, couponCode, goodsAfterOffers, now)
    if (checked.result.ok) {
      coupon = { code: checked.code, discount: checked.result.discount }
      freeDelivery = checked.result.freeDelivery
    } else couponError = checked.result.message
  }
  const goods = orderTotals(sellable, coupon, 0, applied).total
  const fullCharge = deliveryCharge(zone, { grams: parcelGrams(sellable), goods }, delivery)
  const charge = freeDelivery ? 0 : fullCharge
  const totals = orderTotals(sellable, coupon, charge, applied)
  return {
    lines: priced.map(
      ({ sku: _sku, vatRate: _vat, weightGrams: _grams, categoryPath: _path, ...line }) => line,
    ),
    totals,
    couponError,
    deliveryEstimate: delivery[zone].estimate.en,
    estimates: delivery[zone].estimate,
    priced,
    waivedDelivery: freeDelivery && sellable.length > 0 ? fullCharge : 0,
  }
}

export default fp(
  async function pricingRepository(app: FastifyInstance) {
    app.decorate('pricing', {
      quote: async (lines, couponCode, zone = 'inside_dhaka', spender) => {
        const { delivery, rewardPoints } = (await app.settings.current()).settings
        const priced = await quote(app.db, lines, couponCode, zone, delivery, app.clock.now())
        if (!spender) return priced
        // the points are the server's to decide: the balance now, the shop's minimum and cap on these items
        const [user] = await app.db
          .select({ balance: users.rewardPoints })
          .from(users)
          .where(eq(users.id, spender.userId))
        const balance = user?.balance ?? 0
        const offer = pointsOffer(balance, itemsTotalOf(priced.totals), rewardPoints)
        const asked = spender.asked
        const spends = asked !== undefined && offer !== null && offer.points === asked
        return {
          ...priced,
          totals: spends ? withPoints(priced.totals, offer) : priced.totals,
          points: { balance, offer, changed: asked !== undefined && !spends },
        }
      },
      checkCoupon: (code, subtotal) => checkCoupon(app.db, code, subtotal, app.clock.now()),
    } satisfies PricingRepository)
  },
  { name: 'pricing-repository', dependencies: ['context'] },
)
