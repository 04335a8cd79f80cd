import type { CustomerImportSource } from '../../src/contract/admin-customer-import'
import { normalizeBdPhone } from './phone'

/**
 * The exports a shop brings its customers from (docs/customers-csv.md): Shopify's and WooCommerce's customers
 * and orders exports, each known by its header and read a row at a time into what the import keeps of it.
 */

/** How an order of the previous shop ended, as far as its export says. */
export type OrderOutcome = 'delivered' | 'cancelled' | 'returned' | 'open'

/** The number a row gives, or why it gives none (`field`: the file's column it was looked for in). */
export type RowNumber = { phone: string } | { field: string; message: string }

/** A row of a customers export: a customer of the old shop, with the figures the old shop kept. */
export type CustomerRow = {
  kind: 'customer'
  number: RowNumber
  name: string
  who: string
  orders: number
  totalSpent: number
  note: string
}

/**
 * A row of an orders export. An order takes a row per line: its own columns are on its first (`key` the
 * order's), the others only repeat its key.
 */
export type OrderRow = {
  kind: 'order'
  key: string
  number: RowNumber
  name: string
  who: string
  outcome: OrderOutcome
  total: number
}

export type CustomerExport = {
  source: CustomerImportSource
  read(cells: readonly string[]): CustomerRow | OrderRow
}

export const NOT_AN_EXPORT =
  'The file is not a customers or orders export from Shopify or WooCommerce: its header is not one of theirs'
export const NO_NUMBER = 'No mobile number: the row is left out'
export const NOT_A_BD_NUMBER = 'Not a Bangladeshi mobile number: the row is left out'

const NAME_MAX = 200
const NOTE_MAX = 2000
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** A cell as text a page can show: no control characters, no spaces around, at most `max` characters. */
const clean = (value: string | undefined, max: number) =>
  (value ?? '').replace(CONTROL, '').trim().slice(0, max)

/** Taka as an export writes them (`1,250.00`, `৳ 1250`); anything else is 0. */
export function amountOf(cell: string | undefined): number {
  const digits = (cell ?? '').replace(/[^\d.-]/g, '')
  const value = Number.parseFloat(digits)
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : 0
}

/** A count as an export writes it; anything else is 0. */
export function countOf(cell: string | undefined): number {
  const value = Number.parseInt((cell ?? '').replace(/[^\d]/g, ''), 10)
  return Number.isFinite(value) ? Math.min(value, 1_000_000) : 0
}

/**
 * The first usable mobile number of these cells (`[column, cell]`, in the order they are tried): a cell may
 * carry the apostrophe a spreadsheet keeps a `+` with. When none is, why the first cell gives none.
 */
export function numberOf(cells: readonly (readonly [string, string | undefined])[]): RowNumber {
  let reason: RowNumber | null = null
  for (const [field, cell] of cells) {
    const text = (cell ?? '').trim().replace(/^'+/, '')
    if (!text) continue
    const phone = normalizeBdPhone(text)
    if (phone) return { phone }
    reason ??= { field, message: NOT_A_BD_NUMBER }
  }
  return reason ?? { field: cells[0]?.[0] ?? '', message: NO_NUMBER }
}

/** The header's columns by name, any case, and a reader of a row's cell by any of a column's names. */
function columnsOf(header: readonly string[]) {
  const positions = new Map<string, number>()
  header.forEach((name, index) => {
    const key = name.trim().toLowerCase()
    if (!positions.has(key)) positions.set(key, index)
  })
  const has = (...names: string[]) => names.some((name) => positions.has(name.toLowerCase()))
  /** the first of `names` the header has, as it writes it */
  const nameOf = (...names: string[]) => {
    const found = names.find((name) => positions.has(name.toLowerCase()))
    return found === undefined
      ? (names[0] ?? '')
      : (header[positions.get(found.toLowerCase()) ?? 0] ?? '').trim()
  }
  const cell = (cells: readonly string[], ...names: string[]) => {
    for (const name of names) {
      const index = positions.get(name.toLowerCase())
      if (index !== undefined) return cells[index] ?? ''
    }
    return ''
  }
  return { has, nameOf, cell }
}

const joined = (...parts: string[]) => clean(parts.map((part) => part.trim()).join(' '), NAME_MAX)

function shopifyCustomers(header: readonly string[]): CustomerExport {
  const { nameOf, cell } = columnsOf(header)
  const phoneColumns = [nameOf('Phone'), nameOf('Default Address Phone')]
  return {
    source: 'shopify_customers',
    read(cells) {
      const name = joined(cell(cells, 'First Name'), cell(cells, 'Last Name'))
      return {
        kind: 'customer',
        number: numberOf(phoneColumns.map((column) => [column, cell(cells, column)] as const)),
        name,
        who: name || clean(cell(cells, 'Email'), NAME_MAX),
        orders: countOf(cell(cells, 'Total Orders')),
        totalSpent: amountOf(cell(cells, 'Total Spent')),
        note: clean(cell(cells, 'Note'), NOTE_MAX),
      }
    },
  }
}

const WOO_CUSTOMER_PHONES = ['billing_phone', 'phone', 'Phone', 'shipping_phone'] as const
const WOO_CUSTOMER_ORDERS = ['order_count', 'orders_count', 'Orders'] as const
const WOO_CUSTOMER_SPENT = ['total_spent', 'Total spend', 'Total spent'] as const

function wooCommerceCustomers(header: readonly string[]): CustomerExport {
  const { has, nameOf, cell } = columnsOf(header)
  const phoneColumns = WOO_CUSTOMER_PHONES.filter((column) => has(column)).map((column) => nameOf(column))
  return {
    source: 'woocommerce_customers',
    read(cells) {
      const name =
        joined(cell(cells, 'first_name'), cell(cells, 'last_name')) ||
        joined(cell(cells, 'billing_first_name'), cell(cells, 'billing_last_name')) ||
        clean(cell(cells, 'Name'), NAME_MAX)
      return {
        kind: 'customer',
        number: numberOf(phoneColumns.map((column) => [column, cell(cells, column)] as const)),
        name,
        who: name || clean(cell(cells, 'email', 'billing_email', 'Email'), NAME_MAX),
        orders: countOf(cell(cells, ...WOO_CUSTOMER_ORDERS)),
        totalSpent: amountOf(cell(cells, ...WOO_CUSTOMER_SPENT)),
        note: clean(cell(cells, 'customer_note', 'note'), NOTE_MAX),
      }
    },
  }
}

/**
 * A Shopify order's end: cancelled when it has a `Cancelled at`; refunded in full after it was fulfilled, a
 * return; refunded or voided before, a cancellation; fulfilled (sent: Shopify knows no more), delivered.
 */
export function shopifyOutcome(financial: string, fulfillment: string, cancelledAt: string): OrderOutcome {
  const paid = financial.trim().toLowerCase()
  const sent = fulfillment.trim().toLowerCase() === 'fulfilled'
  if (cancelledAt.trim()) return 'cancelled'
  if (paid === 'refunded') return sent ? 'returned' : 'cancelled'
  if (paid === 'voided') return 'cancelled'
  return sent ? 'delivered' : 'open'
}

function shopifyOrders(header: readonly string[]): CustomerExport {
  const { nameOf, cell } = columnsOf(header)
  const phoneColumns = [nameOf('Shipping Phone'), nameOf('Billing Phone'), nameOf('Phone')]
  return {
    source: 'shopify_orders',
    read(cells) {
      const key = cell(cells, 'Name').trim()
      const name = clean(cell(cells, 'Shipping Name') || cell(cells, 'Billing Name'), NAME_MAX)
      return {
        kind: 'order',
        key,
        number: numberOf(phoneColumns.map((column) => [column, cell(cells, column)] as const)),
        name,
        who: clean(key, NAME_MAX),
        outcome: shopifyOutcome(
          cell(cells, 'Financial Status'),
          cell(cells, 'Fulfillment Status'),
          cell(cells, 'Cancelled at'),
        ),
        total: amountOf(cell(cells, 'Total')),
      }
    },
  }
}

/** A WooCommerce order's status (`wc-completed` or `Completed` alike) as how it ended. */
export function wooCommerceOutcome(status: string): OrderOutcome {
  const plain = status.trim().toLowerCase().replace(/^wc-/, '')
  if (plain === 'completed') return 'delivered'
  if (plain === 'cancelled' || plain === 'failed') return 'cancelled'
  if (plain === 'refunded') return 'returned'
  return 'open'
}

function wooCommerceOrders(header: readonly string[]): CustomerExport {
  const { has, nameOf, cell } = columnsOf(header)
  const phoneColumns = ['billing_phone', 'shipping_phone']
    .filter((column) => has(column))
    .map((c) => nameOf(c))
  return {
    source: 'woocommerce_orders',
    read(cells) {
      const key = cell(cells, 'order_id', 'order_number').trim()
      const name =
        joined(cell(cells, 'shipping_first_name'), cell(cells, 'shipping_last_name')) ||
        joined(cell(cells, 'billing_first_name'), cell(cells, 'billing_last_name'))
      return {
        kind: 'order',
        key,
        number: numberOf(phoneColumns.map((column) => [column, cell(cells, column)] as const)),
        name,
        who: clean(cell(cells, 'order_number', 'order_id'), NAME_MAX),
        outcome: wooCommerceOutcome(cell(cells, 'status', 'order_status')),
        total: amountOf(cell(cells, 'order_total')),
      }
    },
  }
}

/** The export a header row says the file is, or null when it is none of those read. */
export function customerExportOf(header: readonly string[]): CustomerExport | null {
  const { has } = columnsOf(header)
  if (has('Financial Status') && has('Fulfillment Status') && has('Name') && has('Lineitem quantity')) {
    return shopifyOrders(header)
  }
  if (has('Total Orders') && has('Total Spent') && has('Phone', 'Default Address Phone')) {
    return shopifyCustomers(header)
  }
  if (has('order_id', 'order_number') && has('status', 'order_status') && has('order_total')) {
    return has('billing_phone', 'shipping_phone') ? wooCommerceOrders(header) : null
  }
  if (has(...WOO_CUSTOMER_ORDERS) && has(...WOO_CUSTOMER_PHONES)) return wooCommerceCustomers(header)
  return null
}
