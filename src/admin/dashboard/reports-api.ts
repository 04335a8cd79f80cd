import { queryOptions } from '@tanstack/react-query'
import {
  type DashboardQuery,
  dashboardAnswer,
  dashboardOrdersAnswer,
  type SalesReportQuery,
  salesReportAnswer,
} from '../../contract/admin-reports'
import { apiV1 } from '../../lib/api'
import { adminKeys, adminRead, quiet } from '../admin-api'
import { withSearch } from '../links'

/** The shop's numbers (src/contract/admin-reports.ts): counted on the server each time, never kept on the device. */
export const reportKeys = {
  all: () => [...adminKeys.all, 'reports'] as const,
  dashboard: (query: DashboardQuery) => [...reportKeys.all(), 'dashboard', query] as const,
  orders: (query: DashboardQuery) => [...reportKeys.all(), 'orders', query] as const,
  sales: (query: SalesReportQuery) => [...reportKeys.all(), 'sales', query] as const,
}

export const dashboardQuery = (query: DashboardQuery) =>
  queryOptions({
    queryKey: reportKeys.dashboard(query),
    queryFn: ({ signal }) =>
      adminRead(withSearch('/admin/dashboard', query), dashboardAnswer, signal).then((answer) => answer.data),
    staleTime: 30_000,
    meta: quiet,
  })

/** what staff see: the orders by status and the low stock */
export const dashboardOrdersQuery = (query: DashboardQuery) =>
  queryOptions({
    queryKey: reportKeys.orders(query),
    queryFn: ({ signal }) =>
      adminRead(withSearch('/admin/dashboard/orders', query), dashboardOrdersAnswer, signal).then(
        (answer) => answer.data,
      ),
    staleTime: 30_000,
    meta: quiet,
  })

export const salesReportQuery = (query: SalesReportQuery) =>
  queryOptions({
    queryKey: reportKeys.sales(query),
    queryFn: ({ signal }) =>
      adminRead(withSearch('/admin/reports/sales', query), salesReportAnswer, signal).then(
        (answer) => answer.data,
      ),
    staleTime: 30_000,
    meta: quiet,
  })

/**
 * Downloads the report as a CSV file through the API client (the file needs the api key as well as the
 * staff cookie, so a plain link would be refused).
 */
export async function downloadSalesCsv(query: { from: string; to: string; by: string }) {
  const blob = await apiV1.url(withSearch('/admin/reports/sales.csv', query)).get().blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `sales-by-${query.by}-${query.from}-to-${query.to}.csv`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
