import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { AdminOrderRow } from '../../contract/admin-orders'
import { t, taka } from '../../i18n'
import { adminLink } from '../links'
import { methodName, paymentStatusLabels, placedAt, zoneLabels } from './order-labels'
import { OrderStatusBadge } from './order-status-badge'

type Props = {
  rows: readonly AdminOrderRow[]
  busy: boolean
  selected: ReadonlySet<number>
  onSelect: (next: ReadonlySet<number>) => void
}

/** The page's orders as a table (a card each on a phone), each one selectable. */
export function OrderRows({ rows, busy, selected, onSelect }: Props) {
  const captionId = useId()
  if (rows.length === 0) {
    return (
      <p className="admin-notice" role="status">
        {t('admin-orders.empty')}
      </p>
    )
  }
  const allChosen = rows.every((row) => selected.has(row.id))
  const toggle = (id: number) => {
    const next = new Set(selected)
    if (!next.delete(id)) next.add(id)
    onSelect(next)
  }

  return (
    <section className="admin-table-wrap order-rows" aria-labelledby={captionId} aria-busy={busy}>
      <table className="admin-table">
        <caption id={captionId}>{t('admin-orders.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="order-rows__pick">
              <input
                type="checkbox"
                checked={allChosen}
                aria-label={t('admin-orders.select-page')}
                onChange={() => onSelect(allChosen ? new Set() : new Set(rows.map((row) => row.id)))}
              />
            </th>
            <th scope="col">{t('admin-orders.order')}</th>
            <th scope="col">{t('admin-orders.customer')}</th>
            <th scope="col">{t('admin-orders.where')}</th>
            <th scope="col">{t('admin-orders.payment')}</th>
            <th scope="col" className="order-rows__total">
              {t('admin-orders.total')}
            </th>
            <th scope="col">{t('admin-orders.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="order-rows__row" data-selected={selected.has(row.id) || undefined}>
              <td className="order-rows__pick">
                <input
                  type="checkbox"
                  checked={selected.has(row.id)}
                  aria-label={t('admin-orders.select', { number: row.number })}
                  onChange={() => toggle(row.id)}
                />
              </td>
              <td className="order-rows__order">
                <Link {...adminLink(`orders/${row.id}`)} className="order-rows__number">
                  {row.number}
                </Link>
                <small>{placedAt(row.createdAt)}</small>
              </td>
              <td data-label={t('admin-orders.customer')}>
                <span className="order-rows__name">{row.customerName}</span> <small>{row.phone}</small>
              </td>
              <td data-label={t('admin-orders.where')}>
                {row.district} <small>{t(zoneLabels[row.zone])}</small>
              </td>
              <td data-label={t('admin-orders.payment')}>
                {methodName(row.paymentMethod)} <small>{t(paymentStatusLabels[row.paymentStatus])}</small>
              </td>
              <td data-label={t('admin-orders.total')} className="order-rows__total">
                {taka(row.total)}
                {row.refund > 0 ? (
                  <small>{t('admin-orders.row-refund', { amount: taka(row.refund) })}</small>
                ) : (
                  row.collect > 0 &&
                  row.collect !== row.total && (
                    <small>{t('admin-orders.row-collect', { amount: taka(row.collect) })}</small>
                  )
                )}
              </td>
              <td data-label={t('admin-orders.status')}>
                <OrderStatusBadge status={row.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
