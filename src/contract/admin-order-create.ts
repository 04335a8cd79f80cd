import { z } from 'zod/mini'
import { addressInput, addressLines, bdPhone, deliveryZone } from './addresses'
import { deliveryRecord } from './admin-delivery-record'
import { cartLineInput, totals } from './cart'
import { noControlCharacters } from './common'
import { LANGUAGES } from './language'
import { TRANSACTION_ID_MESSAGE } from './orders'

/**
 * Orders the staff take by hand (`/api/v1/admin/orders`, `/api/v1/admin/order-drafts…`): what a shopper asked
 * for by phone, in the page's inbox or at the counter, entered in the back office.
 *
 * - `POST orders/quote` (staffOrderQuoteBody) → staffOrderQuoteAnswer: the lines priced as checkout prices
 *   them today, the delivery charge of the address's zone and the parcel's weight, the coupon and the staff's
 *   discount; problems per line (`lines.N`), never an error for a line that cannot be sold.
 * - `POST orders/new` (staffOrderBody, `Idempotency-Key` header) → adminOrderAnswer, 201: the order placed as a
 *   shopper's is (priced again, stock taken in its transaction, the same workflow), with its source and who took
 *   it; the shopper gets a text with the link to the order's page. A draft named by `draftId` is deleted with it.
 * - `GET orders/customer?phone=` → numberAnswer: what the shop knows of a mobile number (any spelling): its name,
 *   the addresses its orders went to, its record (delivered, cancelled, returned), whether it is blocked.
 * - `GET order-drafts` → orderDraftsAnswer; `POST order-drafts` (orderDraftBody) → orderDraftAnswer, 201;
 *   `GET|PUT|DELETE order-drafts/:id`: orders saved half-taken, to finish later. A draft holds no stock.
 */

/** where an order came from: the shop's own site, or taken by the staff from a phone call or an inbox */
export const orderSources = ['website', 'phone', 'facebook', 'instagram', 'whatsapp', 'walk_in'] as const
export type OrderSource = (typeof orderSources)[number]

/** each source as the sales report's rows and CSV name it (and the attribution's channels of the same name) */
export const ORDER_SOURCE_NAMES: Record<OrderSource, { en: string; bn: string }> = {
  website: { en: 'Website', bn: 'ওয়েবসাইট' },
  phone: { en: 'Phone call', bn: 'ফোন কল' },
  facebook: { en: 'Facebook', bn: 'ফেসবুক' },
  instagram: { en: 'Instagram', bn: 'ইনস্টাগ্রাম' },
  whatsapp: { en: 'WhatsApp', bn: 'হোয়াটসঅ্যাপ' },
  walk_in: { en: 'Walk-in', bn: 'দোকানে এসে' },
}
/** the sources a staff member can choose for an order they take */
export const staffOrderSources = orderSources.filter((source) => source !== 'website')

/** the wallets an advance taken by hand can have come through */
export const advanceWallets = ['bkash', 'nagad', 'rocket'] as const

const trimmed = (max: number) => z.string().check(z.trim(), z.maxLength(max), noControlCharacters())
const money = z.number().check(z.nonnegative(), z.maximum(10_000_000))

/** a discount the staff give by hand, with the reason the timeline and the reports keep */
export const manualDiscount = z.strictObject({
  amount: money.check(z.positive('Enter the discount in taka')),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'Say why the discount is given'),
      z.maxLength(200),
      noControlCharacters(),
    ),
})

/** money the shopper already sent (bKash, Nagad or Rocket), checked by the staff member taking the order */
export const receivedAdvance = z.strictObject({
  wallet: z.enum(advanceWallets, 'Choose the wallet the money came through'),
  transactionId: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{6,20}$/, TRANSACTION_ID_MESSAGE)),
  amount: money.check(z.positive('Enter the amount received')),
})

const lines = z.array(cartLineInput).check(z.maxLength(100))

/** What the staff price while they take an order: the lines, where it goes, a coupon, their discount. */
export const staffOrderQuoteBody = z.strictObject({
  lines: lines.check(z.minLength(1, 'Add a product')),
  division: z.optional(trimmed(60)),
  district: z.optional(trimmed(60)),
  area: z.optional(trimmed(80)),
  coupon: z.optional(trimmed(40)),
  manualDiscount: z.optional(manualDiscount),
})
export type StaffOrderQuoteBody = z.input<typeof staffOrderQuoteBody>

export const staffOrderQuoteLine = z.object({
  skuId: z.int(),
  productId: z.nullable(z.int()),
  name: z.nullable(z.string()),
  sku: z.nullable(z.string()),
  size: z.nullable(z.string()),
  colour: z.nullable(z.string()),
  quantity: z.int(),
  unitPrice: z.number(),
  unitDiscountedPrice: z.number(),
  lineTotal: z.number(),
  stock: z.int(),
  problem: z.nullable(z.string()),
})

export const staffOrderQuoteAnswer = z.object({
  data: z.object({
    lines: z.array(staffOrderQuoteLine),
    totals,
    /** the zone the address's area is in (none until one is chosen: no delivery charge yet) */
    zone: z.nullable(deliveryZone),
    couponError: z.nullable(z.string()),
  }),
})
export type StaffOrderQuote = z.infer<typeof staffOrderQuoteAnswer>['data']

/** An order taken by hand, as the staff send it. */
export const staffOrderBody = z.strictObject({
  source: z.enum(staffOrderSources as [OrderSource, ...OrderSource[]], 'Choose where the order came from'),
  customer: z.strictObject({
    name: z
      .string()
      .check(z.trim(), z.minLength(2, 'Enter the customer’s name'), z.maxLength(100), noControlCharacters()),
    phone: bdPhone,
  }),
  address: addressInput,
  lines: lines.check(z.minLength(1, 'Add a product')),
  coupon: z.optional(trimmed(40)),
  manualDiscount: z.optional(manualDiscount),
  /** none: the whole order is cash on delivery */
  advance: z.optional(receivedAdvance),
  notes: z._default(trimmed(500), ''),
  /** the language the shopper is texted in */
  language: z._default(z.enum(LANGUAGES), 'bn'),
  /** the draft this order finishes: deleted with the order's placing */
  draftId: z.optional(z.int().check(z.positive(), z.maximum(2_147_483_647))),
})
export type StaffOrderBody = z.input<typeof staffOrderBody>

/** A draft: whatever of the form is filled in so far (checked in full only when the order is placed). */
export const orderDraftBody = z.strictObject({
  source: z.optional(z.enum(staffOrderSources as [OrderSource, ...OrderSource[]])),
  customer: z.optional(z.strictObject({ name: z.optional(trimmed(100)), phone: z.optional(trimmed(20)) })),
  address: z.optional(
    z.strictObject({
      name: z.optional(trimmed(100)),
      phone: z.optional(trimmed(20)),
      division: z.optional(trimmed(60)),
      district: z.optional(trimmed(60)),
      area: z.optional(trimmed(80)),
      street: z.optional(trimmed(300)),
      landmark: z.optional(trimmed(200)),
    }),
  ),
  lines: z._default(lines, []),
  coupon: z.optional(trimmed(40)),
  manualDiscount: z.optional(z.strictObject({ amount: z.optional(money), reason: z.optional(trimmed(200)) })),
  advance: z.optional(
    z.strictObject({
      wallet: z.optional(z.enum(advanceWallets)),
      transactionId: z.optional(trimmed(20)),
      amount: z.optional(money),
    }),
  ),
  notes: z._default(trimmed(500), ''),
  language: z.optional(z.enum(LANGUAGES)),
})
export type OrderDraftBody = z.input<typeof orderDraftBody>
export type OrderDraftContent = z.output<typeof orderDraftBody>

export const orderDraft = z.object({
  id: z.int(),
  content: orderDraftBody,
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type OrderDraft = z.infer<typeof orderDraft>
export const orderDraftParams = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
})
export const orderDraftAnswer = z.object({ data: orderDraft })
export const orderDraftsAnswer = z.object({ data: z.array(orderDraft) })

export const numberQuery = z.object({ phone: bdPhone })
/** What the shop knows of a mobile number when an order is taken for it. */
export const numberAnswer = z.object({
  data: z.object({
    phone: z.string(),
    /** the account's name, else the name on its latest order; null: the number is new to the shop */
    name: z.nullable(z.string()),
    /** the places its latest orders went to, newest first, each once */
    addresses: z.array(addressLines),
    /** its delivery record and risk, counted as the order and customer pages count them */
    record: deliveryRecord,
    /** the shop blocked it: no cash on delivery */
    blocked: z.boolean(),
  }),
})
export type NumberFacts = z.infer<typeof numberAnswer>['data']
