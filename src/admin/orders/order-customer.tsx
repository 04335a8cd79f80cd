import { Fragment } from 'react'
import type { AdminOrder } from '../../contract/admin-orders'
import { t, taka } from '../../i18n'
import { DeliveryRecordView } from '../delivery-record'
import { methodName, paymentStatusLabels } from './order-labels'

/** What was paid before delivery, given back, and is still owed, as the server worked it out. */
function MoneyFacts({ money }: { money: NonNullable<AdminOrder['money']> }) {
  const rows = [
    { label: t('admin-orders.money-paid'), amount: money.paid + money.advance, id: 'money-paid' },
    { label: t('admin-orders.money-refunded'), amount: money.refunded, id: 'money-refunded' },
    { label: t('admin-orders.money-collect'), amount: money.collect, id: 'money-collect' },
    { label: t('admin-orders.money-refund'), amount: money.refund, id: 'money-refund' },
  ]
  return rows
    .filter((row) => row.amount > 0 || row.id === 'money-collect')
    .map((row) => (
      <Fragment key={row.id}>
        <dt>{row.label}</dt>
        <dd data-testid={row.id}>{taka(row.amount)}</dd>
      </Fragment>
    ))
}

/** Who ordered, how they pay, and how their earlier orders by this phone went. */
export function OrderCustomer({ order }: { order: AdminOrder }) {
  const { money } = order
  const moneyMoved = Boolean(money && money.paid + money.advance + money.refunded > 0)
  return (
    <section className="admin-panel" aria-labelledby="order-customer-title">
      <h2 id="order-customer-title">{t('admin-orders.customer')}</h2>
      <dl className="admin-facts">
        <dt>{t('admin-orders.name')}</dt>
        <dd>{order.customerName}</dd>
        <dt>{t('admin-orders.phone')}</dt>
        <dd>
          <a href={`tel:${order.phone}`}>{order.phone}</a>
        </dd>
        {order.email && (
          <>
            <dt>{t('admin-orders.email')}</dt>
            <dd>
              <a href={`mailto:${order.email}`}>{order.email}</a>
            </dd>
          </>
        )}
        <dt>{t('admin-orders.payment')}</dt>
        <dd>
          {methodName(order.paymentMethod)}, {t(paymentStatusLabels[order.paymentStatus])}
        </dd>
        {(order.advance ?? 0) > 0 && !moneyMoved && (
          <>
            <dt>{t('admin-orders.advance')}</dt>
            <dd>
              {t('admin-orders.advance-split', {
                advance: taka(order.advance ?? 0),
                rest: taka(order.totals.total - (order.advance ?? 0)),
              })}
            </dd>
          </>
        )}
        {order.money && moneyMoved && <MoneyFacts money={order.money} />}
        {order.totals.couponCode && (
          <>
            <dt>{t('admin-orders.coupon')}</dt>
            <dd>{order.totals.couponCode}</dd>
          </>
        )}
      </dl>
      <DeliveryRecordView
        record={order.record}
        of={{ kind: 'order', id: order.id }}
        title={t('admin-orders.record')}
      />
    </section>
  )
}
