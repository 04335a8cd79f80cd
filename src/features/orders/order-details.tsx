import type { Order } from '../../contract/orders'
import { figure, type MessageKey, msg, t, taka } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { mediaUrl } from '../../lib/media'
import {
  cancelReasonText,
  deliveryEstimateText,
  entryTexts,
  orderLineName,
  orderLineVariant,
  orderPlaces,
} from '../../ui/order-changes'
import { OrderTotals } from '../../ui/order-totals'

const statusLabels: Record<string, MessageKey> = {
  pending_payment: msg('orders.status-pending-payment'),
  pending: msg('orders.status-pending'),
  confirmed: msg('orders.status-confirmed'),
  packed: msg('orders.status-packed'),
  shipped: msg('orders.status-shipped'),
  delivered: msg('orders.status-delivered'),
  cancelled: msg('orders.status-cancelled'),
  returned: msg('orders.status-returned'),
}
const flow: readonly string[] = ['pending', 'confirmed', 'packed', 'shipped', 'delivered']
/** where an order's way may end early: it stops at the last step it reached */
const endings: readonly string[] = ['cancelled', 'returned']

export const statusLabel = (status: string) => {
  const label = statusLabels[status]
  return label ? t(label) : status
}

/**
 * Status timeline: the steps an order goes through, with the times it reached them. A step passed without
 * a record of its own (an order shipped before packing was a step) still shows as done.
 */
export function StatusTimeline({ order }: { order: Order }) {
  // a change the shop made to the order moves it nowhere: listed below the steps, never as one
  const moves = order.history.filter((entry) => entry.kind !== 'edit')
  const changes = order.history.filter((entry) => entry.kind === 'edit')
  const reached = new Map(moves.map((entry) => [entry.status, entry.createdAt]))
  const furthest = Math.max(
    flow.indexOf(order.status),
    ...flow.map((step, index) => (reached.has(step) ? index : -1)),
  )
  const ended = endings.includes(order.status)
  const steps = ended ? [...flow.slice(0, furthest + 1), order.status] : flow
  return (
    <>
      <ol className="timeline" aria-label={t('orders.status-timeline')}>
        {steps.map((step, index) => {
          const at = reached.get(step)
          const done = Boolean(at) || index <= furthest || step === order.status
          return (
            <li
              key={step}
              className={done ? 'is-done' : ''}
              aria-current={order.status === step ? 'step' : undefined}
            >
              <span className="timeline__label">{statusLabel(step)}</span>
              {at && <span className="timeline__time">{formatDateTime(at)}</span>}
            </li>
          )
        })}
      </ol>
      {changes.length > 0 && (
        <section className="order-changes" aria-labelledby="order-changes-title">
          <h2 id="order-changes-title">{t('orders.changes-by-shop')}</h2>
          <ul>
            {changes.map((change) => (
              <li key={`${change.createdAt}-${change.note}`}>
                <span className="timeline__time">{formatDateTime(change.createdAt)}</span>{' '}
                {entryTexts(change).join('; ')}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/** whether money came in or went back: then what is still owed is worth saying */
const moneyMoved = (money: Order['money']) =>
  Boolean(money && money.paid + money.advance + (money.collected ?? 0) + money.refunded > 0)

/** What was paid before delivery, given back, and is still owed, as the server worked it out. */
function MoneyFacts({ money }: { money: NonNullable<Order['money']> }) {
  const rows = [
    { label: t('orders.advance'), amount: money.paid + money.advance, id: 'order-paid' },
    { label: t('orders.money-collected'), amount: money.collected ?? 0, id: 'order-collected' },
    { label: t('orders.money-refunded'), amount: money.refunded, id: 'order-refunded' },
    { label: t('orders.money-collect'), amount: money.collect, id: 'order-collect' },
    { label: t('orders.money-refund'), amount: money.refund, id: 'order-refund' },
  ]
  return rows
    .filter((row) => row.amount > 0 || row.id === 'order-collect')
    .map((row) => (
      <div key={row.id}>
        <dt>{row.label}</dt>
        <dd data-testid={row.id}>{taka(row.amount)}</dd>
      </div>
    ))
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
          <dd>{formatDateTime(order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('orders.status')}</dt>
          <dd>{statusLabel(order.status)}</dd>
        </div>
        <div>
          <dt>{t('orders.payment')}</dt>
          <dd>
            {order.paymentMethod === 'cod'
              ? t('orders.cod')
              : order.paymentMethod === 'bkash'
                ? t('orders.bkash')
                : order.paymentMethod === 'transfer'
                  ? t('orders.transfer')
                  : order.paymentMethod}
            {order.paymentStatus === 'to_verify' && `, ${t('orders.to-verify')}`}
            {order.paymentStatus === 'advance_paid' && `, ${t('orders.advance-paid')}`}
            {order.paymentStatus === 'partly_paid' && `, ${t('orders.partly-paid')}`}
            {order.paymentStatus === 'paid' && `, ${t('orders.paid')}`}
            {order.paymentStatus === 'refunded' && `, ${t('orders.refunded')}`}
            {order.paymentStatus === 'partly_refunded' && `, ${t('orders.partly-refunded')}`}
          </dd>
        </div>
        {(order.advance ?? 0) > 0 && !moneyMoved(order.money) && (
          <div>
            <dt>{t('orders.advance')}</dt>
            <dd data-testid="order-advance">
              {t('orders.advance-split', {
                advance: taka(order.advance ?? 0),
                rest: taka(order.totals.total - (order.advance ?? 0)),
              })}
            </dd>
          </div>
        )}
        {order.money && moneyMoved(order.money) && <MoneyFacts money={order.money} />}
        {order.courier && (
          <div>
            <dt>{t('orders.courier')}</dt>
            <dd>{order.courier}</dd>
          </div>
        )}
        {order.trackingNumber && (
          <div>
            <dt>{t('orders.tracking-number')}</dt>
            <dd>
              <span data-testid="order-tracking">{order.trackingNumber}</span>
              {order.trackingUrl && (
                <>
                  {' '}
                  <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {t('orders.track-parcel', { courier: order.courier ?? '' })}
                  </a>
                </>
              )}
            </dd>
          </div>
        )}
        {order.status === 'cancelled' && order.cancelReason && (
          <div>
            <dt>{t('orders.cancel-reason')}</dt>
            <dd>{cancelReasonText(order.cancelReason, order.cancelReasonTexts)}</dd>
          </div>
        )}
      </dl>
      <h2>{t('orders.items')}</h2>
      <ul className="order-lines">
        {order.lines.map((line) => (
          <li key={line.skuId}>
            {line.image && (
              <img src={mediaUrl(line.image, 'xs')} alt="" width={48} height={60} loading="lazy" />
            )}
            <span className="order-lines__name">
              {orderLineName(line)}
              <span className="muted">
                {orderLineVariant(line)} × {figure(line.quantity)}
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
        {orderPlaces(order)}
      </address>
      <p className="muted">{t('orders.expected-delivery', { estimate: deliveryEstimateText(order) })}</p>
    </div>
  )
}
