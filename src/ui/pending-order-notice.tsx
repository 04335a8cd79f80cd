import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { cancelWaitingOrder, orderOutbox, STILL_TRYING_TEXT } from '../state/order-outbox'

const time = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })

/**
 * An order placed on this device that the shop has not received yet: what it is doing, and Cancel.
 * Shown in the cart, at checkout and on the confirmation page; nothing when no order waits.
 */
export function PendingOrderNotice({ link = true }: { link?: boolean }) {
  const { pending, refused } = useSnapshot(orderOutbox)
  const order = pending[0]
  if (!order) {
    if (!refused) return null
    return (
      <div className="notice notice--error" role="alert" data-testid="refused-order">
        <p>Your waiting order could not be placed:</p>
        <ul>
          {refused.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
        <button type="button" className="button button--link" onClick={() => (orderOutbox.refused = null)}>
          Got it
        </button>
      </div>
    )
  }
  return (
    <div className="notice notice--warning" role="status" data-testid="pending-order">
      <p>
        <strong>Your order is on its way to the shop.</strong> {STILL_TRYING_TEXT}
      </p>
      <p>
        Placed at {time(order.createdAt)}
        {order.attempts > 0 && `, tried ${order.attempts} ${order.attempts === 1 ? 'time' : 'times'} so far`}.
      </p>
      <p>
        {link && (
          <>
            <Link to="/confirm-order" search={{ number: '' }}>
              Order status
            </Link>{' '}
          </>
        )}
        <button
          type="button"
          className="button button--link"
          onClick={() => void cancelWaitingOrder(order.key)}
        >
          Cancel order
        </button>
      </p>
    </div>
  )
}

/** A page showing a waiting order moves on to its confirmation once the shop has it. */
export function useFollowPlacedOrder(): void {
  const { placed } = useSnapshot(orderOutbox)
  const navigate = useNavigate()
  useEffect(() => {
    if (!placed) return
    orderOutbox.placed = null
    void navigate({ to: '/confirm-order', search: { number: placed.number } })
  }, [placed, navigate])
}
