import type { Language } from '../../src/contract/language'
import { formatTaka } from '../../src/lib/money'

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
