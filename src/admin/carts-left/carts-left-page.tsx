import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { figure, formatDate, t, taka } from '../../i18n'
import { cartsLeftQuery } from '../carts-left'
import { adminLink } from '../links'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'

/** Carts left behind: the last 30 days' carts, their reminders and the orders they brought back. */
export function CartsLeftPage(_props: SectionPageProps) {
  const report = useQuery(cartsLeftQuery())
  return (
    <div className="admin-page">
      <h1 id="carts-left-title">{t('admin-reports.carts-left-title')}</h1>
      <p className="auth-note">{t('admin-reports.carts-left-hint')}</p>
      {report.error ? (
        <LoadProblem error={report.error} onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <Loading />
      ) : (
        <>
          <dl className="carts-left-totals">
            <div>
              <dt>{t('admin-reports.carts-left-left')}</dt>
              <dd>{figure(report.data.totals.left)}</dd>
            </div>
            <div>
              <dt>{t('admin-reports.carts-left-reminded')}</dt>
              <dd>{figure(report.data.totals.reminded)}</dd>
            </div>
            <div>
              <dt>{t('admin-reports.carts-left-recovered')}</dt>
              <dd>{figure(report.data.totals.recoveredOrders)}</dd>
            </div>
            <div>
              <dt>{t('admin-reports.carts-left-revenue')}</dt>
              <dd>{taka(report.data.totals.recoveredRevenue)}</dd>
            </div>
          </dl>
          {report.data.rows.length === 0 ? (
            <p>{t('admin-reports.carts-left-none')}</p>
          ) : (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
            <section className="admin-table-wrap" aria-labelledby="carts-left-title" tabIndex={0}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t('admin-reports.carts-left-number')}</th>
                    <th scope="col">{t('admin-reports.carts-left-value')}</th>
                    <th scope="col">{t('admin-reports.carts-left-items')}</th>
                    <th scope="col">{t('admin-reports.carts-left-at')}</th>
                    <th scope="col">{t('admin-reports.carts-left-reminded-at')}</th>
                    <th scope="col">{t('admin-reports.carts-left-order')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.rows.map((row) => (
                    <tr key={row.id}>
                      <th scope="row">{row.phone}</th>
                      <td>{taka(row.value)}</td>
                      <td>{figure(row.items)}</td>
                      <td>{formatDate(row.leftAt)}</td>
                      <td>
                        {row.remindedAt ? formatDate(row.remindedAt) : '—'}
                        {row.optedOut && (
                          <span className="waiting-option">{t('admin-reports.carts-left-opted-out')}</span>
                        )}
                      </td>
                      <td>
                        {row.recoveredOrder ? (
                          <Link {...adminLink(`orders/${row.recoveredOrder.id}`)}>
                            {row.recoveredOrder.number} · {taka(row.recoveredOrder.total)}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
    </div>
  )
}
