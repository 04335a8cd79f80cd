import { z } from 'zod/mini'
import { deliveryZones } from './addresses'
import { noControlCharacters } from './common'

const quantity = z.int().check(z.minimum(1), z.maximum(1000))

/** A line as the client sends it; anything else it carries (a price from local storage) is ignored. */
export const cartLineInput = z.object({
  skuId: z.int().check(z.positive(), z.maximum(2_147_483_647)),
  quantity,
})
export type CartLineInput = z.infer<typeof cartLineInput>

export const cartLineStatuses = ['active', 'inactive'] as const
const lineStatus = z.enum(cartLineStatuses)

/** Server cart item, storefront §3: id, quantity, status (plus what a page needs to show it). */
export const serverCartItem = z.object({
  id: z.int(),
  productId: z.int(),
  skuId: z.int(),
  quantity: z.int(),
  status: lineStatus,
})
export type ServerCartItem = z.infer<typeof serverCartItem>

export const serverCartResponse = z.object({ data: z.array(serverCartItem) })
export const serverCartItemResponse = z.object({ data: serverCartItem })

export const cartAddBody = cartLineInput
export const cartPatchBody = z.strictObject({
  quantity: z.optional(quantity),
  status: z.optional(lineStatus),
})

/**
 * Merge on login. The client sends its whole local cart with a merge id it generated once for
 * that local cart: a merge id already applied for this shopper changes nothing.
 */
export const cartMergeBody = z.strictObject({
  mergeId: z.string().check(z.minLength(8), z.maxLength(100), noControlCharacters()),
  lines: z.array(cartLineInput).check(z.maxLength(100)),
})

export const quoteBody = z.strictObject({
  lines: z.array(cartLineInput).check(z.minLength(1), z.maxLength(100)),
  coupon: z.optional(z.string().check(z.trim(), z.maxLength(40), noControlCharacters())),
  zone: z.optional(z.enum(deliveryZones)),
  /** the reward points the shopper chose to use, as the last quote offered them (the server decides again) */
  points: z.optional(z.int().check(z.positive(), z.maximum(100_000_000))),
})
export type QuoteBody = z.infer<typeof quoteBody>

const nullableText = z.nullable(z.string())

export const quoteLine = z.object({
  skuId: z.int(),
  productId: z.nullable(z.int()),
  slug: nullableText,
  name: nullableText,
  size: nullableText,
  colour: nullableText,
  image: nullableText,
  requested: z.int(),
  /** what can be bought now: min(requested, stock); 0 when unavailable */
  quantity: z.int(),
  available: z.int(),
  unitPrice: z.number(),
  unitDiscountedPrice: z.number(),
  lineTotal: z.number(),
  /** null when the line can be ordered as asked */
  problem: nullableText,
})
export type QuoteLine = z.infer<typeof quoteLine>

export const totals = z.object({
  subtotal: z.number(),
  discount: z.number(),
  /** what the shop's promotions took off (absent: none), and which they were, named in both languages */
  promotionDiscount: z.optional(z.number()),
  promotions: z.optional(
    z.array(z.object({ id: z.int(), name: z.string(), nameBn: z.string(), discount: z.number() })),
  ),
  couponCode: nullableText,
  couponDiscount: z.number(),
  /** a discount the staff gave by hand on an order they took (absent: none) */
  manualDiscount: z.optional(z.number()),
  /** the reward points spent on the order and the taka they took off (absent: none) */
  pointsUsed: z.optional(z.int()),
  pointsDiscount: z.optional(z.number()),
  vat: z.number(),
  deliveryCharge: z.number(),
  total: z.number(),
})
export type Totals = z.infer<typeof totals>

export const quoteResponse = z.object({
  data: z.object({
    lines: z.array(quoteLine),
    totals,
    couponError: nullableText,
    deliveryEstimate: z.string(),
    /**
     * a signed-in shopper's reward points: the balance, and what this cart may spend (null: none, as the
     * shop's minimum, cap or switch say); absent for a guest
     */
    points: z.optional(
      z.object({
        balance: z.int(),
        offer: z.nullable(z.object({ points: z.int(), discount: z.number() })),
        /** the points asked were not what the server offers now (the totals leave them out) */
        changed: z.boolean(),
      }),
    ),
  }),
})
export type QuoteResponse = z.infer<typeof quoteResponse>

// Carts left behind (docs/carts-left-behind.md); here, with the cart's own, so that the cart and the checkout
// share no chunk of their own for them

/** A restore link's lines, as this device's cart takes them: sellable skus, quantities capped by stock. */
export const restoredCartAnswer = z.object({
  data: z.object({
    lines: z.array(
      z.object({
        skuId: z.int(),
        /** the sku's code, as this device's cart keys its lines */
        sku: z.string(),
        productId: z.int(),
        quantity: z.int(),
        /** its price now, after product discounts */
        price: z.number(),
      }),
    ),
  }),
})
export type RestoredCart = z.infer<typeof restoredCartAnswer>['data']

/** The same answer whether or not a row was new: nobody learns whether a number left a cart before. */
export const cartLeftAnswer = z.object({ data: z.object({ kept: z.boolean() }) })
