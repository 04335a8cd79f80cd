import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { StaffMember } from '../../contract/staff'
import { type MessageKey, msg, t } from '../../i18n'
import { adminLink } from '../links'
import { may, roleName, staffName } from '../roles'
import type { SectionPageProps } from '../section-pages'
import { navigationFor, type SectionId } from '../sections'
import { Loading, LoadProblem } from '../shell/status-pages'
import { DashboardNumbers } from './dashboard-numbers'
import { LowStockList, rangeName, StatusCounts } from './dashboard-parts'
import { type DashboardView, dashboardSearch, dashboardView, isReport } from './dashboard-search'
import { RangePicker } from './range-picker'
import { dashboardOrdersQuery, dashboardQuery } from './reports-api'
import { SalesReportPage } from './sales-report-page'
import './dashboard.css'

const descriptions: Partial<Record<Exclude<SectionId, 'dashboard'>, MessageKey>> = {
  orders: msg('admin.about-orders'),
  customers: msg('admin.about-customers'),
  reviews: msg('admin.about-reviews'),
  coupons: msg('admin.about-coupons'),
  products: msg('admin.about-products'),
  categories: msg('admin.about-categories'),
  brands: msg('admin.about-brands'),
  campaigns: msg('admin.about-campaigns'),
  home: msg('admin.about-home'),
  menus: msg('admin.about-menus'),
  pages: msg('admin.about-pages'),
  import: msg('admin.about-import'),
  settings: msg('admin.about-settings'),
  staff: msg('admin.about-staff'),
  audit: msg('admin.about-audit'),
  account: msg('admin.about-account'),
}

/** Money is for owners and managers (the server refuses it to staff too). */
export const seesMoney = (staff: StaffMember) => may(staff, 'reports.money')

/** Owners and managers: the figures, the chart, the orders by status, the top sellers and the low stock. */
function OwnerNumbers({ view }: { view: DashboardView }) {
  const numbers = useQuery({ ...dashboardQuery(dashboardSearch(view)), placeholderData: keepPreviousData })
  if (numbers.isPending) return <Loading />
  if (numbers.isError) return <LoadProblem error={numbers.error} onRetry={() => void numbers.refetch()} />
  return (
    <>
      <RangePicker view={view} shown={numbers.data.range} />
      <p className="dashboard-shown" aria-live="polite">
        {rangeName(numbers.data.range)}
      </p>
      <DashboardNumbers data={numbers.data} />
    </>
  )
}

/** Staff: the orders by status and the low stock, no money. */
function StaffNumbers({ view }: { view: DashboardView }) {
  const numbers = useQuery({
    ...dashboardOrdersQuery(dashboardSearch(view)),
    placeholderData: keepPreviousData,
  })
  if (numbers.isPending) return <Loading />
  if (numbers.isError) return <LoadProblem error={numbers.error} onRetry={() => void numbers.refetch()} />
  return (
    <>
      <RangePicker view={view} shown={numbers.data.range} />
      <p className="dashboard-shown" aria-live="polite">
        {rangeName(numbers.data.range)}
      </p>
      <div className="dashboard-grid">
        <StatusCounts counts={numbers.data.statusCounts} range={numbers.data.range} />
        <LowStockList lowStock={numbers.data.lowStock} />
      </div>
    </>
  )
}

/**
 * The first page after signing in: a greeting, the shop's numbers for the chosen days (`?range=`), and the
 * sections this person may open. `?report=sales` is the sales report (owners and managers).
 */
export function DashboardPage({ staff, search }: Pick<SectionPageProps, 'staff' | 'search'>) {
  if (isReport(search) && seesMoney(staff)) return <SalesReportPage search={search} />
  const view = dashboardView(search)
  const sections = navigationFor(staff.role).filter((section) => section.id !== 'dashboard')
  return (
    <div className="admin-page dashboard">
      <div className="dashboard-hello">
        <h1>{t('admin.greeting', { name: staffName(staff) })}</h1>
        <p>{t('admin.signed-in-as', { role: roleName(staff.role) })}</p>
      </div>
      <section className="dashboard-section" aria-labelledby="dashboard-numbers">
        <div className="dashboard-section__head">
          <h2 id="dashboard-numbers">{t('admin-reports.numbers')}</h2>
          {seesMoney(staff) && (
            <Link {...adminLink('')} search={{ report: 'sales' }} className="button button--ghost">
              {t('admin-reports.report-link')}
            </Link>
          )}
        </div>
        {seesMoney(staff) ? <OwnerNumbers view={view} /> : <StaffNumbers view={view} />}
      </section>
      <section className="dashboard-section" aria-labelledby="dashboard-sections">
        <h2 id="dashboard-sections">{t('admin-reports.sections')}</h2>
        <ul className="admin-cards dashboard-cards">
          {sections.map((section) => {
            const about = section.id === 'dashboard' ? undefined : descriptions[section.id]
            return (
              <li key={section.id} className="admin-card admin-card--link">
                <h3>
                  <Link {...adminLink(section.path)}>{t(section.label)}</Link>
                </h3>
                {about && <p>{t(about)}</p>}
              </li>
            )
          })}
        </ul>
      </section>
    </div>
  )
}
