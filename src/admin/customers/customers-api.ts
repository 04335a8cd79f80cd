import { queryOptions } from '@tanstack/react-query'
import {
  type AdminCustomersQuery,
  adminCustomerAnswer,
  adminCustomersAnswer,
  type BlockScope,
  type CustomerPointsBody,
  customerPointsAnswer,
} from '../../contract/admin-customers'
import { apiV1 } from '../../lib/api'
import { adminKeys, adminRead, adminWrite, quiet } from '../admin-api'
import { withSearch } from '../links'

/** The customers pages' reads and writes (src/contract/admin-customers.ts), none of them kept on the device. */
export const customerKeys = {
  all: () => [...adminKeys.all, 'customers'] as const,
  list: (query: AdminCustomersQuery) => [...customerKeys.all(), 'list', query] as const,
  one: (id: number) => [...customerKeys.all(), 'one', id] as const,
  points: (id: number) => [...customerKeys.all(), 'points', id] as const,
}

export const customerListQuery = (query: AdminCustomersQuery) =>
  queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => adminRead(withSearch('/admin/customers', query), adminCustomersAnswer, signal),
    staleTime: 10_000,
    meta: quiet,
  })

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.one(id),
    queryFn: ({ signal }) =>
      adminRead(`/admin/customers/${id}`, adminCustomerAnswer, signal).then((answer) => answer.data),
    staleTime: 10_000,
    meta: quiet,
  })

/**
 * Downloads the customers the search finds as a CSV file, through the API client (the file needs the api
 * key as well as the staff cookie, so a plain link would be refused).
 */
export async function downloadCustomersCsv(search: { q?: string; status?: string }) {
  const blob = await apiV1.url(withSearch('/admin/customers/export.csv', search)).get().blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = 'customers.csv'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const customerPointsQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.points(id),
    queryFn: ({ signal }) =>
      adminRead(`/admin/customers/${id}/points`, customerPointsAnswer, signal).then((answer) => answer.data),
    staleTime: 10_000,
    meta: quiet,
  })

export const customersApi = {
  /** reward points added (below 0: taken off) with the reason, audited */
  adjustPoints: (id: number, body: CustomerPointsBody) =>
    adminWrite('post', `/admin/customers/${id}/points`, customerPointsAnswer, body).then(
      (answer) => answer.data,
    ),
  addNote: (id: number, text: string) =>
    adminWrite('post', `/admin/customers/${id}/notes`, adminCustomerAnswer, { text }).then(
      (answer) => answer.data,
    ),
  /** blocks the number for `scope`, or unblocks it (null) */
  setBlock: (id: number, scope: BlockScope | null) =>
    (scope
      ? adminWrite('post', `/admin/customers/${id}/block`, adminCustomerAnswer, { scope })
      : adminWrite('post', `/admin/customers/${id}/unblock`, adminCustomerAnswer)
    ).then((answer) => answer.data),
}
