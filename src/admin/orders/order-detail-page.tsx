import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AdminOrder } from '../../contract/admin-orders'
import { figure, t, taka } from '../../i18n'
import { mediaUrl } from '../../lib/media'
import {
  cancelReasonText,
  deliveryEstimateText,
  orderLineName,
  orderLineVariant,
  orderPlaces,
} from '../../ui/order-changes'
import { OrderTotals } from '../../ui/order-totals'
import { adminLink } from '../links'
import { sourceLabels } from '../order-sources'
import { may } from '../roles'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem, UnknownPage } from '../shell/status-pages'
import { OrderActions } from './order-actions'
import { OrderAttribution } from './order-attribution'
import { OrderCash } from './order-cash'
import { OrderCustomer } from './order-customer'
import { OrderEdit } from './order-edit'
import { placedAt, zoneLabels } from './order-labels'
import { OrderPayments } from './order-payments'
import { OrderShipping } from './order-shipping'
import { OrderStatusBadge } from './order-status-badge'
import { OrderTimeline } from './order-timeline'
import { orderQuery } from './orders-api'
import { OrderPrintLinks } from './print/order-print-links'
import './orders.css'

/** `/admin/orders/<id>`: one order, what can be done with it next, and everything that happened to it. */
export function OrderDetailPage({ rest, staff }: SectionPageProps) {
  const id = /^\d{1,10}$/.test(rest) ? Number(rest) : null
  if (id === null || id < 1 || id > 2_147_483_647) return <UnknownPage />
  return (
    <OrderLoader
      key={id}
      id={id}
      canRefund={may(staff, 'orders.refund')}
      canSettle={may(staff, 'cash.settle')}
    />
  )
}

function OrderLoader({ id, canRefund, canSettle }: { id: number; canRefund: boolean; canSettle: boolean }) {
  const order = useQuery(orderQuery(id))
  if (!order.data) {
    return (
      <div className="admin-page">
        <BackLink />
        <h1>{t('admin-orders.title-loading')}</h1>
        {order.error ? <LoadProblem error={order.error} onRetry={() => void order.refetch()} /> : <Loading />}
      </div>
    )
  }
  return <OrderDetail order={order.data} canRefund={canRefund} canSettle={canSettle} />
}

const BackLink = () => (
  <Link {...adminLink('orders')} className="order-detail__back">
    {t('admin-orders.back')}
  </Link>
)

function OrderDetail({
  order,
  canRefund,
  canSettle,
}: {
  order: AdminOrder
  canRefund: boolean
  canSettle: boolean
}) {
  return (
    <div className="admin-page order-detail">
      <div className="order-detail__head">
        <BackLink />
        <h1>{t('admin-orders.title', { number: order.number })}</h1>
        <p className="order-detail__meta">
          <OrderStatusBadge status={order.status} />
          <span>{t('admin-orders.placed-at', { time: placedAt(order.createdAt) })}</span>
        </p>
        <OrderPrintLinks id={order.id} />
      </div>
      <div className="order-detail__columns">
        <div className="order-detail__main">
          <OrderActions order={order} />
          <OrderShipping order={order} />
          <OrderLines order={order} />
          <OrderTimeline order={order} />
        </div>
        <div className="order-detail__side">
          <OrderCustomer order={order} />
          <OrderPayments order={order} canRefund={canRefund} />
          <OrderCash order={order} canSettle={canSettle} />
          <OrderDelivery order={order} />
          <OrderAttribution order={order} />
        </div>
      </div>
    </div>
  )
}

function OrderLines({ order }: { order: AdminOrder }) {
  const back = new Map(order.returned.map((line) => [line.skuId, line.quantity]))
  return (
    <section className="admin-panel" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title">
        {t('admin-orders.lines', { count: order.lines.length, shown: figure(order.lines.length) })}
      </h2>
      <OrderEdit order={order} />
      <ul className="order-lines-admin">
        {order.lines.map((line) => (
          <li key={line.skuId}>
            {line.image ? (
              <img src={mediaUrl(line.image, 'xs')} alt="" width={48} height={60} loading="lazy" />
            ) : (
              <span className="order-lines-admin__no-image" aria-hidden="true" />
            )}
            <div className="order-lines-admin__what">
              <span className="order-lines-admin__name">{orderLineName(line)}</span>
              <small>
                {[t('admin-orders.sku', { sku: line.sku }), orderLineVariant(line)]
                  .filter(Boolean)
                  .join(' · ')}
              </small>
              <span>
                {t('admin-orders.quantity-price', {
                  quantity: figure(line.quantity),
                  price: taka(line.unitDiscountedPrice),
                })}
                {line.unitDiscountedPrice < line.unitPrice && (
                  <>
                    {' '}
                    <s className="order-lines-admin__was">{taka(line.unitPrice)}</s>
                  </>
                )}
              </span>
              {(back.get(line.skuId) ?? 0) > 0 && (
                <span className="admin-tag admin-tag--warn order-lines-admin__back">
                  {t('admin-orders.line-returned', { count: figure(back.get(line.skuId) ?? 0) })}
                </span>
              )}
            </div>
            <span className="order-lines-admin__total">{taka(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals
        totals={order.totals}
        deliveryLabel={t('admin-orders.delivery-charge', { zone: t(zoneLabels[order.zone]) })}
        className="order-detail__totals"
      />
    </section>
  )
}

function OrderDelivery({ order }: { order: AdminOrder }) {
  const { address } = order
  return (
    <section className="admin-panel" aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title">{t('admin-orders.delivery')}</h2>
      <address className="order-detail__address">
        {address.name}, {address.phone}
        <br />
        {address.street}
        {address.landmark ? ` (${address.landmark})` : ''}
        <br />
        {orderPlaces(order)}
      </address>
      <dl className="admin-facts">
        <dt>{t('admin-orders.zone')}</dt>
        <dd>
          {t(zoneLabels[order.zone])}, {taka(order.totals.deliveryCharge)}
        </dd>
        <dt>{t('admin-orders.estimate')}</dt>
        <dd>{deliveryEstimateText(order)}</dd>
        {order.courier && (
          <>
            <dt>{t('admin-orders.courier')}</dt>
            <dd>{order.courier}</dd>
          </>
        )}
        {order.trackingNumber && (
          <>
            <dt>{t('admin-orders.tracking')}</dt>
            <dd data-testid="order-tracking">{order.trackingNumber}</dd>
          </>
        )}
        {order.cancelReason && (
          <>
            <dt>{t('admin-orders.cancel-reason')}</dt>
            <dd>{cancelReasonText(order.cancelReason, order.cancelReasonTexts)}</dd>
          </>
        )}
        {order.source && order.source !== 'website' && (
          <>
            <dt>{t('admin-orders.source')}</dt>
            <dd data-testid="order-source">{t(sourceLabels[order.source])}</dd>
          </>
        )}
        {order.manualDiscountReason && (
          <>
            <dt>{t('admin-orders.take-discount-reason')}</dt>
            <dd>{order.manualDiscountReason}</dd>
          </>
        )}
        {order.notes && (
          <>
            <dt>{t('admin-orders.shopper-notes')}</dt>
            <dd>{order.notes}</dd>
          </>
        )}
      </dl>
    </section>
  )
}
