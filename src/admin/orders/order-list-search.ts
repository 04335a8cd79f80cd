import type { DeliveryZone } from '../../contract/addresses'
import { deliveryZones } from '../../contract/addresses'
import {
  type AdminOrdersQuery,
  ORDER_LIST_DEPTH,
  orderStatus,
  paymentStatus,
} from '../../contract/admin-orders'
import { isShopDay } from '../../contract/days'
import type { OrderStatus, PaymentStatus } from '../../contract/orders'

/** The orders list as the address carries it (`/admin/orders?status=pending&zone=inside_dhaka&page=2`). */
export type OrderListView = {
  q?: string
  status?: OrderStatus
  paymentMethod?: string
  paymentStatus?: PaymentStatus
  zone?: DeliveryZone
  from?: string
  to?: string
  page: number
}

export const PER_PAGE = 25
/** the last page the list reaches */
export const LAST_PAGE = Math.floor(ORDER_LIST_DEPTH / PER_PAGE)

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined =>
  options.find((option) => option === text(value))

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops
const CONTROL = /[\u0000-\u001f\u007f]/g

/** A day the API takes, written YYYY-MM-DD (2026-02-30 is not one, nor is 0001-01-01). */
function day(value: unknown): string | undefined {
  const written = text(value)
  return isShopDay(written) ? written : undefined
}

/** Reads the address leniently: a value the API would not take is dropped, never an error page. */
export function orderListView(search: Record<string, unknown>): OrderListView {
  const q = text(search.q).replace(CONTROL, '').slice(0, 100)
  const method = text(search.paymentMethod)
  const page = /^\d{1,5}$/.test(text(search.page)) ? Number(text(search.page)) : 1
  let from = day(search.from)
  let to = day(search.to)
  // a range typed backwards still means the days between
  if (from && to && from > to) [from, to] = [to, from]
  return {
    q: q || undefined,
    status: oneOf(orderStatus.options, search.status),
    paymentMethod: /^[a-z][a-z0-9_-]{1,29}$/.test(method) ? method : undefined,
    paymentStatus: oneOf(paymentStatus.options, search.paymentStatus),
    zone: oneOf(deliveryZones, search.zone),
    from,
    to,
    page: Math.min(Math.max(page, 1), LAST_PAGE),
  }
}

const FILTERS = ['q', 'status', 'paymentMethod', 'paymentStatus', 'zone', 'from', 'to'] as const

/** The address's search for a view: nothing that says a default. */
export function orderListSearch(view: OrderListView): Record<string, string | number> {
  const search: Record<string, string | number> = {}
  for (const key of FILTERS) {
    const value = view[key]
    if (value) search[key] = value
  }
  if (view.page > 1) search.page = view.page
  return search
}

/** The filters without the status and the page: what the tabs and the CSV export keep. */
export function filtersOf(view: OrderListView): Record<string, string> {
  const { status: _status, page: _page, ...rest } = orderListSearch(view)
  return rest as Record<string, string>
}

/** What the API is asked for a view. */
export const listQuery = (view: OrderListView): AdminOrdersQuery => ({
  ...orderListSearch(view),
  page: view.page,
  perPage: PER_PAGE,
})
