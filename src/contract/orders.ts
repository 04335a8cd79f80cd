import { z } from 'zod/mini'
import { addressInput, addressLines, bdPhone, deliveryZone, placesInBangla } from './addresses'
import { cartLineInput, totals } from './cart'
import { noControlCharacters } from './common'

/** the methods the shop offers; an order may name any method the server has a provider for */
export const paymentMethods = ['cod'] as const
export const orderStatuses = [
  'pending_payment',
  'pending',
  'confirmed',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'returned',
] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** where the order's money stands: `pending` while a gateway is being paid, refunds once the shop gives some back */
export const paymentStatuses = [
  'unpaid',
  'pending',
  'to_verify',
  /** cash on delivery whose delivery charge was paid before delivery: the rest is collected at the door */
  'advance_paid',
  /** paid online, then changed by the shop to cost more: the difference is collected on delivery */
  'partly_paid',
  'paid',
  'failed',
  'refunded',
  'partly_refunded',
] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** The wallets a shopper can "Send Money" from to the shop's number (paid by transfer, verified by the staff). */
export const transferWallets = ['bkash', 'nagad', 'rocket'] as const
export type TransferWallet = (typeof transferWallets)[number]
export const TRANSFER_MESSAGE = 'Enter the transaction ID and the number you sent the money from'
export const TRANSACTION_ID_MESSAGE = 'Enter the transaction ID from the payment message (letters and digits)'

/** A transfer as the shopper tells it: which wallet, its transaction ID (TrxID), and the number it came from. */
export const transferInput = z.strictObject({
  wallet: z.enum(transferWallets, 'Choose the wallet you sent the money with'),
  transactionId: z
    .string()
    // kept in capitals by the server, as the wallets' messages print it
    .check(z.trim(), z.regex(/^[A-Za-z0-9]{6,20}$/, TRANSACTION_ID_MESSAGE)),
  sender: bdPhone,
})
export type TransferInput = z.input<typeof transferInput>

export const IDEMPOTENCY_HEADER = 'idempotency-key'

const trimmed = (max: number, options: { multiline?: boolean } = {}) =>
  z.string().check(z.trim(), z.maxLength(max), noControlCharacters(options))

export const orderCreateBody = z
  .strictObject({
    lines: z.array(cartLineInput).check(z.minLength(1, 'Your cart is empty'), z.maxLength(100)),
    customer: z.strictObject({
      name: z
        .string()
        .check(z.trim(), z.minLength(2, 'Enter your name'), z.maxLength(100), noControlCharacters()),
      phone: bdPhone,
      email: z.optional(z.union([z.email('Enter a valid email'), z.literal('')])),
    }),
    /** a new address, or the id of one of the shopper's saved addresses */
    address: z.optional(addressInput),
    addressId: z.optional(z.int().check(z.positive(), z.maximum(2_147_483_647))),
    coupon: z.optional(trimmed(40)),
    /** the reward points to spend, as the quote offered them; other than the server's offer now: 409 */
    points: z.optional(z.int().check(z.positive(), z.maximum(100_000_000))),
    notes: z._default(trimmed(500, { multiline: true }), ''),
    paymentMethod: z._default(
      z.string().check(z.regex(/^[a-z][a-z0-9_-]{1,29}$/, 'This payment method is not available')),
      'cod',
    ),
    /** the money sent to the shop's number, when paid by transfer */
    transfer: z.optional(transferInput),
    /** how the delivery charge is paid when cash on delivery asks for it in advance (`transfer` then gives the transfer) */
    advanceBy: z.optional(z.enum(['bkash', 'transfer'])),
    /**
     * the proof that the shopper holds `customer.phone` (POST /auth/customer/confirm-phone), asked of a
     * cash-on-delivery order above the shop's `codConfirmAbove` unless it is the signed-in shopper's own number
     */
    phoneProof: z.optional(z.string().check(z.maxLength(500))),
    acceptTerms: z.literal(true, 'Please accept the terms and conditions'),
  })
  .check(
    z.refine((body) => Boolean(body.address || body.addressId), {
      message: 'Enter the delivery address',
      path: ['address'],
    }),
    z.refine(
      (body) =>
        (body.paymentMethod !== 'transfer' && body.advanceBy !== 'transfer') || Boolean(body.transfer),
      {
        message: TRANSFER_MESSAGE,
        path: ['transfer'],
      },
    ),
  )
export type OrderCreateBody = z.input<typeof orderCreateBody>

export const orderAddress = addressLines
export type OrderAddress = z.infer<typeof orderAddress>

const nullableText = z.nullable(z.string())
/** a text the server has in both languages, for the page to show in its own */
const bothLanguages = z.object({ en: z.string(), bn: z.string() })

export const orderLine = z.object({
  productId: z.int(),
  skuId: z.int(),
  /** the product's name as it was ordered */
  name: z.string(),
  /** the product's Bangla name, what a Bangla page shows (absent or empty: it has none, the name is shown) */
  nameBn: z.optional(z.string()),
  slug: z.string(),
  sku: z.string(),
  size: nullableText,
  colour: nullableText,
  /** the size and colour in Bangla as the shop names them now, what a Bangla page shows (absent: as they are) */
  sizeBn: z.optional(nullableText),
  colourBn: z.optional(nullableText),
  image: nullableText,
  unitPrice: z.number(),
  unitDiscountedPrice: z.number(),
  quantity: z.int(),
  vat: z.number(),
  lineTotal: z.number(),
})

export type OrderLine = z.infer<typeof orderLine>

/** The reasons the shop itself cancels an order with (a person's own reason is shown as they wrote it). */
export const SHOP_CANCEL_REASONS = {
  /** a `pending_payment` order whose payment did not come in time */
  notPaid: 'Not paid in time',
  /** the payment provider answered that the payment failed */
  paymentFailed: 'Payment failed',
} as const

/** A line as a change names it: its product and variant. */
export const changedLine = z.object({ name: z.string(), size: nullableText, colour: nullableText })
export type ChangedLine = z.infer<typeof changedLine>

/**
 * One thing the shop did to an order, kept as data and put into words in the reader's language (the
 * shopper's order page, the back office's timeline and its edit preview).
 */
export const orderChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('shipped'), courier: z.string(), trackingNumber: z.string() }),
  z.object({ kind: z.literal('removed'), line: changedLine }),
  z.object({ kind: z.literal('quantity'), line: changedLine, from: z.int(), to: z.int() }),
  z.object({ kind: z.literal('added'), line: changedLine, quantity: z.int(), price: z.number() }),
  z.object({ kind: z.literal('returned'), line: changedLine, quantity: z.int() }),
  z.object({ kind: z.literal('address') }),
  z.object({ kind: z.literal('delivery'), from: z.number(), to: z.number() }),
  /** the coupon stays on the order with nothing off: it is gone, or the subtotal is under its minimum */
  z.object({
    kind: z.literal('coupon-dropped'),
    code: z.string(),
    minimum: z.nullable(z.number()),
  }),
  z.object({ kind: z.literal('coupon'), code: z.string(), from: z.number(), to: z.number() }),
  z.object({ kind: z.literal('total'), from: z.number(), to: z.number() }),
  /** a paid order's new total: what the shop collects more, or gives back */
  z.object({ kind: z.literal('collect'), amount: z.number() }),
  z.object({ kind: z.literal('refund'), amount: z.number() }),
])
export type OrderChange = z.infer<typeof orderChange>

export const orderHistoryEntry = z.object({
  status: z.string(),
  /** the shop's own words (a reason, a note); older entries also say in English what happened */
  note: z.string(),
  createdAt: z.string(),
  /** `edit`: the shop changed the order (its lines, address or charge, or took some lines back) without moving it */
  kind: z.optional(z.enum(['status', 'edit'])),
  /** what the entry changed, in order */
  changes: z.optional(z.array(orderChange)),
  /** the reason the staff chose from the list (src/contract/admin-order-reasons.ts) */
  reason: z.optional(z.string()),
  /** that reason in each language, what a page shows in its own */
  reasonTexts: z.optional(bothLanguages),
})

/**
 * Where an order's money stands (server/domain/order-money.ts): what was paid before delivery, what went back,
 * and what is still owed: `collect` (cash the courier collects at the door) or `refund` (for the shop to give back).
 */
export const orderMoney = z.object({
  /** paid online for the order (bKash, a verified Send Money) */
  paid: z.number(),
  /** the delivery charge of a cash-on-delivery order, paid before delivery */
  advance: z.number(),
  /** cash the courier collected at the door, once delivered (absent: none) */
  collected: z.optional(z.number()),
  refunded: z.number(),
  collect: z.number(),
  refund: z.number(),
})
export type OrderMoney = z.infer<typeof orderMoney>

export const order = z.object({
  id: z.int(),
  number: z.string(),
  status: z.enum(orderStatuses),
  paymentMethod: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  customerName: z.string(),
  phone: z.string(),
  email: nullableText,
  address: orderAddress,
  /** the address's division, district and area as a Bangla page names them (absent from older answers) */
  placesBn: z.optional(placesInBangla),
  zone: deliveryZone,
  /** the zone's delivery estimate in English; `deliveryEstimates` has it in both languages */
  deliveryEstimate: z.string(),
  /** the estimate in each language, a Bangla one left empty being the English one (absent from older answers) */
  deliveryEstimates: z.optional(z.object({ en: z.string(), bn: z.string() })),
  notes: z.string(),
  totals,
  /** paid by cash on delivery with its delivery charge asked in advance: that charge (0 for none) */
  advance: z.optional(z.number()),
  /** what was paid, given back and is still owed (absent from answers kept from before it existed) */
  money: z.optional(orderMoney),
  lines: z.array(orderLine),
  history: z.array(orderHistoryEntry),
  /** who carries the parcel and its tracking number, once shipped */
  courier: nullableText,
  trackingNumber: nullableText,
  /** why the order was cancelled (a reason chosen from the list: its English text) */
  cancelReason: nullableText,
  /** the reason chosen from the list (src/contract/admin-order-reasons.ts); absent or null: `cancelReason` as written */
  cancelReasonCode: z.optional(nullableText),
  /** that reason in each language, what a page shows in its own (null: none chosen from the list) */
  cancelReasonTexts: z.optional(z.nullable(bothLanguages)),
  createdAt: z.string(),
  /**
   * where the shopper pays an order waiting for its payment, null otherwise: the gateway's page when the order
   * is placed; the shop's own link (`GET /orders/pay`, a payment of its own) when it is looked up
   */
  paymentRedirectUrl: nullableText,
  /** the courier's page where the shopper follows the parcel, once a courier has booked it */
  trackingUrl: z.optional(nullableText),
})
export type Order = z.infer<typeof order>

export const orderResponse = z.object({ data: order })

export const orderSummary = z.object({
  id: z.int(),
  number: z.string(),
  status: z.enum(orderStatuses),
  total: z.number(),
  itemCount: z.int(),
  createdAt: z.string(),
})
export type OrderSummary = z.infer<typeof orderSummary>
export const ordersResponse = z.object({ data: z.array(orderSummary) })

export const orderLookupBody = z.strictObject({
  number: z.string().check(z.trim(), z.minLength(3), z.maxLength(40), noControlCharacters()),
  phone: bdPhone,
})

/** `GET /orders/pay?order=…`: the link a lookup gives to pay an order (a browser navigation, no api key) */
export const orderPayQuery = z.object({
  order: z.string().check(z.maxLength(300), z.regex(/^[\w.-]+$/, 'This payment link is not valid')),
})

export const couponCheckBody = z.strictObject({
  code: z
    .string()
    .check(z.trim(), z.minLength(1, 'Enter a coupon code'), z.maxLength(40), noControlCharacters()),
  subtotal: z.number().check(z.nonnegative()),
})
export const couponCheckResponse = z.object({
  data: z.object({ code: z.string(), discount: z.number(), description: z.string() }),
})

/**
 * What changes a shopper's reward points: earned by a delivered order, spent on an order, given back (the order
 * cancelled, returned or made smaller), taken back (a delivered order that earned them returned), adjusted by
 * the shop with a reason.
 */
export const rewardPointKinds = ['earned', 'spent', 'given_back', 'taken_back', 'adjusted'] as const
export type RewardPointKind = (typeof rewardPointKinds)[number]

export const rewardPointMove = z.object({
  id: z.int(),
  kind: z.enum(rewardPointKinds),
  points: z.int(),
  /** the order's number and id (null: no order, or one no longer kept) */
  order: z.nullable(z.string()),
  orderId: z.nullable(z.int()),
  /** the staff's reason of an adjustment */
  reason: z.nullable(z.string()),
  at: z.string(),
})
export type RewardPointMove = z.infer<typeof rewardPointMove>

export const rewardPointsResponse = z.object({
  data: z.object({
    points: z.int(),
    /** what one point takes off at checkout, in taka, and the balance needed to spend any (0 / false: off) */
    pointValue: z.number(),
    minimum: z.int(),
    spending: z.boolean(),
    /** the newest first, at most 100 */
    history: z.array(rewardPointMove),
  }),
})

export type AdvanceRule = { outsideDhaka: boolean; above: number }

/**
 * What of a cash-on-delivery order is paid before delivery: its delivery charge, when the shop asks for it
 * in advance for the order's zone or total; 0 when it does not (or delivery is free).
 */
export function codAdvance(
  rule: AdvanceRule,
  order: { zone: string; total: number; deliveryCharge: number },
) {
  const asked =
    (rule.outsideDhaka && order.zone === 'outside_dhaka') || (rule.above > 0 && order.total > rule.above)
  return asked ? order.deliveryCharge : 0
}
