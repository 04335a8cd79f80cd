import { z } from 'zod/mini'
import { courierNames } from './couriers'

/**
 * Cash on delivery, closed (`/api/v1/admin/cod…`, owners and managers): the cash couriers collected at the door
 * and still hold, and their payouts recorded, one order at a time or from a courier's payout statement.
 *
 * - `GET cod/waiting` → codWaitingAnswer: delivered orders whose cash is still with the courier, oldest first,
 *   with how many days it has been, and the sum.
 * - `POST orders/:id/cash` (cashSettleBody) → the order (adminOrderAnswer): the courier paid out this order's cash:
 *   what it collected and what it kept. 409 when the order is not delivered or its cash was paid out already.
 * - `POST cod/payouts` (codPayoutBody) → codPayoutAnswer: a courier's payout statement (CSV text, Pathao's or
 *   Steadfast's columns): every delivered order it names is marked paid out, all in one transaction, or with
 *   `dryRun` nothing is written and the answer says what would be. Lines naming no order of ours, an order not
 *   delivered or one already paid out are listed as problems; the rest are recorded.
 */

export const COD_PAYOUT_MAX_ROWS = 5_000
export const COD_PAYOUT_MAX_BYTES = 1_000_000

const taka = z.number().check(z.nonnegative('Enter an amount of 0 or more'), z.maximum(10_000_000))

export const cashSettleBody = z.strictObject({
  collected: taka,
  charges: taka,
  version: z.int(),
})
export type CashSettleBody = z.infer<typeof cashSettleBody>

export const codPayoutBody = z.strictObject({
  csv: z
    .string()
    .check(
      z.minLength(1, 'Choose the payout file'),
      z.maxLength(COD_PAYOUT_MAX_BYTES, 'The file is larger than 1 MB: split it'),
    ),
  dryRun: z._default(z.boolean(), true),
})
export type CodPayoutBody = z.input<typeof codPayoutBody>

const courier = z.nullable(z.enum(courierNames))

export const codPayoutAnswer = z.object({
  data: z.object({
    dryRun: z.boolean(),
    settled: z.array(
      z.object({
        line: z.int(),
        orderId: z.int(),
        number: z.string(),
        courier,
        /** what the order's cash was when it was delivered */
        due: z.number(),
        collected: z.number(),
        charges: z.number(),
      }),
    ),
    problems: z.array(z.object({ line: z.int(), reference: z.string(), message: z.string() })),
    totals: z.object({ orders: z.int(), collected: z.number(), charges: z.number(), paidOut: z.number() }),
  }),
})
export type CodPayout = z.infer<typeof codPayoutAnswer>['data']

export const codWaitingAnswer = z.object({
  data: z.object({
    orders: z.array(
      z.object({
        id: z.int(),
        number: z.string(),
        customerName: z.string(),
        courier,
        deliveredAt: z.string(),
        /** whole days since the delivery */
        days: z.int(),
        collected: z.number(),
      }),
    ),
    total: z.object({ orders: z.int(), amount: z.number() }),
  }),
})
export type CodWaiting = z.infer<typeof codWaitingAnswer>['data']
