import { type ChangedLine, type Order, type OrderChange, SHOP_CANCEL_REASONS } from '../contract/orders'
import { currentLanguage, figure, t, taka } from '../i18n'

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

/**
 * The notes the shop's own steps write on an order's timeline (server/repositories/order-lifecycle, payments), in
 * the page's language; anything else is a person's words (or a courier's), kept as written.
 */
const systemNotes: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^Order placed$/, () => t('orders.status-pending')],
  [/^Waiting for payment$/, () => t('orders.status-pending-payment')],
  [/^Payment received \((.+)\)$/, (m) => t('orders.note-paid', { detail: m[1] })],
  [/^Payment verified \((.+)\)$/, (m) => t('orders.note-verified', { detail: m[1] })],
  [/^Payment failed \((.+)\)$/, (m) => t('orders.note-payment-failed', { detail: m[1] })],
  [
    /^Refunded TK ([\d.]+) by bKash \((.+?)\): (.*)$/,
    (m) => t('orders.note-refunded', { amount: taka(Number(m[1])), transaction: m[2], reason: m[3] }),
  ],
]

export function noteText(note: string): string {
  for (const [pattern, text] of systemNotes) {
    const match = pattern.exec(note)
    if (match) return text(match)
  }
  return note
}

/** A reason of the staff's list, as the server gives it in both languages, in the page's language. */
const listedReason = (texts: { en: string; bn: string } | null | undefined) =>
  texts ? texts[currentLanguage()] || texts.en : null

/** What a timeline entry says: its changes in words, then its reason from the list, or its note. */
export function entryTexts(entry: {
  note: string
  changes?: OrderChange[]
  reasonTexts?: { en: string; bn: string }
}): string[] {
  const texts = (entry.changes ?? []).map(orderChangeText)
  const said = listedReason(entry.reasonTexts) ?? (entry.note ? noteText(entry.note) : null)
  return said ? [...texts, said] : texts
}

/**
 * Why an order was cancelled: a reason from the staff's list and the shop's own in the page's language, a
 * person's as they wrote it.
 */
export function cancelReasonText(reason: string, texts?: { en: string; bn: string } | null): string {
  const listed = listedReason(texts)
  if (listed) return listed
  if (reason === SHOP_CANCEL_REASONS.notPaid) return t('orders.cancel-not-paid')
  if (reason === SHOP_CANCEL_REASONS.paymentFailed) return t('orders.cancel-payment-failed')
  return reason
}

/** A line's product as the page's language names it: its Bangla name on a Bangla page, where it has one. */
export function orderLineName(line: Pick<Order['lines'][number], 'name' | 'nameBn'>): string {
  return (currentLanguage() === 'bn' && line.nameBn) || line.name
}

/** A line's size and colour as the page's language names them, joined with `separator`. */
export function orderLineVariant(
  line: Pick<Order['lines'][number], 'size' | 'colour' | 'sizeBn' | 'colourBn'>,
  separator = ' · ',
): string {
  const bangla = currentLanguage() === 'bn'
  const size = (bangla && line.sizeBn) || line.size
  const colour = (bangla && line.colourBn) || line.colour
  return [size, colour].filter(Boolean).join(separator)
}

type Places = { division: string; district: string; area: string }

/** An address's area, district and division as the page's language names them. */
export function placesText(place: Places, placesBn?: Places): string {
  const { area, district, division } = currentLanguage() === 'bn' && placesBn ? placesBn : place
  return [area, district, division].join(', ')
}

/** The order's area, district and division as the page's language names them. */
export function orderPlaces(order: Pick<Order, 'address' | 'placesBn'>): string {
  return placesText(order.address, order.placesBn)
}

/** When the order should arrive, in the page's language (the shop's own words for its zone). */
export function deliveryEstimateText(order: Pick<Order, 'deliveryEstimate' | 'deliveryEstimates'>): string {
  return order.deliveryEstimates?.[currentLanguage()] ?? order.deliveryEstimate
}
