import { type ChangedLine, type OrderChange, SHOP_CANCEL_REASONS } from '../contract/orders'
import { figure, t, taka } from '../i18n'

/** "Cotton kurti (M, Red)": a line as a change names it. */
function lineName(line: ChangedLine): string {
  const variant = [line.size, line.colour].filter(Boolean).join(', ')
  return variant ? t('orders.change-line', { name: line.name, variant }) : line.name
}

/** One thing the shop did to an order, in the page's language (the shopper's order, the back office). */
export function orderChangeText(change: OrderChange): string {
  switch (change.kind) {
    case 'shipped':
      return t('orders.change-shipped', { courier: change.courier, tracking: change.trackingNumber })
    case 'removed':
      return t('orders.change-removed', { line: lineName(change.line) })
    case 'quantity':
      return t('orders.change-quantity', {
        line: lineName(change.line),
        from: figure(change.from),
        to: figure(change.to),
      })
    case 'added':
      return t('orders.change-added', {
        line: lineName(change.line),
        quantity: figure(change.quantity),
        price: taka(change.price),
      })
    case 'returned':
      return t('orders.change-returned', { line: lineName(change.line), quantity: figure(change.quantity) })
    case 'address':
      return t('orders.change-address')
    case 'delivery':
      return t('orders.change-delivery', { from: taka(change.from), to: taka(change.to) })
    case 'coupon-dropped':
      return change.minimum === null
        ? t('orders.change-coupon-gone', { code: change.code })
        : t('orders.change-coupon-minimum', { code: change.code, minimum: taka(change.minimum) })
    case 'coupon':
      return t('orders.change-coupon', { code: change.code, from: taka(change.from), to: taka(change.to) })
    case 'total':
      return t('orders.change-total', { from: taka(change.from), to: taka(change.to) })
    case 'collect':
      return t('orders.change-collect', { amount: taka(change.amount) })
    case 'refund':
      return t('orders.change-refund', { amount: taka(change.amount) })
  }
}

/** What a timeline entry says: its changes in words, then the shop's own note. */
export function entryTexts(entry: { note: string; changes?: OrderChange[] }): string[] {
  const texts = (entry.changes ?? []).map(orderChangeText)
  return entry.note ? [...texts, entry.note] : texts
}

/** Why an order was cancelled: the shop's own reasons in the page's language, a person's as they wrote it. */
export function cancelReasonText(reason: string): string {
  if (reason === SHOP_CANCEL_REASONS.notPaid) return t('orders.cancel-not-paid')
  if (reason === SHOP_CANCEL_REASONS.paymentFailed) return t('orders.cancel-payment-failed')
  return reason
}
