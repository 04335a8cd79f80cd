import type { AdminCoupon, CouponKind, CouponUpdateBody } from '../../contract/admin-coupons'
import { fromDhakaInput, toDhakaInput } from '../../lib/dhaka-time'

/**
 * What the coupon editor holds while the owner types: inputs as text, times as Dhaka's clock shows them.
 * The API gets each time as a moment with its offset (src/lib/dhaka-time.ts).
 */
export type CouponDraft = {
  code: string
  name: string
  description: string
  kind: CouponKind
  value: string
  minSubtotal: string
  maxDiscount: string
  starts: string
  ends: string
  usageLimit: string
  usageLimitPerCustomer: string
  firstOrderOnly: boolean
  freeDelivery: boolean
  active: boolean
}

/** A new coupon: 10% off from now for a week, no limits. */
export function newDraft(now = Date.now()): CouponDraft {
  return {
    code: '',
    name: '',
    description: '',
    kind: 'percent',
    value: '10',
    minSubtotal: '0',
    maxDiscount: '',
    starts: toDhakaInput(new Date(now).toISOString()),
    ends: toDhakaInput(new Date(now + 7 * 86_400_000).toISOString()),
    usageLimit: '',
    usageLimitPerCustomer: '',
    firstOrderOnly: false,
    freeDelivery: false,
    active: true,
  }
}

const optional = (value: number | null) => (value === null ? '' : String(value))

export function draftOf(coupon: AdminCoupon): CouponDraft {
  return {
    code: coupon.code,
    name: coupon.name,
    description: coupon.description,
    kind: coupon.kind,
    value: String(coupon.value),
    minSubtotal: String(coupon.minSubtotal),
    maxDiscount: optional(coupon.maxDiscount),
    starts: toDhakaInput(coupon.startsAt),
    ends: toDhakaInput(coupon.endsAt),
    usageLimit: optional(coupon.usageLimit),
    usageLimitPerCustomer: optional(coupon.usageLimitPerCustomer),
    firstOrderOnly: coupon.firstOrderOnly,
    freeDelivery: coupon.freeDelivery,
    active: coupon.active,
  }
}

/** A number as typed ('' stays empty; anything unreadable is NaN, which the server refuses by name). */
const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()))
const orNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()))

/** The request a draft makes; the server checks every field and answers what is wrong. */
export function bodyOf(draft: CouponDraft): Omit<CouponUpdateBody, 'version'> & { code: string } {
  return {
    code: draft.code.trim(),
    name: draft.name,
    description: draft.description,
    kind: draft.kind,
    value: amount(draft.value),
    minSubtotal: draft.minSubtotal.trim() === '' ? 0 : amount(draft.minSubtotal),
    maxDiscount: draft.kind === 'percent' ? orNull(draft.maxDiscount) : null,
    startsAt: fromDhakaInput(draft.starts) ?? '',
    endsAt: fromDhakaInput(draft.ends) ?? '',
    usageLimit: orNull(draft.usageLimit),
    usageLimitPerCustomer: orNull(draft.usageLimitPerCustomer),
    firstOrderOnly: draft.firstOrderOnly,
    freeDelivery: draft.freeDelivery,
    active: draft.active,
  }
}
