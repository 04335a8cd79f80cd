import { z } from 'zod/mini'

/**
 * The shoppers waiting for sold-out skus (GET /admin/reports/waiting-for-stock): a signal of what to restock,
 * the most wanted first. With `productId`, that product's skus alone (the product editor's counts).
 */
export const waitingForStockQuery = z.object({
  productId: z.optional(z.coerce.number().check(z.int(), z.positive())),
})

export const waitingSku = z.object({
  skuId: z.int(),
  sku: z.string(),
  productId: z.int(),
  productName: z.string(),
  size: z.nullable(z.string()),
  colour: z.nullable(z.string()),
  stockQuantity: z.int(),
  waiting: z.int(),
  /** when the longest-waiting shopper asked (ISO) */
  oldestRequest: z.string(),
})
export type WaitingSku = z.infer<typeof waitingSku>

export const waitingForStockAnswer = z.object({ data: z.array(waitingSku) })
