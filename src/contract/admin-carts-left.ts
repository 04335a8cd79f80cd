import { z } from 'zod/mini'

/**
 * Carts left behind in the last 30 days (GET /admin/reports/carts-left, docs/carts-left-behind.md): each number's
 * cart, its reminder and the order it brought back, with the totals at the top. A number is masked to its last
 * three digits for staff who may not see customers' numbers.
 */
export const cartLeftRow = z.object({
  id: z.int(),
  phone: z.string(),
  value: z.number(),
  /** pieces in the cart */
  items: z.int(),
  /** the shopper's last activity (ISO) */
  leftAt: z.string(),
  remindedAt: z.nullable(z.string()),
  optedOut: z.boolean(),
  recoveredOrder: z.nullable(z.object({ id: z.int(), number: z.string(), total: z.number() })),
})
export type CartLeftRow = z.infer<typeof cartLeftRow>

export const cartsLeftTotals = z.object({
  left: z.int(),
  reminded: z.int(),
  recoveredOrders: z.int(),
  recoveredRevenue: z.number(),
})

export const cartsLeftAnswer = z.object({
  data: z.object({ totals: cartsLeftTotals, rows: z.array(cartLeftRow) }),
})
export type CartsLeftReport = z.infer<typeof cartsLeftAnswer>['data']
