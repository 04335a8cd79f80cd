import type { OrderChange, OrderMoney, OrderStatus, PaymentStatus } from '../../src/contract/orders'

/** What an order's money is made of, in taka. */
export type MoneyIn = {
  total: number
  /** paid online for the order itself (bKash, a verified Send Money) */
  paid: number
  /** the delivery charge of a cash-on-delivery order, paid before delivery */
  advance: number
  /** given back to the shopper */
  refunded: number
  /** cash the courier collected at the door (none before delivery) */
  collected?: number
}

/** What is still owed either way: cash the courier collects at the door, or money the shop gives back. */
export type MoneyOwed = { collect: number; refund: number }

const paisa = (taka: number) => Math.round(taka * 100)
/** all that came in, in paisa: before delivery, and at the door */
const received = (money: MoneyIn) => paisa(money.paid) + paisa(money.advance) + paisa(money.collected ?? 0)

/** the statuses in which an order is not delivered: nothing is collected, what was paid goes back */
const UNDELIVERED: readonly OrderStatus[] = ['cancelled', 'returned']

/**
 * THE RULE of what an order still owes: total − paid − advance − collected + refunded. Above 0 it is cash the
 * courier collects at the door (what the booking, the label, the invoice and the pages say); below 0 the shop owes it
 * back. An order that will not be delivered, cancelled or wholly returned, collects nothing: all that was
 * paid and not yet given back is to refund.
 */
export function amountDue(money: MoneyIn, status?: OrderStatus): MoneyOwed {
  const kept = received(money) - paisa(money.refunded)
  if (status && UNDELIVERED.includes(status)) return { collect: 0, refund: Math.max(0, kept) / 100 }
  const owed = paisa(money.total) - kept
  return { collect: Math.max(0, owed) / 100, refund: Math.max(0, -owed) / 100 }
}

/**
 * An order row's money: `paid` keeps all that came in before delivery, which for a cash-on-delivery order that
 * asks its delivery charge in advance is that advance (the rest is cash at the door), for any other the order's
 * own payment.
 */
export function moneyIn(row: OrderMoneyRow): MoneyIn {
  const advanceAsked = row.advance > 0
  return {
    total: row.total,
    paid: advanceAsked ? 0 : row.paid,
    advance: advanceAsked ? row.paid : 0,
    refunded: row.refunded,
    collected: row.collected ?? 0,
  }
}

/** The money columns of an order's row (`collected`: none before delivery). */
export type OrderMoneyRow = {
  total: number
  paid: number
  advance: number
  refunded: number
  collected?: number
}

/** The order's money as the contract answers it: what came in, what went back, and what is still owed. */
export function orderMoney(row: OrderMoneyRow, status?: OrderStatus): OrderMoney {
  const money = moneyIn(row)
  return {
    paid: money.paid,
    advance: money.advance,
    ...(money.collected ? { collected: money.collected } : {}),
    refunded: money.refunded,
    ...amountDue(money, status),
  }
}

/**
 * Where an order's money stands, as its payment status says it, once money came in: given all back, given
 * some back, still owing cash (partly paid; for a cash-on-delivery order, its advance paid), or paid.
 * An order nothing was paid for keeps its status (unpaid, waiting for a gateway or a check, failed).
 */
export function paymentStatusOf(current: PaymentStatus, money: MoneyIn): PaymentStatus {
  const came = received(money)
  if (came === 0) return current
  const refunded = paisa(money.refunded)
  if (refunded >= came) return 'refunded'
  if (refunded > 0) return 'partly_refunded'
  if (amountDue(money).collect > 0) {
    return money.paid > 0 || (money.collected ?? 0) > 0 ? 'partly_paid' : 'advance_paid'
  }
  return 'paid'
}

/**
 * What an edit's timeline says of the money, after the change of total: on an order something was paid
 * for, the cash now to collect or the money now to give back (none when it is settled).
 */
export function moneyChanges(after: MoneyIn): OrderChange[] {
  if (received(after) === 0) return []
  const { collect, refund } = amountDue(after)
  if (collect > 0) return [{ kind: 'collect', amount: collect }]
  if (refund > 0) return [{ kind: 'refund', amount: refund }]
  return []
}
