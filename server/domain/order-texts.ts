import { toBengaliDigits } from '../../src/contract/digits'
import type { Language } from '../../src/contract/language'
import { type OrderStatus, SHOP_CANCEL_REASONS } from '../../src/contract/orders'
import { formatTaka } from '../../src/lib/money'
import { messagesBn } from '../messages/messages-bn'
import { amountDue, moneyIn } from './order-money'

/**
 * The text messages about an order, in the language the shopper ordered in (orders.language). The order
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
export function orderReceivedText(order: OrderTextFacts, payment: OrderPayment): string {
  if (order.language === 'bn') {
    return `হাট: আপনার অর্ডার ${order.number} পেয়েছি। মোট ${banglaTotal(order.total)}, ${banglaPayment(payment)}। নিশ্চিত করতে আমরা আপনাকে ফোন করব।`
  }
  return `Haat: order ${order.number} received. Total TK ${order.total.toFixed(2)}, ${payment.label.toLowerCase()}. We will call you to confirm.`
}

/** The gateway confirmed the payment of an order that was waiting for it. */
export function paymentReceivedText(order: OrderTextFacts, payment: OrderPayment): string {
  if (order.language === 'bn') {
    return `হাট: অর্ডার ${order.number}-এর পেমেন্ট পেয়েছি। মোট ${banglaTotal(order.total)}, ${banglaPayment(payment)} দিয়ে পরিশোধ করা হয়েছে।`
  }
  return `Haat: payment received for order ${order.number}. Total TK ${order.total.toFixed(2)}, paid by ${payment.label}.`
}

/** An order's money as a text about a payment reads it (see order-money.ts). */
type MoneyFacts = { total: number; paid: number; advance: number; refunded: number }

/** Cash on delivery's delivery charge, asked in advance, is in: the rest is paid at the door. */
export function advanceReceivedText(order: OrderTextFacts & MoneyFacts): string {
  const rest = amountDue(moneyIn(order)).collect
  if (order.language === 'bn') {
    return `হাট: অর্ডার ${order.number}-এর ডেলিভারি চার্জ ${banglaTotal(order.advance)} পেয়েছি। বাকি ${banglaTotal(rest)} ডেলিভারির সময় পরিশোধ করুন।`
  }
  return `Haat: delivery charge TK ${order.advance.toFixed(2)} received for order ${order.number}. Pay the rest, TK ${rest.toFixed(2)}, on delivery.`
}

/**
 * The shop changed an order's total (items, delivery, a discount): the new total and what is left to pay at the
 * door, or what the shop gives back when more was paid than it now costs.
 */
export function orderChangedText(order: OrderTextFacts & MoneyFacts): string {
  const { collect, refund } = amountDue(moneyIn(order))
  const bn = order.language === 'bn'
  const n = order.number
  if (bn) {
    const rest =
      refund > 0
        ? `আমরা ${banglaTotal(refund)} ফেরত দেব।`
        : collect > 0
          ? `ডেলিভারির সময় ${banglaTotal(collect)} পরিশোধ করুন।`
          : 'আর কিছু পরিশোধ করতে হবে না।'
    return `হাট: অর্ডার ${n} বদলানো হয়েছে। নতুন মোট ${banglaTotal(order.total)}। ${rest}`
  }
  const rest =
    refund > 0
      ? `We will refund TK ${refund.toFixed(2)}.`
      : collect > 0
        ? `Pay TK ${collect.toFixed(2)} on delivery.`
        : 'Nothing is left to pay.'
  return `Haat: order ${n} was changed. New total TK ${order.total.toFixed(2)}. ${rest}`
}

/**
 * Money that came in before delivery: the delivery charge asked in advance, all of the order, or part of it
 * (a transfer for an order the shop changed to cost more since): then the rest is paid at the door.
 */
export function moneyReceivedText(order: OrderTextFacts & MoneyFacts, payment: OrderPayment): string {
  if (order.advance > 0) return advanceReceivedText(order)
  const rest = amountDue(moneyIn(order)).collect
  if (rest === 0) return paymentReceivedText(order, payment)
  if (order.language === 'bn') {
    return `হাট: অর্ডার ${order.number}-এর ${banglaTotal(order.paid)} ${banglaPayment(payment)} দিয়ে পেয়েছি। বাকি ${banglaTotal(rest)} ডেলিভারির সময় পরিশোধ করুন।`
  }
  return `Haat: TK ${order.paid.toFixed(2)} received for order ${order.number} by ${payment.label}. Pay the rest, TK ${rest.toFixed(2)}, on delivery.`
}

/** What a status text needs to know of the order beyond its number and language. */
export type OrderStatusFacts = OrderTextFacts & {
  courier: string | null
  trackingNumber: string | null
  cancelReason: string | null
}

/** the reasons the shop itself gives, as a Bangla text says them (the API's table); a person's own words stay */
const reasonInBangla = (reason: string) =>
  Object.values(SHOP_CANCEL_REASONS).includes(reason as never) ? (messagesBn[reason] ?? reason) : reason

const banglaCount = (count: number) => toBengaliDigits(String(count))

/**
 * The text a shopper gets when their order moves on (none for `packed`: nothing changes for them), or null.
 * `itemsBack` is how many items came back in a return of some of the order's lines.
 */
export function orderStatusText(
  order: OrderStatusFacts,
  status: OrderStatus,
  itemsBack?: number,
): string | null {
  const bn = order.language === 'bn'
  const n = order.number
  switch (status) {
    case 'confirmed':
      return bn
        ? `হাট: আপনার অর্ডার ${n} নিশ্চিত করা হয়েছে। শিগগিরই প্যাক করে পাঠানো হবে।`
        : `Haat: order ${n} is confirmed. We will pack and send it soon.`
    case 'shipped':
      return bn
        ? `হাট: আপনার অর্ডার ${n} ${order.courier ?? ''}-এর মাধ্যমে পাঠানো হয়েছে। ট্র্যাকিং নম্বর ${order.trackingNumber ?? ''}।`
        : `Haat: order ${n} is on its way with ${order.courier ?? ''}, tracking number ${order.trackingNumber ?? ''}.`
    case 'delivered':
      return bn
        ? `হাট: আপনার অর্ডার ${n} পৌঁছে দেওয়া হয়েছে। হাট থেকে কেনাকাটার জন্য ধন্যবাদ!`
        : `Haat: order ${n} was delivered. Thank you for shopping with Haat!`
    case 'cancelled': {
      const reason = order.cancelReason ?? ''
      return bn
        ? `হাট: আপনার অর্ডার ${n} বাতিল করা হয়েছে। কারণ: ${reasonInBangla(reason)}`
        : `Haat: order ${n} was cancelled. Reason: ${reason}`
    }
    case 'returned':
      if (itemsBack !== undefined) {
        return bn
          ? `হাট: অর্ডার ${n}-এর ${banglaCount(itemsBack)}টি পণ্য আমরা ফেরত পেয়েছি।`
          : `Haat: we received ${itemsBack} ${itemsBack === 1 ? 'item' : 'items'} of order ${n} back.`
      }
      return bn ? `হাট: অর্ডার ${n} আমরা ফেরত পেয়েছি।` : `Haat: we received order ${n} back.`
    default:
      return null
  }
}
