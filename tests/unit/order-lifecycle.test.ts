import { describe, expect, it } from 'vitest'
import { eventEffect, eventProblem, type OrderEvent } from '../../server/domain/order-lifecycle'
import type { OrderStatus } from '../../src/contract/orders'

const paid: OrderEvent = {
  kind: 'paid',
  note: 'Payment received',
  payment: { method: 'bkash', label: 'bKash' },
}
const failed: OrderEvent = { kind: 'payment-failed', note: 'Payment failed' }
const noted: OrderEvent = { kind: 'noted', note: 'called the shopper' }
const edited: OrderEvent = {
  kind: 'edited',
  note: '',
  changes: [],
  columns: {
    address: {
      name: 'A',
      phone: '01712345678',
      division: 'D',
      district: 'D',
      area: 'A',
      street: 'S',
      landmark: '',
    },
    zone: 'inside_dhaka',
    subtotal: 100,
    discount: 0,
    couponCode: null,
    couponDiscount: 0,
    vat: 0,
    deliveryCharge: 60,
    total: 160,
    paymentStatus: 'unpaid',
  },
}
const cancel = (): OrderEvent => ({ kind: 'move', change: { to: 'cancelled', version: 1, reason: 'asked' } })

describe('the events each status takes', () => {
  it.each<[OrderStatus, OrderEvent, string | null]>([
    ['pending_payment', paid, null],
    ['pending_payment', failed, null],
    ['confirmed', paid, 'This order is no longer waiting for payment'],
    ['cancelled', failed, 'This order is no longer waiting for payment'],
    ['pending', edited, null],
    ['confirmed', edited, null],
    ['pending_payment', edited, 'An order waiting for its payment cannot be changed'],
    ['shipped', edited, 'A shipped order can no longer be changed'],
    ['delivered', noted, null],
    ['packed', cancel(), null],
    ['delivered', cancel(), 'A delivered order cannot be made cancelled'],
  ])('%s + %o → %s', (from, event, problem) => {
    expect(eventProblem(from, event)?.message ?? null).toBe(problem)
  })

  it('names the payment in a refused payment, the status otherwise', () => {
    expect(eventProblem('confirmed', paid)?.field).toBe('payment')
    expect(eventProblem('shipped', edited)?.field).toBe('status')
  })
})

describe('what each event changes', () => {
  const order = { status: 'pending_payment' as const, advance: 0, total: 500 }

  it('a payment confirms the order with what was asked, and texts the shopper', () => {
    expect(eventEffect(order, paid)).toMatchObject({
      status: 'confirmed',
      columns: { paymentStatus: 'paid', paid: 500 },
      releases: false,
      textKey: 'paid',
    })
    expect(eventEffect({ ...order, advance: 60 }, paid).columns).toEqual({
      paymentStatus: 'advance_paid',
      paid: 60,
    })
  })

  it('a failed payment and a cancel give the stock and coupon back', () => {
    expect(eventEffect(order, failed)).toMatchObject({ status: 'cancelled', releases: true, textKey: null })
    expect(eventEffect({ ...order, status: 'pending' }, cancel())).toMatchObject({
      status: 'cancelled',
      columns: { cancelReason: 'asked' },
      releases: true,
      textKey: 'cancelled',
    })
  })

  it('a note keeps the status and the version', () => {
    expect(eventEffect({ ...order, status: 'shipped' }, noted)).toMatchObject({
      status: 'shipped',
      bumpsVersion: false,
      entry: { kind: 'note', note: 'called the shopper' },
    })
  })
})
