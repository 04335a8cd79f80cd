import { queryOptions } from '@tanstack/react-query'
import {
  type AdminOrdersQuery,
  adminOrderAnswer,
  adminOrdersAnswer,
  type BulkStatusBody,
  bulkStatusAnswer,
  newOrdersAnswer,
  type OrderEditInput,
  orderEditAnswer,
  orderPrintAnswer,
  type RefundBody,
  refundAnswer,
  type StatusChangeBody,
  type TransferDecisionBody,
} from '../../contract/admin-orders'
import { apiV1 } from '../../lib/api'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'
import { withSearch } from '../links'

/** The orders pages' reads and writes (src/contract/admin-orders.ts), none of them kept on the device. */
export const orderKeys = {
  all: () => [...adminKeys.all, 'orders'] as const,
  list: (query: AdminOrdersQuery) => [...orderKeys.all(), 'list', query] as const,
  latest: () => [...orderKeys.all(), 'latest'] as const,
  detail: (id: number) => [...orderKeys.all(), 'detail', id] as const,
}

/** How often the list asks whether orders came in (only while the page is in view). */
export const NEW_ORDERS_POLL_MS = 5_000

export const orderListQuery = (query: AdminOrdersQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => adminRead(withSearch('/admin/orders', query), adminOrdersAnswer, signal),
    staleTime: 10_000,
    meta: quiet,
  })

/**
 * How many orders came in after the newest one the list shows, asked every few seconds. A count of its own:
 * polling the list shown would move rows under the pointer while someone picks them.
 */
export const newOrdersQuery = (since: number) =>
  queryOptions({
    queryKey: [...orderKeys.latest(), since] as const,
    queryFn: ({ signal }) =>
      adminRead(`/admin/orders/new?since=${since}`, newOrdersAnswer, signal).then(
        (answer) => answer.data.count,
      ),
    refetchInterval: NEW_ORDERS_POLL_MS,
    // a hidden tab asks nothing; coming back asks at once
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    meta: quiet,
  })

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => adminRead(`/admin/orders/${id}`, adminOrderAnswer, signal).then((a) => a.data),
    staleTime: 0,
    refetchOnWindowFocus: false,
    meta: quiet,
  })

/** The invoices' and labels' data of the chosen orders (at most ORDER_PRINT_LIMIT), in one call. */
export const orderPrintQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: [...orderKeys.all(), 'print', ids.join(',')] as const,
    queryFn: ({ signal }) =>
      adminRead(withSearch('/admin/orders/print', { ids: ids.join(',') }), orderPrintAnswer, signal).then(
        (answer) => answer.data,
      ),
    staleTime: 0,
    refetchOnWindowFocus: false,
    meta: quiet,
  })

export const ordersApi = {
  move: (id: number, body: StatusChangeBody) =>
    adminWrite('post', `/admin/orders/${id}/status`, adminOrderAnswer, body).then((answer) => answer.data),
  note: (id: number, note: string) =>
    adminWrite('post', `/admin/orders/${id}/notes`, adminOrderAnswer, { note }).then((answer) => answer.data),
  /** the staff's word on the order's transfer: the money is in the wallet, or it is not (cancelled) */
  transfer: (id: number, body: TransferDecisionBody) =>
    adminWrite('post', `/admin/orders/${id}/transfer`, adminOrderAnswer, body).then((answer) => answer.data),
  /** gives back part or all of the order's bKash payment (owners and managers) */
  refund: (id: number, body: RefundBody) =>
    adminWrite('post', `/admin/orders/${id}/refund`, refundAnswer, body).then((answer) => answer.data),
  bulk: (body: BulkStatusBody) =>
    adminWrite('post', '/admin/orders/bulk-status', bulkStatusAnswer, body).then((answer) => answer.data),
  /** an edit of the order's lines, address or delivery charge; `dryRun`: the order as it would be */
  edit: (id: number, body: OrderEditInput) =>
    adminWrite('post', `/admin/orders/${id}/edit`, orderEditAnswer, body),
}

/** The CSV's address: the chosen orders, or every order the filters match. */
export const exportPath = (filters: Record<string, string | number>, ids: readonly number[]) =>
  ids.length > 0
    ? withSearch('/admin/orders/export.csv', { ids: ids.join(',') })
    : withSearch('/admin/orders/export.csv', filters)

/** Downloads the CSV through the API client (it needs the api key as well as the staff cookie). */
export async function downloadOrdersCsv(path: string, name: string) {
  const blob = await apiV1.url(path).get().blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
