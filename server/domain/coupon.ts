import { roundMoney } from '../../src/lib/money'

export type Coupon = {
  code: string
  kind: 'percent' | 'flat'
  value: number
  minSubtotal: number
  maxDiscount: number | null
  startsAt: Date
  endsAt: Date
  active: boolean
  /** the delivery charge is 0 with it (absent: no) */
  freeDelivery?: boolean
}

export type CouponResult =
  | { ok: true; discount: number; description: string; freeDelivery: boolean }
  | { ok: false; message: string }

/** Where a coupon stands in the back office's list: switched off, before, after or within its dates. */
export type CouponStatus = 'active' | 'scheduled' | 'expired' | 'disabled'

export const COUPON_USED_UP = 'This coupon has been used up'
export const COUPON_USED_BY_CUSTOMER = 'You have already used this coupon'
export const COUPON_FIRST_ORDER_ONLY = 'This coupon is only for a first order'

export function couponStatus(
  coupon: Pick<Coupon, 'active' | 'startsAt' | 'endsAt'>,
  now: Date = new Date(),
): CouponStatus {
  if (!coupon.active) return 'disabled'
  if (now < coupon.startsAt) return 'scheduled'
  if (now > coupon.endsAt) return 'expired'
  return 'active'
}

/** Uses left in all: null when the coupon has no limit. */
export function usesLeft(coupon: { usageLimit: number | null; usedCount: number }): number | null {
  return coupon.usageLimit === null ? null : Math.max(coupon.usageLimit - coupon.usedCount, 0)
}

/**
 * Why one customer may not use the coupon (null: they may), from their uses of it and their orders before:
 * at most `usageLimitPerCustomer` uses each, and no order before when it is for a first order only.
 */
export function customerUseProblem(
  coupon: { usageLimitPerCustomer: number | null; firstOrderOnly: boolean },
  customer: { uses: number; earlierOrders: number },
): string | null {
  if (coupon.firstOrderOnly && customer.earlierOrders > 0) return COUPON_FIRST_ORDER_ONLY
  if (coupon.usageLimitPerCustomer !== null && customer.uses >= coupon.usageLimitPerCustomer) {
    return COUPON_USED_BY_CUSTOMER
  }
  return null
}

/** The code shoppers type, compared case-insensitively. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase()
}

/**
 * What a coupon takes off a subtotal (after product discounts). Never more than the subtotal,
 * never more than its cap; refused outside its dates, when switched off or under its minimum.
 */
export function applyCoupon(
  coupon: Coupon | undefined,
  subtotal: number,
  now: Date = new Date(),
): CouponResult {
  if (!coupon?.active) return { ok: false, message: 'This coupon code is not valid' }
  if (now < coupon.startsAt) return { ok: false, message: 'This coupon is not active yet' }
  if (now > coupon.endsAt) return { ok: false, message: 'This coupon has expired' }
  if (subtotal < coupon.minSubtotal) {
    return {
      ok: false,
      message: `This coupon needs a subtotal of at least TK ${coupon.minSubtotal.toFixed(2)}`,
    }
  }
  const freeDelivery = coupon.freeDelivery === true
  let discount = coupon.kind === 'percent' ? (subtotal * coupon.value) / 100 : coupon.value
  if (coupon.maxDiscount !== null) discount = Math.min(discount, coupon.maxDiscount)
  discount = roundMoney(Math.min(discount, subtotal))
  const off =
    coupon.value === 0
      ? null
      : coupon.kind === 'percent'
        ? `${coupon.value}% off${coupon.maxDiscount !== null ? ` (up to TK ${coupon.maxDiscount.toFixed(2)})` : ''}`
        : `TK ${coupon.value.toFixed(2)} off`
  const description = off === null ? 'Free delivery' : freeDelivery ? `${off} + free delivery` : off
  return { ok: true, discount, description, freeDelivery }
}

/** What the back office's coupon form asks for, checked field by field by the contract. */
export type CouponFields = {
  kind: 'percent' | 'flat'
  value: number
  startsAt: Date
  endsAt: Date
  freeDelivery: boolean
}

/** The checks across fields of a coupon being saved: `{ field: [message] }`, empty when it may be saved. */
export function couponProblems(coupon: CouponFields): Record<string, string[]> {
  const problems: Record<string, string[]> = {}
  if (coupon.kind === 'percent' && coupon.value > 100) problems.value = ['A percentage is at most 100']
  if (coupon.value === 0 && !coupon.freeDelivery) {
    problems.value = ['Enter a discount above 0, or give free delivery']
  }
  if (!(coupon.endsAt > coupon.startsAt)) problems.endsAt = ['The end must be after the start']
  return problems
}

export const COUPON_USES_CSV_HEADER = [
  'order_number',
  'date',
  'customer_phone',
  'customer_name',
  'discount',
  'delivery_waived',
] as const
