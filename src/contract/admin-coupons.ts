import { z } from 'zod/mini'
import { noControlCharacters } from './common'

/**
 * The back office's coupons (`/api/v1/admin/coupons…`), shared by the API and the coupons pages. Owners and
 * managers only.
 *
 * - `GET coupons` → adminCouponsAnswer: one page of coupons, newest first, found by words of the code or
 *   name and by status (active, scheduled, expired, disabled), each with its uses so far and its limit.
 * - `POST coupons` (couponCreateBody) → 201 adminCouponAnswer. The code is kept in capitals (shoppers may
 *   type it in any case), so two codes that differ only in case are one: 409 `code`.
 * - `GET coupons/:code` → adminCouponAnswer.
 * - `PUT coupons/:code` (couponUpdateBody, with the version the editor loaded) → adminCouponAnswer; 409
 *   `version` ("Changed by … at HH:MM", Dhaka time) when someone saved it since. The code never changes.
 * - `DELETE coupons/:code` → 204, only for a coupon no order has used: a used one is disabled instead (409).
 * - `GET coupons/:code/uses` → couponUsesAnswer: the orders holding a use, newest first, one page.
 * - `GET coupons/:code/uses.csv` → the same as a spreadsheet: order number, date, phone, discount.
 *
 * Times are moments with their offset; the pages show and take them in Dhaka time.
 */

/** the most uses one CSV export holds */
export const COUPON_USES_EXPORT_LIMIT = 50_000
/** how deep the list's pages reach (page × perPage) */
export const COUPON_LIST_DEPTH = 10_000

export const couponStatus = z.enum(['active', 'scheduled', 'expired', 'disabled'])
export type CouponStatus = z.infer<typeof couponStatus>

export const couponKinds = ['percent', 'flat'] as const
export const couponKind = z.enum(couponKinds)
export type CouponKind = z.infer<typeof couponKind>

const text = (max: number, options: { multiline?: boolean } = {}) =>
  z.string().check(z.trim(), z.maxLength(max, 'At most {count} characters'), noControlCharacters(options))

/** what shoppers type: letters, digits, - and _, kept in capitals */
export const couponCode = z.string().check(
  z.trim(),
  z.regex(/^[A-Za-z0-9_-]{3,30}$/, 'Use 3 to 30 letters, digits, - or _'),
  z.overwrite((code) => code.toUpperCase()),
)

export const couponCodeParams = z.object({ code: couponCode })

/** an ISO 8601 moment with its offset (`2026-11-25T18:00:00+06:00`): a coupon's, a promotion's start and end */
const momentPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/
export const moment = z
  .string()
  .check(
    z.refine(
      (value) => momentPattern.test(value) && !Number.isNaN(Date.parse(value)),
      'Enter a date and time',
    ),
  )
const twoDecimals = z.refine<number>(
  (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
  'Use at most two decimals',
)
const amount = z.number().check(z.minimum(0, 'Enter 0 or more'), z.maximum(10_000_000), twoDecimals)
const limit = z.nullable(z.int().check(z.minimum(1, 'Enter 1 or more'), z.maximum(1_000_000)))

const couponFields = {
  name: text(80),
  description: text(500, { multiline: true }),
  kind: couponKind,
  /** percent off (at most 100) or TK off; 0 only with free delivery */
  value: amount,
  /** the subtotal after product discounts an order needs */
  minSubtotal: amount,
  /** the most a percent coupon takes off, in TK; null: no cap */
  maxDiscount: z.nullable(
    z.number().check(z.positive('Enter an amount above 0'), z.maximum(10_000_000), twoDecimals),
  ),
  startsAt: moment,
  endsAt: moment,
  /** orders in all; null: no limit */
  usageLimit: limit,
  /** orders per customer (their number or account); null: no limit */
  usageLimitPerCustomer: limit,
  firstOrderOnly: z.boolean(),
  freeDelivery: z.boolean(),
  /** off: shoppers' orders cannot use it (disabling keeps a used coupon and its report) */
  active: z.boolean(),
}

/** A new coupon: what is left out takes its default. */
export const couponCreateBody = z.strictObject({
  code: couponCode,
  ...couponFields,
  name: z._default(couponFields.name, ''),
  description: z._default(couponFields.description, ''),
  minSubtotal: z._default(amount, 0),
  maxDiscount: z._default(couponFields.maxDiscount, null),
  usageLimit: z._default(limit, null),
  usageLimitPerCustomer: z._default(limit, null),
  firstOrderOnly: z._default(z.boolean(), false),
  freeDelivery: z._default(z.boolean(), false),
  active: z._default(z.boolean(), true),
})
export type CouponCreateBody = z.input<typeof couponCreateBody>

/** The whole coupon, every field: one left out is refused, never reset to a default. */
export const couponUpdateBody = z.strictObject({
  /** the version the editor loaded */
  version: z.int().check(z.positive()),
  ...couponFields,
})
export type CouponUpdateBody = z.input<typeof couponUpdateBody>

export const adminCouponsQuery = z.object({
  /** words of the code or the name */
  q: z.optional(text(100)),
  status: z.optional(couponStatus),
  page: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(10_000)), 1),
  perPage: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(100)), 25),
})
export type AdminCouponsQuery = z.input<typeof adminCouponsQuery>

export const adminCoupon = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  kind: couponKind,
  value: z.number(),
  minSubtotal: z.number(),
  maxDiscount: z.nullable(z.number()),
  startsAt: z.string(),
  endsAt: z.string(),
  usageLimit: z.nullable(z.int()),
  usageLimitPerCustomer: z.nullable(z.int()),
  firstOrderOnly: z.boolean(),
  freeDelivery: z.boolean(),
  active: z.boolean(),
  status: couponStatus,
  /** orders holding a use now (a cancelled order gives its use back) */
  usedCount: z.int(),
  version: z.int(),
  updatedAt: z.string(),
  /** who saved it last (staff name), null when unknown */
  updatedBy: z.nullable(z.string()),
  createdAt: z.string(),
})
export type AdminCoupon = z.infer<typeof adminCoupon>

export const adminCouponAnswer = z.object({ data: adminCoupon })

export const adminCouponsAnswer = z.object({
  data: z.array(adminCoupon),
  meta: z.object({ page: z.int(), perPage: z.int(), total: z.int(), hasNext: z.boolean() }),
})
export type AdminCouponsAnswer = z.infer<typeof adminCouponsAnswer>

export const couponUsesQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(10_000)), 1),
  perPage: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(100)), 50),
})
export type CouponUsesQuery = z.input<typeof couponUsesQuery>

export const couponUse = z.object({
  /** the back office's page of the order: /admin/orders/<id> */
  orderId: z.int(),
  orderNumber: z.string(),
  at: z.string(),
  phone: z.string(),
  customerName: z.string(),
  /** TK off the order's items */
  discount: z.number(),
  /** the delivery charge it waived, in TK */
  deliveryDiscount: z.number(),
})
export type CouponUse = z.infer<typeof couponUse>

export const couponUsesAnswer = z.object({
  data: z.object({
    coupon: adminCoupon,
    uses: z.array(couponUse),
    /** what all its uses took off (items and delivery), in TK */
    totalDiscount: z.number(),
  }),
  meta: z.object({ page: z.int(), perPage: z.int(), total: z.int(), hasNext: z.boolean() }),
})
export type CouponUsesAnswer = z.infer<typeof couponUsesAnswer>
