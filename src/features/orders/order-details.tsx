import type { Order } from '../../contract/orders'
import { mediaUrl } from '../../lib/media'
import { formatTaka } from '../../lib/money'
import { OrderTotals } from '../../ui/order-totals'

const statusLabels: Record<string, string> = {
  pending_payment: 'Waiting for payment',
  pending: 'Order placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}
const flow = ['pending', 'confirmed', 'shipped', 'delivered'] as const

export const statusLabel = (status: string) => statusLabels[status] ?? status

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' })

/** Status timeline: the steps an order goes through, with the times it reached them. */
export function StatusTimeline({ order }: { order: Order }) {
  const reached = new Map(order.history.map((entry) => [entry.status, entry.createdAt]))
  const steps =
    order.status === 'cancelled' ? [...flow.filter((s) => reached.has(s)), 'cancelled'] : [...flow]
  return (
    <ol className="timeline" aria-label="Order status">
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
          <dt>Order number</dt>
          <dd data-testid="order-number">{order.number}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{dateTime(order.createdAt)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{statusLabel(order.status)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{order.paymentMethod === 'cod' ? 'Cash on delivery' : order.paymentMethod}</dd>
        </div>
      </dl>
      <h2>Items</h2>
      <ul className="order-lines">
        {order.lines.map((line) => (
          <li key={line.skuId}>
            {line.image && (
              <img src={mediaUrl(line.image, 'xs')} alt="" width={48} height={60} loading="lazy" />
            )}
            <span className="order-lines__name">
              {line.name}
              <span className="muted">
                {[line.size, line.colour].filter(Boolean).join(' · ')} × {line.quantity}
              </span>
            </span>
            <span>{formatTaka(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals totals={totals} />
      <h2>Delivery address</h2>
      <address className="order-address">
        {order.address.name}, {order.address.phone}
        <br />
        {order.address.street}
        {order.address.landmark ? ` (${order.address.landmark})` : ''}
        <br />
        {order.address.area}, {order.address.district}, {order.address.division}
      </address>
      <p className="muted">Expected delivery: {order.deliveryEstimate}</p>
    </div>
  )
}
