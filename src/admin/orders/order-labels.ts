import type { DeliveryZone } from '../../contract/addresses'
import type { AdminOrder } from '../../contract/admin-orders'
import type { OrderStatus } from '../../contract/orders'
import { type MessageKey, msg, t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'

/** Statuses in the order the tabs and the work go: new orders first, the ends last. */
export const statusLabels: Record<OrderStatus, MessageKey> = {
  pending_payment: msg('admin-orders.status-pending-payment'),
  pending: msg('admin-orders.status-pending'),
  confirmed: msg('admin-orders.status-confirmed'),
  packed: msg('admin-orders.status-packed'),
  shipped: msg('admin-orders.status-shipped'),
  delivered: msg('admin-orders.status-delivered'),
  cancelled: msg('admin-orders.status-cancelled'),
  returned: msg('admin-orders.status-returned'),
}

export const statusName = (status: string) => {
  const label = statusLabels[status as OrderStatus]
  return label ? t(label) : status
}

export const paymentStatusLabels = {
  unpaid: msg('admin-orders.payment-unpaid'),
  pending: msg('admin-orders.payment-pending'),
  to_verify: msg('admin-orders.payment-to-verify'),
  advance_paid: msg('admin-orders.payment-advance-paid'),
  partly_paid: msg('admin-orders.payment-partly-paid'),
  paid: msg('admin-orders.payment-paid'),
  failed: msg('admin-orders.payment-failed'),
  refunded: msg('admin-orders.payment-refunded'),
  partly_refunded: msg('admin-orders.payment-partly-refunded'),
} as const satisfies Record<AdminOrder['paymentStatus'], MessageKey>

const methodLabels: Record<string, MessageKey> = {
  cod: msg('admin-orders.method-cod'),
  bkash: msg('admin-orders.method-bkash'),
  transfer: msg('admin-orders.method-transfer'),
  'transfer-bkash': msg('admin-orders.wallet-bkash'),
  'transfer-nagad': msg('admin-orders.wallet-nagad'),
  'transfer-rocket': msg('admin-orders.wallet-rocket'),
}
/** a payment method by its name; one the shop has no label for shows as the API names it */
export const methodName = (method: string) => {
  const label = methodLabels[method]
  return label ? t(label) : method
}

export const zoneLabels: Record<DeliveryZone, MessageKey> = {
  inside_dhaka: msg('admin-orders.zone-inside-dhaka'),
  dhaka_suburbs: msg('admin-orders.zone-dhaka-suburbs'),
  outside_dhaka: msg('admin-orders.zone-outside-dhaka'),
}

/** "25 Nov 2026, 14:05" in Dhaka time, as the list and the timeline show a moment. */
export const placedAt = (iso: string) => formatDateTime(iso)
