import { z } from 'zod'

/** A line as the client sends it; anything else it carries (a price from local storage) is ignored. */
export const cartLineInput = z.object({
  skuId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(1000),
})
export type CartLineInput = z.infer<typeof cartLineInput>

/** Server cart item, SPEC §3: id, quantity, status (plus what a page needs to show it). */
export const serverCartItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  skuId: z.number().int(),
  quantity: z.number().int(),
  status: z.enum(['active', 'inactive']),
})
export type ServerCartItem = z.infer<typeof serverCartItem>

export const serverCartResponse = z.object({ data: z.array(serverCartItem) })
export const serverCartItemResponse = z.object({ data: serverCartItem })

export const cartAddBody = cartLineInput
export const cartPatchBody = z
  .object({
    quantity: z.number().int().min(1).max(1000).optional(),
    status: z.enum(['active', 'inactive']).optional(),
  })
  .strict()

/**
 * Merge on login. The client sends its whole local cart with a merge id it generated once for
 * that local cart: a merge id already applied for this shopper changes nothing.
 */
export const cartMergeBody = z
  .object({
    mergeId: z.string().min(8).max(100),
    lines: z.array(cartLineInput).max(100),
  })
  .strict()

export const quoteBody = z
  .object({
    lines: z.array(cartLineInput).min(1).max(100),
    coupon: z.string().trim().max(40).optional(),
    zone: z.enum(['inside_dhaka', 'dhaka_suburbs', 'outside_dhaka']).optional(),
  })
  .strict()
export type QuoteBody = z.infer<typeof quoteBody>

export const quoteLine = z.object({
  skuId: z.number().int(),
  productId: z.number().int().nullable(),
  slug: z.string().nullable(),
  name: z.string().nullable(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  image: z.string().nullable(),
  requested: z.number().int(),
  /** what can be bought now: min(requested, stock); 0 when unavailable */
  quantity: z.number().int(),
  available: z.number().int(),
  unitPrice: z.number(),
  unitDiscountedPrice: z.number(),
  lineTotal: z.number(),
  /** null when the line can be ordered as asked */
  problem: z.string().nullable(),
})
export type QuoteLine = z.infer<typeof quoteLine>

export const totals = z.object({
  subtotal: z.number(),
  discount: z.number(),
  couponCode: z.string().nullable(),
  couponDiscount: z.number(),
  vat: z.number(),
  deliveryCharge: z.number(),
  total: z.number(),
})
export type Totals = z.infer<typeof totals>

export const quoteResponse = z.object({
  data: z.object({
    lines: z.array(quoteLine),
    totals,
    couponError: z.string().nullable(),
    deliveryEstimate: z.string(),
  }),
})
export type QuoteResponse = z.infer<typeof quoteResponse>
