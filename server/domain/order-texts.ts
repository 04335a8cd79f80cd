import { reasonEnglish } from '../../src/contract/admin-order-reasons'
import { toBengaliDigits } from '../../src/contract/digits'
import type { Language } from '../../src/contract/language'
import { type OrderStatus, SHOP_CANCEL_REASONS } from '../../src/contract/orders'
import { formatTaka } from '../../src/lib/money'
import { messagesBn } from '../messages/messages-bn'
import { amountDue, moneyIn } from './order-money'

/**
 * The text messages about an order, in the language the shopper ordered in (orders.language), each
 * beginning with the shop's name in that language (`shop`, as its settings have it now). The order
 * number stays in Latin letters in both: it is what the shopper reads out on the phone and types in a
 * lookup.
 */
export type OrderTextFacts = { number: string; total: number; language: Language }
/** how the order is paid: its method, and the provider's (English) label */
export type OrderPayment = { method: string; label: string }

/** payment methods as a Bangla text names them; any other method keeps its provider's label */
const paymentInBangla: Record<string, string> = {
  cod: 'ক্যাশ অন ডেলিভারি',
  bkash: 'বিকাশ',
  transfer: 'মোবাইল ব্যাংকিং ট্রান্সফার',
  nagad: 'নগদ',
  rocket: 'রকেট',
  card: 'কার্ড',
}

const banglaPayment = (payment: OrderPayment) => paymentInBangla[payment.method] ?? payment.label
const banglaTotal = (total: number) => formatTaka(total, { lang: 'bn' })

/** A new order that waits for nothing but the shop's call (cash on delivery). */
export function orderReceivedText(shop: string, order: OrderTextFacts, payment: OrderPayment): string {
  if (order.language === 'bn') {
    return `${shop}: আপনার অর্ডার ${order.number} পেয়েছি। মোট ${banglaTotal(order.total)}, ${banglaPayment(payment)}। নিশ্চিত করতে আমরা আপনাকে ফোন করব।`
  }
  return `${shop}: order ${order.number} received. Total TK ${order.total.toFixed(2)}, ${payment.label.toLowerCase()}. We will call you to confirm.`
}

/** The gateway confirmed the payment of an order that was waiting for it. */
export function paymentReceivedText(shop: string, order: OrderTextFacts, payment: OrderPayment): string {
  if (order.language === 'bn') {
    return `${shop}: অর্ডার ${order.number}-এর পেমেন্ট পেয়েছি। মোট ${banglaTotal(order.total)}, ${banglaPayment(payment)} দিয়ে পরিশোধ করা হয়েছে।`
  }
  return `${shop}: payment received for order ${order.number}. Total TK ${order.total.toFixed(2)}, paid by ${payment.label}.`
}

/** An order's money as a text about a payment reads it (see order-money.ts). */
type MoneyFacts = { total: number; paid: number; advance: number; refunded: number }

/** Cash on delivery's delivery charge, asked in advance, is in: the rest is paid at the door. */
export function advanceReceivedText(shop: string, order: OrderTextFacts & MoneyFacts): string {
  const rest = amountDue(moneyIn(order)).collect
  if (order.language === 'bn') {
    return `${shop}: অর্ডার ${order.number}-এর ডেলিভারি চার্জ ${banglaTotal(order.advance)} পেয়েছি। বাকি ${banglaTotal(rest)} ডেলিভারির সময় পরিশোধ করুন।`
  }
  return `${shop}: delivery charge TK ${order.advance.toFixed(2)} received for order ${order.number}. Pay the rest, TK ${rest.toFixed(2)}, on delivery.`
}

/** A reason of the staff's list in both languages, for a page to show in its own; null for no known code. */
export function reasonTexts(code: string | null | undefined): { en: string; bn: string } | null {
  const en = code ? reasonEnglish(code) : null
  return en === null ? null : { en, bn: messagesBn[en] ?? en }
}

/**
 * A reason as the shopper reads it: one from the staff's list (by its code) or one the shop itself gives, in
 * their language; words a person typed, as typed.
 */
export function reasonText(language: Language, reason: string, code?: string | null): string {
  const listed = code ? reasonEnglish(code) : null
  const english = listed ?? reason
  const shops = listed !== null || Object.values(SHOP_CANCEL_REASONS).includes(english as never)
  return language === 'bn' && shops ? (messagesBn[english] ?? english) : english
}

/**
 * The shop changed an order's total (items, delivery, a discount): why, when the staff said (`reason`, in the
 * shopper's language), the new total and what is left to pay at the door, or what the shop gives back when more
 * was paid than it now costs.
 */
export function orderChangedText(shop: string, order: OrderTextFacts & MoneyFacts, reason = ''): string {
  const { collect, refund } = amountDue(moneyIn(order))
  const bn = order.language === 'bn'
  const n = order.number
  const why = reason ? ` (${reason})` : ''
  if (bn) {
    const rest =
      refund > 0
        ? `আমরা ${banglaTotal(refund)} ফেরত দেব।`
        : collect > 0
          ? `ডেলিভারির সময় ${banglaTotal(collect)} পরিশোধ করুন।`
          : 'আর কিছু পরিশোধ করতে হবে না।'
    return `${shop}: অর্ডার ${n} বদলানো হয়েছে${why}। নতুন মোট ${banglaTotal(order.total)}। ${rest}`
  }
  const rest =
    refund > 0
      ? `We will refund TK ${refund.toFixed(2)}.`
      : collect > 0
        ? `Pay TK ${collect.toFixed(2)} on delivery.`
        : 'Nothing is left to pay.'
  return `${shop}: order ${n} was changed${why}. New total TK ${order.total.toFixed(2)}. ${rest}`
}

/**
 * Money that came in before delivery: the delivery charge asked in advance, all of the order, or part of it
 * (a transfer for an order the shop changed to cost more since): then the rest is paid at the door.
 */
export function moneyReceivedText(
  shop: string,
  order: OrderTextFacts & MoneyFacts,
  payment: OrderPayment,
): string {
  if (order.advance > 0) return advanceReceivedText(shop, order)
  const rest = amountDue(moneyIn(order)).collect
  if (rest === 0) return paymentReceivedText(shop, order, payment)
  if (order.language === 'bn') {
    return `${shop}: অর্ডার ${order.number}-এর ${banglaTotal(order.paid)} ${banglaPayment(payment)} দিয়ে পেয়েছি। বাকি ${banglaTotal(rest)} ডেলিভারির সময় পরিশোধ করুন।`
  }
  return `${shop}: TK ${order.paid.toFixed(2)} received for order ${order.number} by ${payment.label}. Pay the rest, TK ${rest.toFixed(2)}, on delivery.`
}

/** What a status text needs to know of the order beyond its number and language. */
export type OrderStatusFacts = OrderTextFacts & {
  courier: string | null
  trackingNumber: string | null
  cancelReason: string | null
  /** the cancellation's reason from the staff's list (null: `cancelReason` as given) */
  cancelReasonCode?: string | null
}

const banglaCount = (count: number) => toBengaliDigits(String(count))

/**
 * The text a shopper gets when their order moves on (none for `packed`: nothing changes for them), or null.
 * `itemsBack` is how many items came back in a return of some of the order's lines.
 */
export function orderStatusText(
  shop: string,
  order: OrderStatusFacts,
  status: OrderStatus,
  itemsBack?: number,
): string | null {
  const bn = order.language === 'bn'
  const n = order.number
  switch (status) {
    case 'confirmed':
      return bn
        ? `${shop}: আপনার অর্ডার ${n} নিশ্চিত করা হয়েছে। শিগগিরই প্যাক করে পাঠানো হবে।`
        : `${shop}: order ${n} is confirmed. We will pack and send it soon.`
    case 'shipped':
      return bn
        ? `${shop}: আপনার অর্ডার ${n} ${order.courier ?? ''}-এর মাধ্যমে পাঠানো হয়েছে। ট্র্যাকিং নম্বর ${order.trackingNumber ?? ''}।`
        : `${shop}: order ${n} is on its way with ${order.courier ?? ''}, tracking number ${order.trackingNumber ?? ''}.`
    case 'delivered':
      return bn
        ? `${shop}: আপনার অর্ডার ${n} পৌঁছে দেওয়া হয়েছে। ${shop} থেকে কেনাকাটার জন্য ধন্যবাদ!`
        : `${shop}: order ${n} was delivered. Thank you for shopping with ${shop}!`
    case 'cancelled': {
      const reason = reasonText(order.language, order.cancelReason ?? '', order.cancelReasonCode)
      return bn
        ? `${shop}: আপনার অর্ডার ${n} বাতিল করা হয়েছে। কারণ: ${reason}`
        : `${shop}: order ${n} was cancelled. Reason: ${reason}`
    }
    case 'returned':
      if (itemsBack !== undefined) {
        return bn
          ? `${shop}: অর্ডার ${n}-এর ${banglaCount(itemsBack)}টি পণ্য আমরা ফেরত পেয়েছি।`
          : `${shop}: we received ${itemsBack} ${itemsBack === 1 ? 'item' : 'items'} of order ${n} back.`
      }
      return bn ? `${shop}: অর্ডার ${n} আমরা ফেরত পেয়েছি।` : `${shop}: we received order ${n} back.`
    default:
      return null
  }
}

/**
 * An order a staff member took by hand (a phone call, an inbox, the counter) and confirmed with the shopper: its
 * total, what is left to pay at the door, and the link to its page.
 */
export function orderTakenText(shop: string, order: OrderTextFacts & MoneyFacts, link: string): string {
  const rest = amountDue(moneyIn(order)).collect
  if (order.language === 'bn') {
    const due = rest > 0 ? `ডেলিভারির সময় ${banglaTotal(rest)} পরিশোধ করুন` : 'পরিশোধ করা হয়েছে'
    return `${shop}: আপনার অর্ডার ${order.number} নিশ্চিত হয়েছে। মোট ${banglaTotal(order.total)}, ${due}। অর্ডারটি দেখুন: ${link}`
  }
  const due = rest > 0 ? `TK ${rest.toFixed(2)} to pay on delivery` : 'paid'
  return `${shop}: order ${order.number} is confirmed. Total TK ${order.total.toFixed(2)}, ${due}. See it at ${link}`
}
