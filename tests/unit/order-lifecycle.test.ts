import { describe, expect, it } from 'vitest'
import {
  type EventOrder,
  eventEffect,
  eventProblem,
  type OrderEvent,
} from '../../server/domain/order-lifecycle'
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
    pointsUsed: 0,
    pointsDiscount: 0,
    promotionDiscount: 0,
    promotions: [],
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
  const order: EventOrder = {
    status: 'pending_payment',
    paymentStatus: 'pending',
    advance: 0,
    total: 500,
    paid: 0,
    refunded: 0,
  }

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

  it('a delivery counts what was still owed as cash the courier collected: the shopper has paid', () => {
    const shipped: EventOrder = { ...order, status: 'shipped', paymentStatus: 'unpaid' }
    const delivered = { kind: 'move', change: { to: 'delivered', version: 1 } } as const
    expect(eventEffect(shipped, delivered).columns).toMatchObject({ collected: 500, paymentStatus: 'paid' })
    // a delivery charge paid in advance: the rest was collected
    const advanced: EventOrder = { ...shipped, advance: 60, paid: 60, paymentStatus: 'advance_paid' }
    expect(eventEffect(advanced, delivered).columns).toMatchObject({ collected: 440, paymentStatus: 'paid' })
    // paid online: nothing to collect
    expect(
      eventEffect({ ...shipped, paid: 500, paymentStatus: 'paid' }, delivered).columns,
    ).not.toHaveProperty('collected')
  })

  it('a payout keeps what the courier collected and kept; less than was due leaves the rest unpaid', () => {
    const delivered: EventOrder = { ...order, status: 'delivered', collected: 500, paymentStatus: 'paid' }
    const at = new Date('2026-11-28T10:00:00Z')
    const settled = (collected: number) =>
      eventEffect(delivered, { kind: 'cash-settled', note: 'paid out', collected, charges: 70, at }).columns
    expect(settled(500)).toEqual({ collected: 500, courierCharges: 70, settledAt: at, paymentStatus: 'paid' })
    expect(settled(300)).toMatchObject({ collected: 300, paymentStatus: 'partly_paid' })
    expect(
      eventProblem('shipped', { kind: 'cash-settled', note: '', collected: 1, charges: 0, at })?.field,
    ).toBe('status')
  })

  it('a note keeps the status and the version', () => {
    expect(eventEffect({ ...order, status: 'shipped' }, noted)).toMatchObject({
      status: 'shipped',
      bumpsVersion: false,
      entry: { kind: 'note', note: 'called the shopper' },
    })
  })
})
