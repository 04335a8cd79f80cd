import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { WaitingSku } from '../../contract/admin-stock-alerts'
import { figure, formatDate, t } from '../../i18n'
import { adminLink } from '../links'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { waitingForStockQuery } from '../waiting-for-stock'

const optionOf = (row: WaitingSku) => [row.size, row.colour].filter(Boolean).join(' / ')

/** Waiting for stock: each sold-out sku shoppers asked to be told about, the most wanted first. */
export function WaitingForStockPage(_props: SectionPageProps) {
  const list = useQuery(waitingForStockQuery())
  return (
    <div className="admin-page">
      <h1 id="waiting-title">{t('admin-reports.waiting-title')}</h1>
      <p className="auth-note">{t('admin-reports.waiting-hint')}</p>
      {list.error ? (
        <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <p>{t('admin-reports.waiting-none')}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
        <section className="admin-table-wrap" aria-labelledby="waiting-title" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin-reports.waiting-sku')}</th>
                <th scope="col">{t('admin-reports.waiting-product')}</th>
                <th scope="col">{t('admin-reports.waiting-count')}</th>
                <th scope="col">{t('admin-reports.waiting-stock')}</th>
                <th scope="col">{t('admin-reports.waiting-oldest')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((row) => (
                <tr key={row.skuId}>
                  <th scope="row">
                    {row.sku}
                    {optionOf(row) && <span className="waiting-option">{optionOf(row)}</span>}
                  </th>
                  <td>
                    <Link {...adminLink(`products/${row.productId}`)}>{row.productName}</Link>
                  </td>
                  <td>{figure(row.waiting)}</td>
                  <td>{figure(row.stockQuantity)}</td>
                  <td>{formatDate(row.oldestRequest)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  )
}
