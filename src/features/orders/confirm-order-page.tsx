import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import type { Order } from '../../contract/orders'
import { t } from '../../i18n'
import { orderOutbox } from '../../state/order-outbox'
import { lastOrder, orderKeys } from '../../state/orders'
import { PendingOrderNotice, useFollowPlacedOrder } from '../../ui/pending-order-notice'
import { OrderLookupForm } from './lookup-form'
import { OrderDetails } from './order-details'
import { orderByNumberQuery } from './orders-api'
import '../../styles/commerce.css'

/** /confirm-order?number=…: the order just placed and what happens next; guests can look one up. */
export function ConfirmOrderPage({ number }: { number: string }) {
  const remembered = lastOrder()
  const phone = remembered && remembered.number === number ? remembered.phone : ''
  const queryClient = useQueryClient()
  const known = useQuery({ ...orderByNumberQuery(number, phone), enabled: Boolean(number && phone) })
  const cached = queryClient.getQueryData<Order>(orderKeys.byNumber(number))
  const [found, setFound] = useState<Order | null>(null)
  const order = found ?? known.data ?? cached ?? null
  const { pending } = useSnapshot(orderOutbox)
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
  return (
    <section className="commerce-page confirm-page">
      <h1>{t('orders.thank-you')}</h1>
      <p className="notice notice--success" role="status">
        {t('orders.text-sent', { phone: order.phone })}
      </p>
      <OrderDetails order={order} />
      <h2>{t('orders.next')}</h2>
      <ol className="next-steps">
        <li>{t('orders.next-call')}</li>
        <li>{t('orders.next-courier', { estimate: order.deliveryEstimate })}</li>
        <li>{t('orders.next-pay')}</li>
      </ol>
      <p>
        <Link to="/" className="button">
          {t('orders.continue-shopping')}
        </Link>
      </p>
    </section>
  )
}
