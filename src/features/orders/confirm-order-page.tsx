import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import type { Order } from '../../contract/orders'
import { t, taka } from '../../i18n'
import { orderOutbox } from '../../state/order-outbox'
import { lastOrder, orderKeys, settleAwaitingPayment } from '../../state/orders'
import { deliveryEstimateText } from '../../ui/order-changes'
import { PendingOrderNotice, useFollowPlacedOrder } from '../../ui/pending-order-notice'
import { OrderLookupForm } from './lookup-form'
import { OrderDetails } from './order-details'
import { orderByNumberQuery } from './orders-api'
import '../../styles/commerce.css'

/**
 * how often, and how many times, the page asks again while the gateway's answer is being checked (the server
 * checks again itself after 30 s; a guest's lookups are limited to 10 in 15 minutes)
 */
const CHECK_EVERY_MS = 20_000
const CHECKS = 5

/**
 * /confirm-order?number=…: the order just placed and what happens next; guests can look one up. The
 * payment page sends the shopper back here (`&payment=…`): an order still waiting for its payment says so
 * and offers to pay again. `updates` is what the route offers after a placed order (order updates by push).
 */
export function ConfirmOrderPage({
  number,
  payment,
  updates,
}: {
  number: string
  payment?: string
  updates?: (order: Order) => ReactNode
}) {
  const remembered = lastOrder()
  const phone = remembered && remembered.number === number ? remembered.phone : ''
  const queryClient = useQueryClient()
  const known = useQuery({
    ...orderByNumberQuery(number, phone),
    enabled: Boolean(number && phone),
    // back from the payment page: the server's word, not what was kept before leaving
    ...(payment ? { staleTime: 0, refetchOnMount: 'always' as const } : {}),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending_payment' &&
      payment === 'pending' &&
      query.state.dataUpdateCount <= CHECKS
        ? CHECK_EVERY_MS
        : false,
  })
  const cached = queryClient.getQueryData<Order>(orderKeys.byNumber(number))
  const [found, setFound] = useState<Order | null>(null)
  const order = found ?? known.data ?? cached ?? null
  const { pending } = useSnapshot(orderOutbox)
  const settled = order && order.status !== 'pending_payment' ? order.number : null
  useEffect(() => {
    if (settled) settleAwaitingPayment(settled)
  }, [settled])
  // the order waiting on this device opens its confirmation as soon as the shop has it
  useFollowPlacedOrder()

  if (!order && !number && pending.length > 0) {
    return (
      <section className="commerce-page">
        <h1>{t('orders.on-its-way')}</h1>
        <PendingOrderNotice link={false} />
      </section>
    )
  }
  if (!order) {
    return (
      <section className="commerce-page">
        <h1>{t('orders.confirmation')}</h1>
        {known.isFetching && <p aria-busy="true">{t('orders.loading-order')}</p>}
        <OrderLookupForm initialNumber={number} onFound={setFound} />
      </section>
    )
  }
  if (order.status === 'pending_payment') {
    return (
      <section className="commerce-page confirm-page">
        <h1>
          {payment === 'failed' || payment === 'cancelled'
            ? t('orders.not-placed')
            : t('orders.awaiting-payment')}
        </h1>
        {payment === 'pending' ? (
          <p className="notice" role="status" aria-busy="true">
            {t('orders.payment-checking')}
          </p>
        ) : (
          payment &&
          payment !== 'paid' && (
            <p className="notice notice--error" role="alert">
              {t('orders.payment-not-completed')}
            </p>
          )
        )}
        <p>{t('orders.payment-hold')}</p>
        {order.paymentRedirectUrl && (
          <p>
            <a className="button" href={order.paymentRedirectUrl}>
              {t('orders.pay-bkash')}
            </a>
          </p>
        )}
        <OrderDetails order={order} />
      </section>
    )
  }
  const paidOnline = order.paymentStatus === 'paid' && order.paymentMethod !== 'cod'
  return (
    <section className="commerce-page confirm-page">
      <h1>{t('orders.thank-you')}</h1>
      {order.paymentStatus === 'to_verify' && (
        <p className="notice" role="status">
          {t('orders.transfer-checking')}
        </p>
      )}
      {paidOnline && (
        <p className="notice notice--success" role="status">
          {t('orders.payment-received')}
        </p>
      )}
      {order.paymentStatus === 'advance_paid' && (
        <p className="notice notice--success" role="status">
          {t('orders.advance-received', {
            rest: taka(order.money?.collect ?? order.totals.total - (order.advance ?? 0)),
          })}
        </p>
      )}
      <p className="notice notice--success" role="status">
        {t('orders.text-sent', { phone: order.phone })}
      </p>
      {updates?.(order)}
      <OrderDetails order={order} />
      <h2>{t('orders.next')}</h2>
      <ol className="next-steps">
        <li>{t('orders.next-call')}</li>
        <li>{t('orders.next-courier', { estimate: deliveryEstimateText(order) })}</li>
        {order.paymentMethod === 'cod' && <li>{t('orders.next-pay')}</li>}
      </ol>
      <p>
        <Link to="/" className="button">
          {t('orders.continue-shopping')}
        </Link>
      </p>
    </section>
  )
}
