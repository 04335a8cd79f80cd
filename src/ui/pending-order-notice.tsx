import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { formatDate, t } from '../i18n'
import { cancelWaitingOrder, orderOutbox, stillTryingText } from '../state/order-outbox'

const time = (at: number) => formatDate(new Date(at), { hour: '2-digit', minute: '2-digit' })

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
        <p>{t('checkout.waiting-refused')}</p>
        <ul>
          {refused.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
        <button type="button" className="button button--link" onClick={() => (orderOutbox.refused = null)}>
          {t('checkout.got-it')}
        </button>
      </div>
    )
  }
  return (
    <div className="notice notice--warning" role="status" data-testid="pending-order">
      <p>
        <strong>{t('checkout.waiting-on-its-way')}</strong> {stillTryingText()}
      </p>
      <p>
        {order.attempts > 0
          ? t('checkout.waiting-placed-tried', { time: time(order.createdAt), attempts: order.attempts })
          : t('checkout.waiting-placed', { time: time(order.createdAt) })}
      </p>
      <p>
        {link && (
          <>
            <Link to="/confirm-order" search={{ number: '' }}>
              {t('checkout.waiting-status')}
            </Link>{' '}
          </>
        )}
        <button
          type="button"
          className="button button--link"
          onClick={() => void cancelWaitingOrder(order.key)}
        >
          {t('checkout.cancel-order')}
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
