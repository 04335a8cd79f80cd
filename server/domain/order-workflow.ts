import type { CancelCode } from '../../src/contract/admin-delivery-record'
import { CANCEL_REASONS } from '../../src/contract/admin-order-reasons'
import { CANCEL_REASON_ON, canMove, type StatusChangeBody } from '../../src/contract/admin-orders'
import { type OrderChange, type OrderStatus, SHOP_CANCEL_REASONS } from '../../src/contract/orders'
import { dhakaTime } from './product-editor'

/** The reason an unpaid order's expiry cancels it with (also what its text and the pages translate). */
export const NOT_PAID_REASON = SHOP_CANCEL_REASONS.notPaid

/** Why the order cannot make this move now, or null when it can. */
export function moveProblem(from: OrderStatus, to: OrderStatus): string | null {
  if (canMove(from, to)) return null
  return from === to ? `This order is already ${to}` : `A ${from} order cannot be made ${to}`
}

/** The 409 of a change made on an older version: who made the latest change, and when (Dhaka time). */
export function changedByMessage(by: string | null, at: Date): string {
  return by ? `Changed by ${by} at ${dhakaTime(at)}` : `Changed by someone else at ${dhakaTime(at)}`
}

/** An order line as a return reads it. */
export type ReturnableLine = {
  id: number
  productId: number
  skuId: number
  sku: string
  quantity: number
  returnedQuantity: number
}

/** One line's share of a return: how many of it come back. */
export type LineBack = { lineId: number; productId: number; skuId: number; sku: string; quantity: number }

export type ReturnPlan = {
  back: LineBack[]
  /** after it, every item of the order has come back */
  whole: boolean
  /** per `lines.<index>` of the request: what it asked that cannot come back */
  problems: Record<string, string[]>
}

/**
 * What a return gives back: the lines asked for (none: everything not back yet), never more of a line than
 * was bought minus what already came back.
 */
export function returnPlan(
  lines: readonly ReturnableLine[],
  asked?: readonly { skuId: number; quantity: number }[],
): ReturnPlan {
  const problems: Record<string, string[]> = {}
  const wanted = new Map<number, number>()
  if (!asked) {
    for (const line of lines) wanted.set(line.skuId, line.quantity - line.returnedQuantity)
  } else {
    asked.forEach((item, index) => {
      const line = lines.find((l) => l.skuId === item.skuId)
      const sofar = wanted.get(item.skuId) ?? 0
      if (!line) problems[`lines.${index}`] = ['This item is not in the order']
      else if (sofar + item.quantity > line.quantity - line.returnedQuantity) {
        const left = line.quantity - line.returnedQuantity
        problems[`lines.${index}`] = [
          left === 0 ? `${line.sku} has already come back` : `Only ${left} of ${line.sku} can come back`,
        ]
      } else wanted.set(item.skuId, sofar + item.quantity)
    })
  }
  const back = lines
    .filter((line) => (wanted.get(line.skuId) ?? 0) > 0)
    .map((line) => ({
      lineId: line.id,
      productId: line.productId,
      skuId: line.skuId,
      sku: line.sku,
      quantity: wanted.get(line.skuId) ?? 0,
    }))
  if (!asked && back.length === 0) problems.lines = ['Everything in this order has already come back']
  const whole = lines.every((line) => line.returnedQuantity + (wanted.get(line.skuId) ?? 0) >= line.quantity)
  return { back, whole, problems }
}

type Cancellation = Extract<StatusChangeBody, { to: 'cancelled' }>

/** A cancellation's reason as the order keeps it: a listed one's English text, or the staff's own words. */
const cancelReasonOf = (change: Cancellation) =>
  change.reasonCode ? CANCEL_REASONS[change.reasonCode] : (change.reason ?? '')

/** What a move changes on the order row besides its status. */
export function moveColumns(change: StatusChangeBody): {
  courier?: string
  trackingNumber?: string
  cancelReason?: string
  cancelReasonCode?: string | null
  cancelCode?: CancelCode | null
} {
  if (change.to === 'shipped') return { courier: change.courier, trackingNumber: change.trackingNumber }
  if (change.to === 'cancelled') {
    // a reason from the list says who the cancellation is on
    const code = change.reasonCode ? CANCEL_REASON_ON[change.reasonCode] : (change.code ?? null)
    return {
      cancelReason: cancelReasonOf(change),
      cancelReasonCode: change.reasonCode ?? null,
      cancelCode: code,
    }
  }
  return {}
}

/**
 * The timeline's entry for a move: the staff's own words (a reason, or the note given with the move) and, as
 * data put into words in each reader's language, what it did besides the status: the courier and tracking
 * number of a shipment, the items of a return (`returned`, named by the caller, who has the lines).
 */
export function timelineEntry(
  change: StatusChangeBody,
  returned: readonly OrderChange[] = [],
): { note: string; changes: OrderChange[]; reasonCode?: string } {
  switch (change.to) {
    case 'shipped':
      return {
        note: change.note ?? '',
        changes: [{ kind: 'shipped', courier: change.courier, trackingNumber: change.trackingNumber }],
      }
    case 'cancelled':
      return {
        note: cancelReasonOf(change),
        changes: [],
        ...(change.reasonCode ? { reasonCode: change.reasonCode } : {}),
      }
    case 'returned':
      return { note: change.reason ?? '', changes: [...returned] }
    default:
      return { note: change.note ?? '', changes: [] }
  }
}

// ---------------------------------------------------------------- the list and its export

/** What a search box's text is, as the list looks for it. */
export type OrderSearch = {
  /** upper-cased, as order numbers are written: any part of one */
  number: string | null
  /** the digits of a phone number (or its end), +880 / 880 dropped to the local 0 */
  phoneDigits: string | null
  /** lower-cased words, each in the customer's name */
  nameWords: string[]
}

export function orderSearch(q: string, latinDigits: (text: string) => string): OrderSearch {
  const text = latinDigits(q.trim())
  const number = /^[A-Za-z0-9-]{2,}$/.test(text) ? text.toUpperCase() : null
  let phoneDigits: string | null = null
  if (/^[+\d\s-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '')
    const local = digits.startsWith('880') && digits.length > 11 ? digits.slice(2) : digits
    phoneDigits = local.length >= 3 ? local : null
  }
  const nameWords = /\p{L}/u.test(text) ? text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6) : []
  return { number, phoneDigits, nameWords }
}
