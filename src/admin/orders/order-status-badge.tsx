import type { OrderStatus } from '../../contract/orders'
import { statusName } from './order-labels'

/** A status as a coloured tag: its colour only repeats what its words say. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`admin-tag order-status order-status--${status}`}>{statusName(status)}</span>
}
