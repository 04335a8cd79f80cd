import { z } from 'zod/mini'
import { addressLines, deliveryZone } from './addresses'
import { customerImportSources } from './admin-customer-import'
import { deliveryRecord } from './admin-delivery-record'
import { noControlCharacters } from './common'
import { orderStatuses, rewardPointMove } from './orders'

/**
 * The back office's customers (`/api/v1/admin/customers…`), shared by the API and the customers pages.
 * Owners and managers only. A customer is a mobile number that has ordered or has an account (and an account
 * made by social sign-in alone, which has no number): guests are customers as much as those who registered.
 *
 * - `GET customers` → adminCustomersAnswer: one page of customers, the latest to order first, found by a
 *   number (any spelling, or its last digits) or words of the name. Each row counts the customer's orders (by
 *   the number, and the account's from any number) and what the delivered ones came to.
 * - `GET customers/export.csv` → the same customers as a spreadsheet (at most CUSTOMER_EXPORT_LIMIT). A cell
 *   that a spreadsheet would run as a formula (starting with = + - @) is written with a leading '.
 * - `GET customers/:id` → adminCustomerAnswer: the record, the addresses its orders went to, its orders,
 *   delivery record and staff notes.
 * - `GET customers/:id/courier-records` → courierRecordsAnswer (src/contract/couriers.ts): the number as the
 *   couriers know it, asked of them now.
 * - `POST customers/:id/notes` (customerNoteBody) → adminCustomerAnswer: a note only staff read.
 * - `POST customers/:id/block` (customerBlockBody), `…/unblock` → adminCustomerAnswer. No cash-on-delivery
 *   order is taken for a blocked number (403 `paymentMethod`), nor any order at all when the block says
 *   `all`; a blocked customer's account cannot sign in (403) and its sessions end.
 */

/** the most customers one CSV export holds */
export const CUSTOMER_EXPORT_LIMIT = 10_000
/** how deep the list's pages reach (page × perPage) */
export const CUSTOMER_LIST_DEPTH = 10_000
/** the orders a customer's page lists, newest first (the totals count them all) */
export const CUSTOMER_ORDERS_SHOWN = 50
/** the addresses a customer's page lists, the latest used first */
export const CUSTOMER_ADDRESSES_SHOWN = 10

export const customerStatus = z.enum(['active', 'blocked'])
export type CustomerStatus = z.infer<typeof customerStatus>

/** What a block refuses: cash on delivery (what a refused parcel costs the shop), or every order. */
export const blockScopes = ['cod', 'all'] as const
export type BlockScope = (typeof blockScopes)[number]

const text = (max: number, options: { multiline?: boolean } = {}) =>
  z.string().check(z.trim(), z.maxLength(max, 'At most {count} characters'), noControlCharacters(options))

export const customerIdParams = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
})

export const adminCustomersQuery = z.object({
  /** a mobile number, its last digits (at least 3), or words of the name */
  q: z.optional(text(100)),
  status: z.optional(customerStatus),
  page: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(10_000)), 1),
  perPage: z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(100)), 25),
})
export type AdminCustomersQuery = z.input<typeof adminCustomersQuery>

export const customerExportQuery = z.pick(adminCustomersQuery, { q: true, status: true })

export const adminCustomerRow = z.object({
  id: z.int(),
  /** the account's name, else the name on the latest order; '' when neither gave one */
  name: z.string(),
  /** null: an account made by social sign-in alone */
  phone: z.nullable(z.string()),
  /** whether the customer has an account (false: a guest) */
  registered: z.boolean(),
  ordersCount: z.int(),
  /** what the delivered orders came to, in TK */
  totalSpent: z.number(),
  lastOrderAt: z.nullable(z.string()),
  status: customerStatus,
  /** when the number first ordered or the account was made */
  createdAt: z.string(),
})
export type AdminCustomerRow = z.infer<typeof adminCustomerRow>

export const adminCustomersAnswer = z.object({
  data: z.array(adminCustomerRow),
  meta: z.object({ page: z.int(), perPage: z.int(), total: z.int(), hasNext: z.boolean() }),
})
export type AdminCustomersAnswer = z.infer<typeof adminCustomersAnswer>

/** An address the customer's orders went to, with how many went there and the latest one's time. */
export const customerAddress = z.extend(addressLines, {
  zone: deliveryZone,
  orders: z.int(),
  lastUsedAt: z.string(),
})
export type CustomerAddress = z.infer<typeof customerAddress>

export const customerOrder = z.object({
  /** the back office's page of it: /admin/orders/<id> */
  id: z.int(),
  number: z.string(),
  createdAt: z.string(),
  status: z.enum(orderStatuses),
  total: z.number(),
})
export type CustomerOrder = z.infer<typeof customerOrder>

export const customerNote = z.object({
  id: z.int(),
  text: z.string(),
  createdAt: z.string(),
  /** who wrote it; null when nobody on the staff now is */
  staff: z.nullable(z.object({ id: z.int(), name: z.string() })),
  /** the export it was brought from (the old shop's note on the customer); absent: a staff member wrote it */
  importedFrom: z.optional(z.enum(customerImportSources)),
})
export type CustomerNote = z.infer<typeof customerNote>

export const adminCustomer = z.object({
  id: z.int(),
  /** as in the list: the account's name, else the latest order's */
  name: z.string(),
  phone: z.nullable(z.string()),
  /** the account of the number (or the social sign-in's); null: a guest */
  account: z.nullable(
    z.object({
      id: z.int(),
      email: z.nullable(z.string()),
      /** when a one-time code last proved the number; null: never */
      phoneVerifiedAt: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
  status: customerStatus,
  /** what the block refuses; null when not blocked */
  blockScope: z.nullable(z.enum(blockScopes)),
  blockedAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** the addresses its orders went to, the latest used first (at most CUSTOMER_ADDRESSES_SHOWN) */
  addresses: z.array(customerAddress),
  /** the newest CUSTOMER_ORDERS_SHOWN orders */
  orders: z.array(customerOrder),
  /** what the delivered orders came to, in TK */
  totalSpent: z.number(),
  /** all its orders counted, and how likely a parcel on delivery is to come back */
  record: deliveryRecord,
  /** newest first */
  notes: z.array(customerNote),
})
export type AdminCustomer = z.infer<typeof adminCustomer>

export const adminCustomerAnswer = z.object({ data: adminCustomer })

export const customerNoteBody = z.strictObject({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write the note'),
      z.maxLength(2000, 'At most {count} characters'),
      noControlCharacters({ multiline: true }),
    ),
})
export type CustomerNoteBody = z.infer<typeof customerNoteBody>

export const POINTS_REASON_MESSAGE = 'Say why the points change'
export const POINTS_ADJUST_MESSAGE = 'Enter a whole number of points to add, or below 0 to take off (not 0)'

/** `POST customers/:id/points`: points added (or, below 0, taken off) by the staff, and why (audited). */
export const customerPointsBody = z.strictObject({
  points: z.int(POINTS_ADJUST_MESSAGE).check(
    z.gte(-1_000_000, POINTS_ADJUST_MESSAGE),
    z.lte(1_000_000, POINTS_ADJUST_MESSAGE),
    z.refine((points) => points !== 0, POINTS_ADJUST_MESSAGE),
  ),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, POINTS_REASON_MESSAGE),
      z.maxLength(200, 'At most {count} characters'),
      noControlCharacters(),
    ),
})
export type CustomerPointsBody = z.infer<typeof customerPointsBody>

/** `GET`/`POST customers/:id/points`: the customer's reward points and their moves, newest first (a guest: none). */
export const customerPointsAnswer = z.object({
  data: z.object({ account: z.boolean(), points: z.int(), history: z.array(rewardPointMove) }),
})
export type CustomerPoints = z.infer<typeof customerPointsAnswer>['data']

/** `POST customers/:id/block`: what to refuse; no body, or no scope, says cash on delivery */
export const customerBlockBody = z.nullish(z.strictObject({ scope: z._default(z.enum(blockScopes), 'cod') }))
export type CustomerBlockBody = z.input<typeof customerBlockBody>
