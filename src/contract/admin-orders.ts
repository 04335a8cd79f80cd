import { z } from 'zod/mini'
import { addressInput, deliveryZone } from './addresses'
import { orderAttribution } from './admin-attribution'
import { type CancelCode, cancelCodes, deliveryRecord } from './admin-delivery-record'
import { orderSources } from './admin-order-create'
import {
  type CancelReasonCode,
  cancelReasonCode,
  editReasonCode,
  REASON_OR_CODE_MESSAGE,
} from './admin-order-reasons'
import { noControlCharacters } from './common'
import { shipment } from './couriers'
import { shopDay } from './days'
import { type OrderStatus, order, orderChange, orderStatuses, paymentStatuses } from './orders'

/** what a line of an order's timeline records */
export const orderChangeKinds = ['status', 'edit', 'note'] as const
/** where an online payment is */
export const paymentStates = ['created', 'executing', 'completed', 'failed', 'cancelled'] as const
/** where a refund is */
export const refundStates = ['requested', 'completed', 'failed'] as const

/**
 * The back office's orders (`/api/v1/admin/orders…`), shared by the API and the orders pages. Every route
 * answers any staff role (owner, manager, staff).
 *
 * - `GET orders` → adminOrdersAnswer: one page of orders matching the filters, newest first, with the count
 *   of every status among the orders the other filters match (the tabs). `meta.latestId` is the newest
 *   order's id whatever the filters: the page polls it to show "new orders" without a reload.
 * - `GET orders/export.csv` → the orders the same filters match (at most EXPORT_LIMIT), or those of `ids`.
 * - `GET orders/:id` → adminOrderAnswer: the order as the shopper reads it, with the staff's notes, who did
 *   what, its version and the customer's delivery record (orders by the same phone).
 * - `POST orders/:id/status` (statusChangeBody) → adminOrderAnswer. Only the moves of ORDER_TRANSITIONS are
 *   allowed (409 `status` otherwise); `version` must be the order's current one (409 `version`: "changed by X
 *   at HH:MM"). Cancelling gives the stock back once, whatever the retries, and keeps its code (who it is on:
 *   a cancellation the customer asked for is not held against the number); shipping needs the courier and
 *   tracking number; a return names the lines and quantities that came back (none: all of them).
 * - `POST orders/:id/notes` (orderNoteBody) → adminOrderAnswer: a note only staff read.
 * - `POST orders/bulk-status` (bulkStatusBody) → bulkStatusAnswer: confirm or pack a selection; an order that
 *   cannot make the move is skipped with its status.
 */

/** the most orders one bulk action or print takes */
export const ORDER_BULK_LIMIT = 200
/** the most orders one CSV export holds */
export const ORDER_EXPORT_LIMIT = 10_000
/**
 * a tab's count stops here ("1,000+"): counting every delivered order of a shop's years would slow every
 * look at the list; `meta.total` is capped alike (the pages go on while `hasNext`)
 */
export const ORDER_COUNT_CAP = 1_000
/** how deep the list's pages reach (page × perPage) */
export const ORDER_LIST_DEPTH = 10_000

/**
 * Where an order may go from each status. `pending_payment` is left by the payment (confirmed or cancelled)
 * or by its expiry; the shop cancels before the parcel leaves and takes returns after it has.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['confirmed', 'cancelled'],
  pending: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'returned'],
  delivered: ['returned'],
  cancelled: [],
  returned: [],
}

/** whether the back office may move an order from `from` to `to` */
export const canMove = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to)

export const orderStatus = z.enum(orderStatuses)
export const paymentStatus = z.enum(paymentStatuses)

const id = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))
const text = (max: number, options: { multiline?: boolean } = {}) =>
  z.string().check(z.trim(), z.maxLength(max, 'At most {count} characters'), noControlCharacters(options))

/** what the list and its export are filtered by */
const orderFilters = {
  /** an order number (or part of one), a phone number (or its last digits) or words of the customer's name */
  q: z.optional(text(100)),
  status: z.optional(orderStatus),
  paymentMethod: z.optional(z.string().check(z.regex(/^[a-z][a-z0-9_-]{1,29}$/))),
  paymentStatus: z.optional(paymentStatus),
  zone: z.optional(deliveryZone),
  /** placed on or after this day, on or before that one (Asia/Dhaka) */
  from: z.optional(shopDay),
  to: z.optional(shopDay),
}

export const adminOrdersQuery = z.object({
  ...orderFilters,
  page: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(10_000)), 1),
  perPage: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(100)), 25),
})
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>

/** counted at most: the badge says "99+" beyond */
export const NEW_ORDERS_CAP = 99
/** `GET orders/new?since=`: the orders placed after the newest one a list showed (its `meta.latestId`) */
export const newOrdersQuery = z.object({
  since: z.coerce.number().check(z.int(), z.nonnegative(), z.maximum(2_147_483_647)),
})
export const newOrdersAnswer = z.object({
  data: z.object({
    /** orders with a higher id, at most NEW_ORDERS_CAP + 1 (more than the cap: "99+") */
    count: z.int(),
  }),
})

/** `GET orders/export.csv`: the list's filters, or `ids` (a selection: comma-separated, at most ORDER_BULK_LIMIT) */
export const adminOrdersExportQuery = z.object({
  ...orderFilters,
  ids: z.optional(
    z.string().check(
      z.regex(/^\d{1,10}(,\d{1,10})*$/, 'Choose the orders to export'),
      z.refine(
        (ids) => ids.split(',').every((id) => Number(id) > 0 && Number(id) <= 2_147_483_647),
        'Choose the orders to export',
      ),
      z.refine(
        (ids) => ids.split(',').length <= ORDER_BULK_LIMIT,
        `At most ${ORDER_BULK_LIMIT} orders at once`,
      ),
    ),
  ),
})
export type AdminOrdersExportQuery = z.input<typeof adminOrdersExportQuery>

export const adminOrderRow = z.object({
  id: z.int(),
  number: z.string(),
  status: orderStatus,
  customerName: z.string(),
  phone: z.string(),
  zone: deliveryZone,
  district: z.string(),
  paymentMethod: z.string(),
  paymentStatus,
  total: z.number(),
  /** cash still to collect at the door, and money to give back (the order's `money`) */
  collect: z.number(),
  refund: z.number(),
  itemCount: z.int(),
  createdAt: z.string(),
  version: z.int(),
})
export type AdminOrderRow = z.infer<typeof adminOrderRow>

export const adminOrdersAnswer = z.object({
  data: z.array(adminOrderRow),
  meta: z.object({
    page: z.int(),
    perPage: z.int(),
    total: z.int(),
    hasNext: z.boolean(),
    /** orders per status among those the other filters match */
    counts: z.record(z.string(), z.int()),
    /** the newest order's id (0: none yet), whatever the filters */
    latestId: z.int(),
  }),
})
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswer>

export const adminOrderEvent = z.object({
  kind: z.enum(orderChangeKinds),
  status: z.string(),
  note: z.string(),
  /** what the entry changed, in order */
  changes: z.optional(z.array(orderChange)),
  /** the reason the staff chose from the list (src/contract/admin-order-reasons.ts), and its texts */
  reason: z.optional(z.string()),
  reasonTexts: z.optional(z.object({ en: z.string(), bn: z.string() })),
  /** the staff member's name; null: the shopper, a payment or the shop itself */
  by: z.nullable(z.string()),
  createdAt: z.string(),
})
export type AdminOrderEvent = z.infer<typeof adminOrderEvent>

export const orderPayment = z.object({
  provider: z.string(),
  /** the gateway's id of the payment */
  reference: z.string(),
  amount: z.number(),
  state: z.enum(paymentStates),
  transactionId: z.nullable(z.string()),
  payer: z.nullable(z.string()),
  detail: z.string(),
  refunded: z.number(),
  createdAt: z.string(),
})
export type OrderPayment = z.infer<typeof orderPayment>

export const adminOrder = z.object({
  ...order.shape,
  version: z.int(),
  updatedAt: z.string(),
  /** the status moves open to this order now */
  next: z.array(orderStatus),
  /** everything that happened to the order, staff notes included */
  events: z.array(adminOrderEvent),
  /** lines as in `lines`, with how many of each came back */
  returned: z.array(z.object({ skuId: z.int(), quantity: z.int() })),
  /** the customer's record by this phone number, this order included */
  record: deliveryRecord,
  /** the online payments made for the order (bKash), newest first */
  payments: z.array(orderPayment),
  /** the latest parcel booked (or being booked) with a courier; null: none */
  shipment: z.optional(z.nullable(shipment)),
  /** where the order came from (the site, or a phone call or inbox the staff took it from) */
  source: z.optional(z.enum(orderSources)),
  /** where a site order's shopper came from (null: taken by hand, or placed before landings were kept) */
  attribution: z.optional(z.nullable(orderAttribution)),
  /** why the staff gave the discount they gave by hand (`totals.manualDiscount`) */
  manualDiscountReason: z.optional(z.nullable(z.string())),
  /**
   * the cash the courier collected at the door (delivered cash on delivery): what it kept of it and when it paid
   * the rest out (null: the cash is still with the courier); null when nothing was collected
   */
  cash: z.optional(
    z.nullable(z.object({ collected: z.number(), charges: z.number(), settledAt: z.nullable(z.string()) })),
  ),
})
export type AdminOrder = z.infer<typeof adminOrder>

/** `POST /admin/orders/:id/transfer`: the staff found the transfer in the wallet (verify) or not (reject: cancelled) */
export const transferDecisionBody = z.strictObject({
  decision: z.enum(['verify', 'reject']),
  version: z.int(),
})
export type TransferDecisionBody = z.infer<typeof transferDecisionBody>

export const REFUND_REASON_MESSAGE = 'Write why the money goes back'
export const REFUND_AMOUNT_MESSAGE = 'Enter an amount above 0'
/** `POST /admin/orders/:id/refund` (owners and managers): gives back part or all of a bKash payment */
export const refundBody = z.strictObject({
  amount: z.number().check(
    z.gt(0, REFUND_AMOUNT_MESSAGE),
    z.lte(10_000_000, REFUND_AMOUNT_MESSAGE),
    // 4863.06 × 100 is 486305.99999999994 in floating point: a whole number of paisa within rounding
    z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals'),
  ),
  reason: text(200).check(z.minLength(3, REFUND_REASON_MESSAGE)),
})
export type RefundBody = z.infer<typeof refundBody>
/** `completed`: bKash gave the money back; `requested`: bKash did not answer clearly, the server is finding out */
export const refundAnswer = z.object({
  data: z.object({ state: z.enum(['completed', 'requested']), order: adminOrder }),
})
export const adminOrderAnswer = z.object({ data: adminOrder })

export const orderIdParams = z.object({ id })

export const statusChangeBody = z.discriminatedUnion('to', [
  z.strictObject({ to: z.literal('confirmed'), version: z.int(), note: z.optional(text(500)) }),
  z.strictObject({ to: z.literal('packed'), version: z.int(), note: z.optional(text(500)) }),
  z.strictObject({
    to: z.literal('shipped'),
    version: z.int(),
    courier: text(60).check(z.minLength(1, 'Enter the courier')),
    trackingNumber: text(60).check(z.minLength(1, 'Enter the tracking number')),
    note: z.optional(text(500)),
  }),
  z.strictObject({ to: z.literal('delivered'), version: z.int(), note: z.optional(text(500)) }),
  z
    .strictObject({
      to: z.literal('cancelled'),
      version: z.int(),
      /** the reason as the staff wrote it; or `reasonCode`, one from the list */
      reason: z.optional(text(300)),
      reasonCode: z.optional(cancelReasonCode),
      /**
       * why, as the customer's record reads it (none: held against the number, as before codes); a reason from
       * the list says it itself (CANCEL_REASON_ON) and this is not read
       */
      code: z.optional(z.enum(cancelCodes)),
    })
    .check(
      z.refine((body) => Boolean(body.reason) || body.reasonCode !== undefined, {
        message: 'Give the reason',
        path: ['reason'],
      }),
      z.refine((body) => !(body.reason && body.reasonCode), {
        message: REASON_OR_CODE_MESSAGE,
        path: ['reason'],
      }),
    ),
  z.strictObject({
    to: z.literal('returned'),
    version: z.int(),
    /** the lines that came back and how many of each; none: the whole order */
    lines: z.optional(
      z
        .array(
          z.strictObject({
            skuId: z.int().check(z.positive()),
            quantity: z.int().check(z.positive(), z.maximum(10_000)),
          }),
        )
        .check(z.minLength(1), z.maxLength(100)),
    ),
    reason: text(300).check(z.minLength(1, 'Give the reason')),
  }),
])
export type StatusChangeBody = z.infer<typeof statusChangeBody>

/**
 * Who each cancellation reason of the list is on, as the customer's record reads it: a customer who asked, or
 * ordered twice, is not held to have refused (decision 0023).
 */
export const CANCEL_REASON_ON: Record<CancelReasonCode, CancelCode> = {
  customer_asked: 'customer_request',
  ordered_twice: 'customer_request',
  out_of_stock: 'shop',
  unreachable: 'unreachable',
  address_not_served: 'shop',
  suspected_fraud: 'refused',
}

export const orderNoteBody = z.strictObject({
  note: text(1000, { multiline: true }).check(z.minLength(1, 'Write the note')),
})

export const bulkStatusBody = z.strictObject({
  ids: z
    .array(z.int().check(z.positive(), z.maximum(2_147_483_647)))
    .check(z.minLength(1, 'Choose at least one order'), z.maxLength(ORDER_BULK_LIMIT)),
  to: z.enum(['confirmed', 'packed']),
})
export type BulkStatusBody = z.infer<typeof bulkStatusBody>

export const bulkStatusAnswer = z.object({
  data: z.object({
    changed: z.int(),
    skipped: z.array(z.object({ id: z.int(), status: z.string() })),
  }),
})
export type BulkStatusResult = z.infer<typeof bulkStatusAnswer>['data']

/**
 * `GET orders/print?ids=…` → orderPrintAnswer: what an invoice and a courier label show of several orders
 * at once (at most ORDER_PRINT_LIMIT), in the order of `ids` (a repeated id once), with the shop's details
 * from its settings. Ids of no order are left out and named in `missing`; none found at all is a 404.
 */
export const ORDER_PRINT_LIMIT = 100

export const orderPrintQuery = z.object({
  ids: z.string().check(
    z.regex(/^\d{1,10}(,\d{1,10})*$/, 'Choose at least one order'),
    z.refine(
      (ids) => ids.split(',').every((id) => Number(id) > 0 && Number(id) <= 2_147_483_647),
      'Choose at least one order',
    ),
    z.refine(
      (ids) => ids.split(',').length <= ORDER_PRINT_LIMIT,
      `At most ${ORDER_PRINT_LIMIT} orders at once`,
    ),
  ),
})
export type OrderPrintQuery = z.input<typeof orderPrintQuery>

const bothLanguages = z.object({ en: z.string(), bn: z.string() })

export const orderPrint = z.object({
  id: order.shape.id,
  number: order.shape.number,
  status: order.shape.status,
  paymentMethod: order.shape.paymentMethod,
  paymentStatus: order.shape.paymentStatus,
  customerName: order.shape.customerName,
  phone: order.shape.phone,
  address: order.shape.address,
  /** the address's places as a Bangla invoice names them */
  placesBn: order.shape.placesBn,
  zone: order.shape.zone,
  notes: order.shape.notes,
  totals: order.shape.totals,
  lines: order.shape.lines,
  courier: order.shape.courier,
  trackingNumber: order.shape.trackingNumber,
  createdAt: order.shape.createdAt,
  /** what the customer has paid already and kept paid: online, or the advance, less what was given back */
  paid: z.number(),
  /** what the courier collects on delivery: the order's `money.collect` (0 when nothing is owed) */
  collect: z.number(),
})
export type OrderPrint = z.infer<typeof orderPrint>

export const orderPrintAnswer = z.object({
  data: z.object({
    /** the shop as its settings name it; an empty Bangla text is the English one; `logo` is its address */
    shop: z.object({
      name: bothLanguages,
      logo: z.nullable(z.string()),
      phones: z.array(z.string()),
      address: bothLanguages,
      email: z.string(),
    }),
    orders: z.array(orderPrint),
    /** asked-for ids of no order */
    missing: z.array(z.int()),
  }),
})
export type OrderPrintData = z.infer<typeof orderPrintAnswer>['data']

// ---------------------------------------------------------------- editing an order before it is packed

/**
 * `POST orders/:id/edit` (orderEditBody) → orderEditAnswer: the order's lines (the whole new set), its
 * address and its delivery charge changed while it is still `pending` or `confirmed` (409 `status` after;
 * an order waiting for its online payment cannot change either: the gateway holds its amount). `version` as
 * for a move (409 `version`). Lines already in the order keep the prices they were ordered at; a sku new to
 * the order is priced as the shop sells it today. Stock follows the difference (409 `lines.<i>` when too
 * few are left, nothing written). With `dryRun` the same work is done and undone: the answer is the order as
 * it would be, nothing is kept.
 */
export const ORDER_EDIT_LINES = 50
/** the most of one item an edited order holds */
export const ORDER_EDIT_QUANTITY = 99
/** the statuses in which an order's lines, address and delivery charge can still change */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed']
export const canEdit = (status: OrderStatus) => EDITABLE_STATUSES.includes(status)

const EDIT_CHARGE_MESSAGE = 'Enter a charge from 0 to 10000 TK'

export const orderEditBody = z
  .strictObject({
    version: z.int(),
    lines: z
      .array(
        z.strictObject({
          skuId: z.int().check(z.positive(), z.maximum(2_147_483_647)),
          quantity: z
            .int()
            .check(
              z.minimum(1, 'Enter a quantity from 1 to 99'),
              z.maximum(ORDER_EDIT_QUANTITY, 'Enter a quantity from 1 to 99'),
            ),
        }),
      )
      .check(
        z.minLength(1, 'Keep at least one item in the order'),
        z.maxLength(ORDER_EDIT_LINES, 'At most {count} items in one order'),
        z.refine(
          (lines) => new Set(lines.map((line) => line.skuId)).size === lines.length,
          'Each item appears once: change its quantity instead',
        ),
      ),
    /** a new delivery address (its zone is found from the lists); none: the address stays */
    address: z.optional(addressInput),
    /** the staff's own delivery charge; none: the zone's charge when the zone changes, else the charge stays */
    deliveryCharge: z.optional(
      z
        .number()
        .check(z.int(EDIT_CHARGE_MESSAGE), z.gte(0, EDIT_CHARGE_MESSAGE), z.lte(10_000, EDIT_CHARGE_MESSAGE)),
    ),
    /** why, as the timeline keeps it after the summary of the change (and the shopper's text, when it has one) */
    note: z.optional(text(500)),
    /** why, as a reason from the list (instead of `note`) */
    reasonCode: z.optional(editReasonCode),
    /** work out the order as it would be, keep nothing */
    dryRun: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => !(body.note && body.reasonCode), { message: REASON_OR_CODE_MESSAGE, path: ['note'] }),
  )
export type OrderEditBody = z.infer<typeof orderEditBody>
export type OrderEditInput = z.input<typeof orderEditBody>

export const orderEditAnswer = z.object({
  data: adminOrder,
  meta: z.object({
    dryRun: z.boolean(),
    /** what changed, as the timeline keeps it */
    changes: z.array(orderChange),
  }),
})
export type OrderEditAnswer = z.infer<typeof orderEditAnswer>
