import {
  type DashboardRange,
  dashboardRanges,
  daysIn,
  REPORT_MAX_DAYS,
  type ReportGrouping,
  reportGroupings,
} from '../../contract/admin-reports'
import { isShopDay } from '../../contract/days'

/**
 * The dashboard's address: `/admin?range=7d`, `/admin?range=custom&from=2025-03-01&to=2025-03-31`; the
 * sales report is the same section with `report=sales` (`/admin?report=sales&by=brand&from=…&to=…`).
 */
export type DashboardView = { range: DashboardRange; from?: string; to?: string }
export type ReportView = { by: ReportGrouping; from: string; to: string }

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const day = (value: unknown) => {
  const written = text(value)
  return isShopDay(written) ? written : undefined
}

/** Whether two days make a range the numbers can be counted over; the problem when they do not. */
export function rangeProblem(
  from: string | undefined,
  to: string | undefined,
): 'missing' | 'order' | 'long' | null {
  if (!from || !to) return 'missing'
  if (from > to) return 'order'
  return daysIn(from, to) > REPORT_MAX_DAYS ? 'long' : null
}

/** Reads the address leniently: what the API would refuse falls back to the last 30 days. */
export function dashboardView(search: Record<string, unknown>): DashboardView {
  const range = dashboardRanges.find((option) => option === text(search.range)) ?? '30d'
  if (range !== 'custom') return { range }
  const from = day(search.from)
  const to = day(search.to)
  return rangeProblem(from, to) ? { range: '30d' } : { range, from, to }
}

export const isReport = (search: Record<string, unknown>) => text(search.report) === 'sales'

/** The report's days default to the dashboard's 30 days ending `today` (Dhaka). */
export function reportView(
  search: Record<string, unknown>,
  fallback: { from: string; to: string },
): ReportView {
  const by = reportGroupings.find((option) => option === text(search.by)) ?? 'day'
  const from = day(search.from)
  const to = day(search.to)
  return rangeProblem(from, to) || !from || !to ? { by, ...fallback } : { by, from, to }
}

export const dashboardSearch = (view: DashboardView): Record<string, string> =>
  view.range === 'custom' && view.from && view.to
    ? { range: 'custom', from: view.from, to: view.to }
    : { range: view.range }

export const reportSearch = (view: ReportView): Record<string, string> => ({
  report: 'sales',
  by: view.by,
  from: view.from,
  to: view.to,
})
