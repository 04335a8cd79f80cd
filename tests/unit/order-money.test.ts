import { describe, expect, it } from 'vitest'
import {
  amountDue,
  type MoneyIn,
  moneyChanges,
  moneyIn,
  paymentStatusOf,
} from '../../server/domain/order-money'
import { moneyReceivedText } from '../../server/domain/order-texts'
import { refundBody } from '../../src/contract/admin-orders'
import type { OrderStatus, PaymentStatus } from '../../src/contract/orders'

const money = (total: number, paid = 0, advance = 0, refunded = 0, collected = 0): MoneyIn => ({
  total,
  paid,
  advance,
  refunded,
  collected,
})

describe('amountDue: total − paid − advance + refunded', () => {
  it.each([
    ['cash on delivery', money(1070), undefined, { collect: 1070, refund: 0 }],
    ['paid by bKash', money(2700, 2700), undefined, { collect: 0, refund: 0 }],
    ['paid, then edited from 1 to 3 pieces', money(7960, 2700), undefined, { collect: 5260, refund: 0 }],
    ['paid, then edited down', money(2000, 2700), undefined, { collect: 0, refund: 700 }],
    [
      'edited down and the difference refunded',
      money(2000, 2700, 0, 700),
      undefined,
      { collect: 0, refund: 0 },
    ],
    [
      'a refund beyond the difference is owed again',
      money(2700, 2700, 0, 500),
      undefined,
      { collect: 500, refund: 0 },
    ],
    ['its delivery charge paid in advance', money(1130, 0, 130), undefined, { collect: 1000, refund: 0 }],
    ['advance paid, order edited down to less', money(100, 0, 130), undefined, { collect: 0, refund: 30 }],
    ['paisa kept exact', money(0.3, 0.1, 0.1), undefined, { collect: 0.1, refund: 0 }],
    ['cancelled cash on delivery', money(1070), 'cancelled', { collect: 0, refund: 0 }],
    ['cancelled after bKash paid', money(2700, 2700), 'cancelled', { collect: 0, refund: 2700 }],
    ['cancelled and refunded in part', money(2700, 2700, 0, 700), 'cancelled', { collect: 0, refund: 2000 }],
    ['returned after its advance', money(1130, 0, 130), 'returned', { collect: 0, refund: 130 }],
    ['delivered collects as the rule says', money(7960, 2700), 'delivered', { collect: 5260, refund: 0 }],
  ] as const)('%s', (_, given, status, owed) => {
    expect(amountDue(given, status as OrderStatus | undefined)).toEqual(owed)
  })
})

describe('moneyIn: what came in, split as the rule reads it', () => {
  it('reads an order with an advance asked as its advance, any other as its own payment', () => {
    expect(moneyIn({ total: 1130, paid: 130, advance: 130, refunded: 0 })).toEqual(money(1130, 0, 130))
    expect(moneyIn({ total: 2700, paid: 2700, advance: 0, refunded: 100 })).toEqual(money(2700, 2700, 0, 100))
  })
})

describe('paymentStatusOf', () => {
  it.each<[string, PaymentStatus, MoneyIn, PaymentStatus]>([
    ['nothing came in: as it was', 'to_verify', money(1000), 'to_verify'],
    ['nothing came in, unpaid', 'unpaid', money(1000), 'unpaid'],
    ['all of it', 'pending', money(2700, 2700), 'paid'],
    ['more than it now costs', 'paid', money(2000, 2700), 'paid'],
    ['less than it now costs', 'paid', money(7960, 2700), 'partly_paid'],
    ['back to its total', 'partly_paid', money(2700, 2700), 'paid'],
    ['the advance of cash on delivery', 'to_verify', money(1130, 0, 130), 'advance_paid'],
    ['the rest collected at the door', 'advance_paid', money(1130, 0, 130, 0, 1000), 'paid'],
    ['all of it collected at the door', 'unpaid', money(1130, 0, 0, 0, 1130), 'paid'],
    ['less collected than was due', 'paid', money(1130, 0, 0, 0, 900), 'partly_paid'],
    ['some given back', 'paid', money(2000, 2700, 0, 700), 'partly_refunded'],
    ['all given back', 'paid', money(2700, 2700, 0, 2700), 'refunded'],
  ])('%s', (_, current, given, status) => {
    expect(paymentStatusOf(current, given)).toBe(status)
  })
})

describe('moneyChanges: what an edit tells of the money', () => {
  it.each([
    ['nothing paid: nothing said', money(7960), []],
    ['paid less than it costs now', money(7960, 2700), [{ kind: 'collect', amount: 5260 }]],
    ['paid more than it costs now', money(2000, 2700), [{ kind: 'refund', amount: 700 }]],
    ['settled', money(2000, 2700, 0, 700), []],
  ] as const)('%s', (_, after, changes) => {
    expect(moneyChanges(after)).toEqual(changes)
  })
})

describe('a refund asked for', () => {
  it.each([
    [4863.06, true],
    [0.29, true],
    [2700, true],
    [10.005, false],
    [0, false],
  ])('of TK %s is taken: %s', (amount, taken) => {
    expect(refundBody.safeParse({ amount, reason: 'Changed order' }).success).toBe(taken)
  })
})

describe('the text when money comes in before delivery', () => {
  const order = { number: 'HT-261127-ABCDE', total: 7960, paid: 2700, advance: 0, refunded: 0 }
  const transfer = { method: 'transfer', label: 'Mobile money transfer' }
  it.each([
    [
      'en',
      order,
      'Haat: TK 2700.00 received for order HT-261127-ABCDE by Mobile money transfer. Pay the rest, TK 5260.00, on delivery.',
    ],
    [
      'bn',
      order,
      'হাট: অর্ডার HT-261127-ABCDE-এর ৳ ২,৭০০.০০ মোবাইল ব্যাংকিং ট্রান্সফার দিয়ে পেয়েছি। বাকি ৳ ৫,২৬০.০০ ডেলিভারির সময় পরিশোধ করুন।',
    ],
    [
      'en',
      { ...order, total: 2700 },
      'Haat: payment received for order HT-261127-ABCDE. Total TK 2700.00, paid by Mobile money transfer.',
    ],
    [
      'en',
      { ...order, total: 1130, paid: 130, advance: 130 },
      'Haat: delivery charge TK 130.00 received for order HT-261127-ABCDE. Pay the rest, TK 1000.00, on delivery.',
    ],
  ] as const)('in %s: %o', (language, facts, text) => {
    const shop = language === 'bn' ? 'হাট' : 'Haat'
    expect(moneyReceivedText(shop, { ...facts, language }, transfer)).toBe(text)
  })
})
