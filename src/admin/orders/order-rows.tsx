import { Link } from '@tanstack/react-router'
import type { AdminOrderRow } from '../../contract/admin-orders'
import { t, taka } from '../../i18n'
import { adminLink } from '../links'
import { type AdminColumn, AdminTable } from '../list/admin-table'
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
  return (
    <AdminTable
      caption={t('admin-orders.caption')}
      className="order-rows"
      rows={rows}
      rowKey={(row) => row.id}
      columns={orderColumns()}
      busy={busy}
      empty={t('admin-orders.empty')}
      rowClassName="order-rows__row"
      selection={{
        selected,
        onSelect,
        idOf: (row) => row.id,
        pageLabel: t('admin-orders.select-page'),
        rowLabel: (row) => t('admin-orders.select', { number: row.number }),
        className: 'order-rows__pick',
      }}
    />
  )
}

const orderColumns = (): AdminColumn<AdminOrderRow>[] => [
  {
    header: t('admin-orders.order'),
    className: 'order-rows__order',
    cell: (row) => (
      <>
        <Link {...adminLink(`orders/${row.id}`)} className="order-rows__number">
          {row.number}
        </Link>
        <small>{placedAt(row.createdAt)}</small>
      </>
    ),
  },
  {
    header: t('admin-orders.customer'),
    label: t('admin-orders.customer'),
    cell: (row) => (
      <>
        <span className="order-rows__name">{row.customerName}</span> <small>{row.phone}</small>
      </>
    ),
  },
  {
    header: t('admin-orders.where'),
    label: t('admin-orders.where'),
    cell: (row) => (
      <>
        {row.district} <small>{t(zoneLabels[row.zone])}</small>
      </>
    ),
  },
  {
    header: t('admin-orders.payment'),
    label: t('admin-orders.payment'),
    cell: (row) => (
      <>
        {methodName(row.paymentMethod)} <small>{t(paymentStatusLabels[row.paymentStatus])}</small>
      </>
    ),
  },
  {
    header: t('admin-orders.total'),
    label: t('admin-orders.total'),
    className: 'order-rows__total',
    cell: (row) => (
      <>
        {taka(row.total)}
        {row.refund > 0 ? (
          <small>{t('admin-orders.row-refund', { amount: taka(row.refund) })}</small>
        ) : (
          row.collect > 0 &&
          row.collect !== row.total && (
            <small>{t('admin-orders.row-collect', { amount: taka(row.collect) })}</small>
          )
        )}
      </>
    ),
  },
  {
    header: t('admin-orders.status'),
    label: t('admin-orders.status'),
    cell: (row) => <OrderStatusBadge status={row.status} />,
  },
]
