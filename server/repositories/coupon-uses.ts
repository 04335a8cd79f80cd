import { and, type Column, eq, gte, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { coupons, couponUses, orders } from '../db/schema'
import { applyCoupon, COUPON_USED_UP, customerUseProblem } from '../domain/coupon'
import { conflict } from '../domain/errors'

export type CouponRow = typeof coupons.$inferSelect

/** Whose order takes a coupon's use: the account when signed in, and always the number. */
export type CouponCustomer = { userId: number | null; phone: string }

/**
 * Takes one use of a coupon for an order being placed, in the order's transaction. The guarded update counts
 * the use only while the coupon is on, within its dates and under its limit, and holds the coupon's row until
 * the order commits: two orders racing for the last use are one after the other, and the second finds none
 * left. The limits per customer and the first order are counted under that lock. A refusal is 409 `coupon`
 * (the transaction, and so the count, is rolled back with it).
 */
export async function reserveCouponUse(
  tx: Tx,
  code: string,
  customer: CouponCustomer,
  now: Date,
): Promise<CouponRow> {
  const [taken] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.active, true),
        lte(coupons.startsAt, now),
        gte(coupons.endsAt, now),
        or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
      ),
    )
    .returning()
  if (!taken) {
    const [row] = await tx.select().from(coupons).where(eq(coupons.code, code))
    const checked = applyCoupon(row, Number.MAX_SAFE_INTEGER, now)
    throw conflict({ coupon: [checked.ok ? COUPON_USED_UP : checked.message] })
  }
  if (taken.usageLimitPerCustomer !== null || taken.firstOrderOnly) {
    const theirs = (phoneColumn: Column, userColumn: Column) =>
      customer.userId === null
        ? eq(phoneColumn, customer.phone)
        : or(eq(phoneColumn, customer.phone), eq(userColumn, customer.userId))
    const [uses] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(couponUses)
      .where(and(eq(couponUses.couponCode, code), theirs(couponUses.phone, couponUses.userId)))
    const [earlier] = taken.firstOrderOnly
      ? await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(orders)
          .where(and(theirs(orders.phone, orders.userId), ne(orders.status, 'cancelled')))
      : [{ count: 0 }]
    const problem = customerUseProblem(taken, {
      uses: Number(uses?.count ?? 0),
      earlierOrders: Number(earlier?.count ?? 0),
    })
    if (problem) throw conflict({ coupon: [problem] })
  }
  return taken
}

/** The use an order holds, written with the order (one per order: the unique order id). */
export async function recordCouponUse(
  tx: Tx,
  use: CouponCustomer & {
    code: string
    orderId: number
    discount: number
    deliveryDiscount: number
    at: Date
  },
) {
  await tx.insert(couponUses).values({
    couponCode: use.code,
    orderId: use.orderId,
    userId: use.userId,
    phone: use.phone,
    discount: use.discount,
    deliveryDiscount: use.deliveryDiscount,
    at: use.at,
  })
}

/**
 * Gives a cancelled order's coupon use back, once whatever the retries or races: only the call that deletes
 * the order's use counts it back. Answers whether it did.
 */
export async function releaseCouponUseOnce(tx: Tx, orderId: number): Promise<boolean> {
  const [gone] = await tx
    .delete(couponUses)
    .where(eq(couponUses.orderId, orderId))
    .returning({ code: couponUses.couponCode })
  if (!gone) return false
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.code, gone.code))
  return true
}
