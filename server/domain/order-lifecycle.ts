import type { DeliveryZone } from '../../src/contract/addresses'
import type { CancelCode } from '../../src/contract/admin-delivery-record'
import { canEdit, ORDER_TRANSITIONS, type StatusChangeBody } from '../../src/contract/admin-orders'
import {
  type OrderAddress,
  type OrderChange,
  type OrderStatus,
  type PaymentStatus,
  SHOP_CANCEL_REASONS,
} from '../../src/contract/orders'
import { amountDue, moneyIn, type OrderMoneyRow, paymentStatusOf } from './order-money'
import type { OrderPayment } from './order-texts'
import { moveColumns, moveProblem, timelineEntry } from './order-workflow'

/**
 * What can happen to a placed order. Every writer of an order's life names one of these and hands it to the
 * lifecycle's `transition` (server/repositories/order-lifecycle/transition.ts), which checks it against
 * `eventProblem`, then writes what `eventEffect` says, in the caller's transaction.
 */
export type OrderEvent =
  /** a move along ORDER_TRANSITIONS: the staff's, a courier's word, a booking, an expiry, a rejected transfer */
  | { kind: 'move'; change: StatusChangeBody; paymentFailed?: boolean }
  /** the gateway took the money asked before delivery (all of it, or the advance) */
  | { kind: 'paid'; note: string; payment: OrderPayment }
  /** the gateway says the payment failed: the order is cancelled */
  | { kind: 'payment-failed'; note: string }
  /** the staff found the shopper's transfer in the wallet */
  | { kind: 'transfer-verified'; note: string; paid: number; paymentStatus: PaymentStatus }
  /** money given back to the shopper */
  | { kind: 'refunded'; note: string; refunded: number; paymentStatus: PaymentStatus }
  /** the staff changed the lines, address or delivery charge (the lines and stock are the edit step's) */
  | { kind: 'edited'; note: string; reasonCode?: string; changes: OrderChange[]; columns: EditedColumns }
  /** a note only staff read */
  | { kind: 'noted'; note: string }
  /**
   * the courier paid out the cash it collected for a delivered order: how much it collected (as its payout
   * says; less than was due when part was not taken at the door) and what it kept of it
   */
  | { kind: 'cash-settled'; note: string; collected: number; charges: number; at: Date }

export type OrderEventKind = OrderEvent['kind']

/** What an edit writes on the order's row. */
export type EditedColumns = {
  address: OrderAddress
  zone: DeliveryZone
  subtotal: number
  discount: number
  couponCode: string | null
  couponDiscount: number
  /** what the order's promotions take off its new lines, and which they are */
  promotionDiscount: number
  promotions: { id: number; name: string; nameBn: string; discount: number }[]
  vat: number
  deliveryCharge: number
  total: number
  /** the reward points the order still spends on its new items, and what they take off */
  pointsUsed: number
  pointsDiscount: number
  paymentStatus: PaymentStatus
}

const EVERY_STATUS = Object.keys(ORDER_TRANSITIONS) as OrderStatus[]

/**
 * THE TABLE: from which statuses each event may happen. A move's own table is ORDER_TRANSITIONS (which
 * status it may go to from which); an edit's is the contract's canEdit.
 */
export const ORDER_EVENTS: Record<OrderEventKind, readonly OrderStatus[]> = {
  move: EVERY_STATUS.filter((status) => ORDER_TRANSITIONS[status].length > 0),
  paid: ['pending_payment'],
  'payment-failed': ['pending_payment'],
  'transfer-verified': EVERY_STATUS,
  refunded: EVERY_STATUS,
  edited: EVERY_STATUS.filter(canEdit),
  noted: EVERY_STATUS,
  'cash-settled': ['delivered'],
}

type Problem = { field: 'status' | 'payment'; message: string }

/** Why an order in `from` cannot take an event of this kind (a move: see eventProblem), or null when it can. */
export function kindProblem(from: OrderStatus, kind: Exclude<OrderEventKind, 'move'>): Problem | null {
  if (ORDER_EVENTS[kind].includes(from)) return null
  if (kind === 'edited') {
    const message =
      from === 'pending_payment'
        ? 'An order waiting for its payment cannot be changed'
        : `A ${from} order can no longer be changed`
    return { field: 'status', message }
  }
  if (kind === 'cash-settled') {
    return { field: 'status', message: 'Only a delivered order has cash with the courier' }
  }
  return { field: 'payment', message: 'This order is no longer waiting for payment' }
}

/** Why an order in `from` cannot take `event` now (the field a 409 names, and its message), or null when it can. */
export function eventProblem(from: OrderStatus, event: OrderEvent): Problem | null {
  if (event.kind !== 'move') return kindProblem(from, event.kind)
  const message = moveProblem(from, event.change.to)
  return message ? { field: 'status', message } : null
}

/** The order's facts an event's effect is worked out from. */
export type EventOrder = OrderMoneyRow & { status: OrderStatus; paymentStatus: PaymentStatus }

/** A timeline entry, as an event writes it. */
export type EventEntry = {
  kind: 'status' | 'edit' | 'note'
  note: string
  changes?: OrderChange[]
  /** the reason the staff chose from the list (its English text is the note) */
  reasonCode?: string
}

/** What an event changes on the order (besides what its step writes of its own: lines, payments, audit). */
export type EventEffect = {
  status: OrderStatus
  /** the order row's columns it writes besides the status */
  columns: {
    paymentStatus?: PaymentStatus
    paid?: number
    refunded?: number
    collected?: number
    courierCharges?: number
    settledAt?: Date
    cancelReason?: string
    cancelReasonCode?: string | null
    cancelCode?: CancelCode | null
    courier?: string
    trackingNumber?: string
  } & Partial<EditedColumns>
  /** whether pages open on the order are out of date (its version goes up) */
  bumpsVersion: boolean
  /** its timeline entry (a return's items are added by the return step) */
  entry: EventEntry
  /** the order is over: its coupon use and its stock come back, once */
  releases: boolean
  /** the text's key, under `order-text:<id>:` (null: no text) */
  textKey: string | null
}

/**
 * Delivered: whatever the order still owed was paid at the door, in cash the courier now holds for the shop
 * (until its payout is recorded: the `cash-settled` event).
 */
function collectedAtTheDoor(order: EventOrder): EventEffect['columns'] {
  const due = amountDue(moneyIn(order)).collect
  if (due === 0) return {}
  const collected = (Math.round((order.collected ?? 0) * 100) + Math.round(due * 100)) / 100
  return { collected, paymentStatus: paymentStatusOf(order.paymentStatus, moneyIn({ ...order, collected })) }
}

/**
 * What each event changes. A move to `returned` is worked out here as a whole return; the return step keeps
 * the status (and writes an `edit` entry) when only some items came back.
 */
export function eventEffect(order: EventOrder, event: OrderEvent): EventEffect {
  const same = { status: order.status, bumpsVersion: true, releases: false }
  switch (event.kind) {
    case 'move':
      return {
        status: event.change.to,
        columns: {
          ...moveColumns(event.change),
          ...(event.paymentFailed ? { paymentStatus: 'failed' } : {}),
          ...(event.change.to === 'delivered' ? collectedAtTheDoor(order) : {}),
        },
        bumpsVersion: true,
        entry: { kind: 'status', ...timelineEntry(event.change) },
        releases: event.change.to === 'cancelled',
        textKey: event.change.to,
      }
    case 'paid':
      // cash on delivery waits for its delivery charge alone: the rest is collected at the door
      return {
        status: 'confirmed',
        columns: {
          paymentStatus: order.advance > 0 ? 'advance_paid' : 'paid',
          // what came in: the money rule reads it from here on, whatever the order's total becomes
          paid: order.advance > 0 ? order.advance : order.total,
        },
        bumpsVersion: true,
        entry: { kind: 'status', note: event.note },
        releases: false,
        textKey: 'paid',
      }
    case 'payment-failed':
      return {
        status: 'cancelled',
        columns: {
          paymentStatus: 'failed',
          cancelReason: SHOP_CANCEL_REASONS.paymentFailed,
          cancelCode: 'unpaid',
        },
        bumpsVersion: true,
        entry: { kind: 'status', note: event.note },
        releases: true,
        textKey: null,
      }
    case 'transfer-verified':
      return {
        ...same,
        columns: { paymentStatus: event.paymentStatus, paid: event.paid },
        entry: { kind: 'note', note: event.note },
        textKey: 'paid',
      }
    case 'refunded':
      return {
        ...same,
        columns: { paymentStatus: event.paymentStatus, refunded: event.refunded },
        entry: { kind: 'note', note: event.note },
        textKey: null,
      }
    case 'edited':
      // the shopper is told when the total changed (transition.ts compares the order before and after)
      return {
        ...same,
        columns: event.columns,
        entry: {
          kind: 'edit',
          note: event.note,
          changes: event.changes,
          ...(event.reasonCode ? { reasonCode: event.reasonCode } : {}),
        },
        textKey: 'edited',
      }
    case 'cash-settled': {
      const collected = event.collected
      return {
        ...same,
        columns: {
          collected,
          courierCharges: event.charges,
          settledAt: event.at,
          paymentStatus: paymentStatusOf(order.paymentStatus, moneyIn({ ...order, collected })),
        },
        entry: { kind: 'note', note: event.note },
        textKey: null,
      }
    }
    case 'noted':
      // a note changes nothing another page shows: the version stays
      return {
        ...same,
        bumpsVersion: false,
        columns: {},
        entry: { kind: 'note', note: event.note },
        textKey: null,
      }
  }
}
