import { z } from 'zod/mini'
import { address } from './addresses'
import { noControlCharacters } from './common'
import { orderStatuses } from './orders'

/**
 * The back office's customers (`/api/v1/admin/customers…`), shared by the API and the customers pages.
 * Owners and managers only.
 *
 * - `GET customers` → adminCustomersAnswer: one page of shoppers' accounts, newest first, found by a number
 *   (or its last digits) or words of the name. Each row counts the customer's orders (placed while signed
 *   in, or as a guest with the account's number) and what the delivered ones came to.
 * - `GET customers/export.csv` → the same customers as a spreadsheet (at most CUSTOMER_EXPORT_LIMIT). A cell
 *   that a spreadsheet would run as a formula (starting with = + - @) is written with a leading '.
 * - `GET customers/:id` → adminCustomerAnswer: the record, saved addresses, orders, totals and staff notes.
 * - `POST customers/:id/notes` (customerNoteBody) → adminCustomerAnswer: a note only staff read.
 * - `POST customers/:id/block`, `…/unblock` → adminCustomerAnswer. A blocked customer cannot sign in (403),
 *   their sessions end, and no cash-on-delivery order is taken for their number (403 `paymentMethod`).
 */

/** the most customers one CSV export holds */
export const CUSTOMER_EXPORT_LIMIT = 10_000
/** how deep the list's pages reach (page × perPage) */
export const CUSTOMER_LIST_DEPTH = 10_000
/** the orders a customer's page lists, newest first (the totals count them all) */
export const CUSTOMER_ORDERS_SHOWN = 50

export const customerStatus = z.enum(['active', 'blocked'])
export type CustomerStatus = z.infer<typeof customerStatus>

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
  /** first and last name; '' when the customer gave none */
  name: z.string(),
  /** null: an account made by social sign-in alone */
  phone: z.nullable(z.string()),
  ordersCount: z.int(),
  /** what the delivered orders came to, in TK */
  totalSpent: z.number(),
  lastOrderAt: z.nullable(z.string()),
  status: customerStatus,
  createdAt: z.string(),
})
export type AdminCustomerRow = z.infer<typeof adminCustomerRow>

export const adminCustomersAnswer = z.object({
  data: z.array(adminCustomerRow),
  meta: z.object({ page: z.int(), perPage: z.int(), total: z.int(), hasNext: z.boolean() }),
})
export type AdminCustomersAnswer = z.infer<typeof adminCustomersAnswer>

export const customerAddress = address

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
})
export type CustomerNote = z.infer<typeof customerNote>

export const adminCustomer = z.object({
  id: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  status: customerStatus,
  /** when a one-time code last proved the number; null: never */
  phoneVerifiedAt: z.nullable(z.string()),
  createdAt: z.string(),
  addresses: z.array(customerAddress),
  /** the newest CUSTOMER_ORDERS_SHOWN orders */
  orders: z.array(customerOrder),
  ordersCount: z.int(),
  totalSpent: z.number(),
  deliveredCount: z.int(),
  cancelledCount: z.int(),
  returnedCount: z.int(),
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
