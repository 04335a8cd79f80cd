import { z } from 'zod/mini'

/**
 * The reasons staff choose from when they cancel or change an order. A chosen reason is kept as its code and
 * written in the reader's language wherever it is read: the shopper's text message and order page in the
 * shopper's, the back office in its own; the API's `reason` and the timeline's note keep its English text
 * (the server's table has the Bangla, keyed by it). A reason the staff type themselves is kept as typed.
 */
export const CANCEL_REASONS = {
  customer_asked: 'Customer asked to cancel',
  ordered_twice: 'Ordered twice',
  out_of_stock: 'Out of stock',
  unreachable: 'Could not reach the customer',
  address_not_served: 'Address not served',
  suspected_fraud: 'Suspected fraud',
} as const
export type CancelReasonCode = keyof typeof CANCEL_REASONS

export const EDIT_REASONS = {
  size_colour: 'Customer changed size/colour',
  replaced: 'Item out of stock replaced',
  delivery_charge: 'Delivery charge corrected',
} as const
export type EditReasonCode = keyof typeof EDIT_REASONS

export type OrderReasonCode = CancelReasonCode | EditReasonCode

const codesOf = <T extends object>(table: T) =>
  Object.keys(table) as [keyof T & string, ...(keyof T & string)[]]
export const cancelReasonCode = z.enum(codesOf(CANCEL_REASONS))
export const editReasonCode = z.enum(codesOf(EDIT_REASONS))

/** A reason's English text, or null for a code this build does not know. */
export function reasonEnglish(code: string): string | null {
  if (Object.hasOwn(CANCEL_REASONS, code)) return CANCEL_REASONS[code as CancelReasonCode]
  if (Object.hasOwn(EDIT_REASONS, code)) return EDIT_REASONS[code as EditReasonCode]
  return null
}

export const REASON_OR_CODE_MESSAGE = 'Choose a reason from the list or write your own, not both'
