import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { LowStock } from '../../contract/admin-reports'
import type { OrderStatus } from '../../contract/orders'
import { currentLanguage, figure, formatDate, type MessageKey, msg, t } from '../../i18n'
import { dhakaDayStart } from '../../lib/dhaka-time'
import { groupIndian } from '../../lib/money'
import { adminLink } from '../links'

/** A count as the page writes it: Indian grouping, the language's digits. */
export const count = (value: number) => figure(groupIndian(String(value)))

/** A name in the page's language (the English one when there is no Bangla one). */
export const named = (row: { name: string; nameBn: string }) =>
  currentLanguage() === 'bn' && row.nameBn ? row.nameBn : row.name

/** A Dhaka day (YYYY-MM-DD) as the language writes it. */
export const dayName = (day: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
  formatDate(dhakaDayStart(day), options)

export const rangeName = (range: { from: string; to: string }) =>
  range.from === range.to
    ? dayName(range.from)
    : t('admin-reports.range-shown', { from: dayName(range.from), to: dayName(range.to) })

/** A table's box, which scrolls sideways on a narrow screen: it can take the focus, so a keyboard scrolls it too. */
export function TableBox({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
    <section className="admin-table-wrap" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  )
}

const statusLabels: Record<OrderStatus, MessageKey> = {
  pending_payment: msg('admin-orders.status-pending-payment'),
  pending: msg('admin-orders.status-pending'),
  confirmed: msg('admin-orders.status-confirmed'),
  packed: msg('admin-orders.status-packed'),
  shipped: msg('admin-orders.status-shipped'),
  delivered: msg('admin-orders.status-delivered'),
  cancelled: msg('admin-orders.status-cancelled'),
  returned: msg('admin-orders.status-returned'),
}

/** The range's orders by status, each a link to the orders list showing just those. */
export function StatusCounts({
  counts,
  range,
}: {
  counts: readonly { status: OrderStatus; count: number }[]
  range: { from: string; to: string }
}) {
  return (
    <section className="admin-card dashboard-block" aria-labelledby="dashboard-by-status">
      <h3 id="dashboard-by-status">{t('admin-reports.by-status')}</h3>
      <ul className="dashboard-statuses">
        {counts.map((entry) => (
          <li key={entry.status}>
            <Link {...adminLink('orders')} search={{ status: entry.status, from: range.from, to: range.to }}>
              <span>{t(statusLabels[entry.status])}</span>
              <span className="dashboard-statuses__count">{count(entry.count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The skus at or below the settings' threshold, emptiest first, each a link to its product's editor. */
export function LowStockList({ lowStock }: { lowStock: LowStock }) {
  const { threshold, total, skus } = lowStock
  return (
    <section className="admin-card dashboard-block" aria-labelledby="dashboard-low-stock">
      <h3 id="dashboard-low-stock">{t('admin-reports.low-stock')}</h3>
      {total === 0 ? (
        <p>{t('admin-reports.low-stock-none', { threshold: count(threshold) })}</p>
      ) : (
        <>
          <p>
            {t('admin-reports.low-stock-count', {
              count: total,
              shown: count(total),
              threshold: count(threshold),
            })}
          </p>
          <TableBox labelledBy="dashboard-low-stock">
            <table className="admin-table dashboard-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin-reports.product')}</th>
                  <th scope="col">{t('admin-reports.sku')}</th>
                  <th scope="col" className="dashboard-table__number">
                    {t('admin-reports.stock')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {skus.map((sku) => (
                  <tr key={sku.skuId}>
                    <td>
                      <Link {...adminLink(`products/${sku.productId}`)}>
                        {named({ name: sku.productName, nameBn: sku.productNameBn })}
                      </Link>
                    </td>
                    <td>{[sku.sku, sku.size, sku.colour].filter(Boolean).join(' · ')}</td>
                    <td className="dashboard-table__number">{count(sku.stock)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
          {total > skus.length && <p>{t('admin-reports.low-stock-more')}</p>}
        </>
      )}
    </section>
  )
}
