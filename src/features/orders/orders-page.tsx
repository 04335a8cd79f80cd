import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Order } from '../../contract/orders'
import { formatDate, t, taka } from '../../i18n'
import { useCurrentUser, useSessionPending } from '../../state/session'
import { OrderLookupForm } from './lookup-form'
import { OrderDetails, StatusTimeline, statusLabel } from './order-details'
import { orderQuery, ordersQuery } from './orders-api'
import '../../styles/commerce.css'

const day = (iso: string) => formatDate(iso, { dateStyle: 'medium' })

/** /user/orders: the shopper's orders; a guest finds one by number + phone. */
export function OrdersPage() {
  const user = useCurrentUser()
  const pending = useSessionPending()
  const orders = useQuery({ ...ordersQuery, enabled: Boolean(user) })
  const [found, setFound] = useState<Order | null>(null)

  if (!user) {
    return (
      <section className="commerce-page">
        <h1>{t('orders.my-orders')}</h1>
        {pending ? (
          <p aria-busy="true">{t('orders.loading')}</p>
        ) : found ? (
          <>
            <StatusTimeline order={found} />
            <OrderDetails order={found} />
          </>
        ) : (
          <>
            <p>{t('orders.guest-hint')}</p>
            <OrderLookupForm onFound={setFound} />
          </>
        )}
      </section>
    )
  }
  return (
    <section className="commerce-page">
      <h1>{t('orders.my-orders')}</h1>
      {orders.isPending && <p aria-busy="true">{t('orders.loading-orders')}</p>}
      {orders.data?.length === 0 && <p className="empty-note">{t('orders.none')}</p>}
      <ul className="order-list">
        {orders.data?.map((order) => (
          <li key={order.id}>
            <Link to="/user/order/$id" params={{ id: String(order.id) }} className="order-list__item">
              <span className="order-list__number">{order.number}</span>
              <span>{day(order.createdAt)}</span>
              <span>{t('orders.item-count', { count: order.itemCount })}</span>
              <span className={`status status--${order.status}`}>{statusLabel(order.status)}</span>
              <span className="order-list__total">{taka(order.total)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** /user/order/$id: one order with its status timeline. */
export function OrderPage({ id }: { id: number }) {
  const user = useCurrentUser()
  const order = useQuery({ ...orderQuery(id), enabled: Boolean(user) && id > 0 })
  return (
    <section className="commerce-page">
      <p>
        <Link to="/user/orders">{t('orders.back')}</Link>
      </p>
      <h1>{t('orders.order-title', { number: order.data?.number ?? '' })}</h1>
      {!user && <p>{t('orders.log-in-to-see')}</p>}
      {order.isError && <p>{t('orders.not-found')}</p>}
      {order.data && (
        <>
          <StatusTimeline order={order.data} />
          <OrderDetails order={order.data} />
        </>
      )}
    </section>
  )
}
