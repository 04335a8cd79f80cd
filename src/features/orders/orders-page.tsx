import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Order } from '../../contract/orders'
import { formatTaka } from '../../lib/money'
import { useCurrentUser, useSessionPending } from '../../state/session'
import { OrderLookupForm } from './lookup-form'
import { OrderDetails, StatusTimeline, statusLabel } from './order-details'
import { orderQuery, ordersQuery } from './orders-api'
import '../../styles/commerce.css'

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'Asia/Dhaka' })

/** /user/orders: the shopper's orders; a guest finds one by number + phone. */
export function OrdersPage() {
  const user = useCurrentUser()
  const pending = useSessionPending()
  const orders = useQuery({ ...ordersQuery, enabled: Boolean(user) })
  const [found, setFound] = useState<Order | null>(null)

  if (!user) {
    return (
      <section className="commerce-page">
        <h1>My orders</h1>
        {pending ? (
          <p aria-busy="true">Loading…</p>
        ) : found ? (
          <>
            <StatusTimeline order={found} />
            <OrderDetails order={found} />
          </>
        ) : (
          <>
            <p>Log in to see all your orders, or find one by its number and your mobile number.</p>
            <OrderLookupForm onFound={setFound} />
          </>
        )}
      </section>
    )
  }
  return (
    <section className="commerce-page">
      <h1>My orders</h1>
      {orders.isPending && <p aria-busy="true">Loading your orders…</p>}
      {orders.data?.length === 0 && <p className="empty-note">You have no orders yet.</p>}
      <ul className="order-list">
        {orders.data?.map((order) => (
          <li key={order.id}>
            <Link to="/user/order/$id" params={{ id: String(order.id) }} className="order-list__item">
              <span className="order-list__number">{order.number}</span>
              <span>{day(order.createdAt)}</span>
              <span>
                {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
              </span>
              <span className={`status status--${order.status}`}>{statusLabel(order.status)}</span>
              <span className="order-list__total">{formatTaka(order.total)}</span>
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
        <Link to="/user/orders">← My orders</Link>
      </p>
      <h1>Order {order.data?.number ?? ''}</h1>
      {!user && <p>Log in to see this order.</p>}
      {order.isError && <p>This order was not found.</p>}
      {order.data && (
        <>
          <StatusTimeline order={order.data} />
          <OrderDetails order={order.data} />
        </>
      )}
    </section>
  )
}
