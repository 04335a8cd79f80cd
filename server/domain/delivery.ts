import type { DeliveryZone, ZoneInfo } from '../../src/contract/addresses'

export type DeliveryCharges = Record<DeliveryZone, number>

/** Demo charges in TK; a deployment overrides them with DELIVERY_CHARGES="70,110,130". */
export const defaultDeliveryCharges: DeliveryCharges = {
  inside_dhaka: 70,
  dhaka_suburbs: 110,
  outside_dhaka: 130,
}

const labels: Record<DeliveryZone, string> = {
  inside_dhaka: 'Inside Dhaka',
  dhaka_suburbs: 'Dhaka suburbs',
  outside_dhaka: 'Outside Dhaka',
}
const estimates: Record<DeliveryZone, string> = {
  inside_dhaka: '1–2 days',
  dhaka_suburbs: '2–3 days',
  outside_dhaka: '3–5 days',
}

/** Reads "inside,suburbs,outside" charges; anything malformed keeps the defaults. */
export function parseDeliveryCharges(text: string | undefined): DeliveryCharges {
  if (!text) return defaultDeliveryCharges
  const parts = text.split(',').map((part) => Number(part.trim()))
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n) || n < 0)) return defaultDeliveryCharges
  const [inside = 0, suburb = 0, outside = 0] = parts
  return { inside_dhaka: inside, dhaka_suburbs: suburb, outside_dhaka: outside }
}

/** What the shop charges for delivery (settings `delivery`): each zone's rates and what holds for all. */
export type DeliveryRates = Record<DeliveryZone, { charge: number; perKg: number }> & {
  /** the weight each zone's `charge` covers, in kg */
  baseKg: number
  /** the goods' total at or above which delivery is free; 0: never */
  freeAbove: number
}

/** A parcel as delivery prices it. */
export type Parcel = {
  /** its weight in grams (see parcelGrams) */
  grams: number
  /** what its goods cost after product discounts and the coupon, delivery left out */
  goods: number
}

/**
 * A parcel's weight in grams: each sku's weight times its quantity. A sku the catalogue has not weighed
 * (0 g, the column's default) adds nothing, so a shop that weighs nothing is charged the base, as before.
 */
export function parcelGrams(lines: readonly { weightGrams: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + Math.max(0, line.weightGrams) * line.quantity, 0)
}

/**
 * The delivery charge of a parcel to a zone: nothing when its goods come to `freeAbove` or more (and
 * `freeAbove` is set); else the zone's charge for up to `baseKg`, and `perKg` for every kilogram above it,
 * a started one counting in full (over a 1 kg base, 1.001 kg and 2 kg pay for one extra kg, 2.001 kg for two).
 * Weights are whole grams, so no rounding of fractions decides a taka.
 */
export function deliveryCharge(zone: DeliveryZone, parcel: Parcel, rates: DeliveryRates): number {
  if (rates.freeAbove > 0 && parcel.goods >= rates.freeAbove) return 0
  const { charge, perKg } = rates[zone]
  const overGrams = parcel.grams - Math.round(rates.baseKg * 1000)
  const extraKg = overGrams > 0 ? Math.ceil(overGrams / 1000) : 0
  return charge + extraKg * perKg
}

export function deliveryEstimate(zone: DeliveryZone): string {
  return estimates[zone]
}

export function zoneInfos(charges: DeliveryCharges = defaultDeliveryCharges): ZoneInfo[] {
  return (Object.keys(labels) as DeliveryZone[]).map((zone) => ({
    zone,
    label: labels[zone],
    charge: charges[zone],
    estimate: estimates[zone],
  }))
}

export function activeDeliveryCharges(): DeliveryCharges {
  return parseDeliveryCharges(process.env.DELIVERY_CHARGES)
}
