import type { CourierStatus } from '../../src/contract/couriers'
import type { OrderAddress, OrderStatus } from '../../src/contract/orders'

/** The orders a courier may be sent for: confirmed (it is packed on the way) or packed. */
export const SHIPPABLE: readonly OrderStatus[] = ['confirmed', 'packed']
export const isShippable = (status: string) => (SHIPPABLE as readonly string[]).includes(status)

/** Where a parcel's way ends: nothing the courier says after it changes the shipment or the order. */
const FINAL: readonly CourierStatus[] = ['delivered', 'returned', 'cancelled']
export const isFinal = (status: CourierStatus | null) => status !== null && FINAL.includes(status)

/**
 * What the courier's word does to a shipped order: delivered delivers it; returned or cancelled (Steadfast's
 * word for a parcel that did not reach the shopper, Pathao's for a pickup called off) means the parcel is
 * back at the shop, so the order is returned and its stock comes back. Anything else is only recorded.
 */
export function orderMoveFor(status: CourierStatus): 'delivered' | 'returned' | null {
  if (status === 'delivered') return 'delivered'
  if (status === 'returned' || status === 'cancelled') return 'returned'
  return null
}

/** where the parcel goes, in the courier's own places (Pathao needs its city/zone/area ids; Steadfast only the address text) */
export type CourierPlace = { cityId: number; zoneId: number; areaId: number | null }

export type Parcel = {
  /** our order number, unique per shop (Pathao's merchant_order_id, Steadfast's invoice) */
  invoice: string
  recipientName: string
  /** 01XXXXXXXXX */
  recipientPhone: string
  address: string
  /** used by Pathao, ignored by Steadfast */
  place: CourierPlace | null
  /** taka to collect (0 when prepaid) */
  codAmount: number
  weightKg: number
  quantity: number
  description: string
  note: string
}

/**
 * Whether a courier's status update is news for a shipment: never after a final status, never a message that
 * says nothing of the parcel's place, never the same status again, and never one older than the status kept
 * (when the courier dated both). A final status always counts: it must not be lost to two clocks that differ.
 */
export function isNews(
  current: { status: CourierStatus | null; statusAt: Date | null },
  update: { status: CourierStatus; at: string | null },
): boolean {
  if (isFinal(current.status) || update.status === 'unknown' || update.status === current.status) return false
  if (isFinal(update.status) || !update.at || !current.statusAt) return true
  return new Date(update.at).getTime() >= current.statusAt.getTime()
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

export type ParcelOrder = {
  number: string
  customerName: string
  phone: string
  notes: string
  address: OrderAddress
}
export type ParcelLine = { name: string; quantity: number; weightGrams: number }

/**
 * The parcel of an order as both couriers take it: the address as one line (Pathao takes at most 220
 * characters), the weight of its items from their skus, their count, and `codAmount` to collect.
 */
export function parcelOf(
  order: ParcelOrder,
  lines: readonly ParcelLine[],
  codAmount: number,
  place: CourierPlace | null,
): Parcel {
  const { address } = order
  const where = [
    address.street,
    address.landmark ? `(${address.landmark})` : '',
    address.area,
    address.district,
  ].filter(Boolean)
  const grams = lines.reduce((sum, line) => sum + line.quantity * Math.max(0, line.weightGrams), 0)
  return {
    invoice: order.number,
    recipientName: clip(address.name || order.customerName, 100),
    recipientPhone: address.phone || order.phone,
    address: clip(where.join(', '), 220),
    place,
    // both couriers collect whole taka
    codAmount: Math.round(codAmount),
    weightKg: Math.round(grams / 10) / 100,
    quantity: Math.max(
      1,
      lines.reduce((sum, line) => sum + line.quantity, 0),
    ),
    description: clip(lines.map((line) => `${line.name} × ${line.quantity}`).join(', '), 200),
    note: clip(order.notes.replace(/\s+/g, ' ').trim(), 200),
  }
}

/** A place name as two lists may spell it: lower case, letters and digits only. */
export const placeKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')

/** The first of `options` whose name is `name`, spelled either way; null when none is. */
export function sameName<T extends { name: string }>(name: string, options: readonly T[]): T | null {
  const wanted = placeKey(name)
  return options.find((option) => placeKey(option.name) === wanted) ?? null
}
