import type { Order } from '../../contract/orders'
import { figure, formatDate, type MessageKey, msg, t, taka } from '../../i18n'
import { mediaUrl } from '../../lib/media'
import { OrderTotals } from '../../ui/order-totals'

const statusLabels: Record<string, MessageKey> = {
  pending_payment: msg('orders.status-pending-payment'),
  pending: msg('orders.status-pending'),
  confirmed: msg('orders.status-confirmed'),
  shipped: msg('orders.status-shipped'),
  delivered: msg('orders.status-delivered'),
  cancelled: msg('orders.status-cancelled'),
}
const flow = ['pending', 'confirmed', 'shipped', 'delivered'] as const

export const statusLabel = (status: string) => {
  const label = statusLabels[status]
  return label ? t(label) : status
}

const dateTime = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' })

/** Status timeline: the steps an order goes through, with the times it reached them. */
export function StatusTimeline({ order }: { order: Order }) {
  const reached = new Map(order.history.map((entry) => [entry.status, entry.createdAt]))
  const steps =
    order.status === 'cancelled' ? [...flow.filter((s) => reached.has(s)), 'cancelled'] : [...flow]
  return (
    <ol className="timeline" aria-label={t('orders.status-timeline')}>
      {steps.map((step) => {
        const at = reached.get(step)
        return (
          <li
            key={step}
            className={at ? 'is-done' : ''}
            aria-current={order.status === step ? 'step' : undefined}
          >
            <span className="timeline__label">{statusLabel(step)}</span>
            {at && <span className="timeline__time">{dateTime(at)}</span>}
          </li>
        )
      })}
    </ol>
  )
}

/** An order as charged: items, totals, address, payment. */
export function OrderDetails({ order }: { order: Order }) {
  const { totals } = order
  return (
    <div className="order-details">
      <dl className="order-facts">
        <div>
          <dt>{t('orders.number')}</dt>
          <dd data-testid="order-number">{order.number}</dd>
        </div>
        <div>
          <dt>{t('orders.placed')}</dt>
          <dd>{dateTime(order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('orders.status')}</dt>
          <dd>{statusLabel(order.status)}</dd>
        </div>
        <div>
          <dt>{t('orders.payment')}</dt>
          <dd>{order.paymentMethod === 'cod' ? t('orders.cod') : order.paymentMethod}</dd>
        </div>
      </dl>
      <h2>{t('orders.items')}</h2>
      <ul className="order-lines">
        {order.lines.map((line) => (
          <li key={line.skuId}>
            {line.image && (
              <img src={mediaUrl(line.image, 'xs')} alt="" width={48} height={60} loading="lazy" />
            )}
            <span className="order-lines__name">
              {line.name}
              <span className="muted">
                {[line.size, line.colour].filter(Boolean).join(' · ')} × {figure(line.quantity)}
              </span>
            </span>
            <span>{taka(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals totals={totals} />
      <h2>{t('orders.delivery-address')}</h2>
      <address className="order-address">
        {order.address.name}, {order.address.phone}
        <br />
        {order.address.street}
        {order.address.landmark ? ` (${order.address.landmark})` : ''}
        <br />
        {order.address.area}, {order.address.district}, {order.address.division}
      </address>
      <p className="muted">{t('orders.expected-delivery', { estimate: order.deliveryEstimate })}</p>
    </div>
  )
}
