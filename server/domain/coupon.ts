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
}

export type CouponResult =
  | { ok: true; discount: number; description: string }
  | { ok: false; message: string }

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
  let discount = coupon.kind === 'percent' ? (subtotal * coupon.value) / 100 : coupon.value
  if (coupon.maxDiscount !== null) discount = Math.min(discount, coupon.maxDiscount)
  discount = roundMoney(Math.min(discount, subtotal))
  const description =
    coupon.kind === 'percent'
      ? `${coupon.value}% off${coupon.maxDiscount !== null ? ` (up to TK ${coupon.maxDiscount.toFixed(2)})` : ''}`
      : `TK ${coupon.value.toFixed(2)} off`
  return { ok: true, discount, description }
}
