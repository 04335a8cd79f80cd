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

export function deliveryCharge(
  zone: DeliveryZone,
  charges: DeliveryCharges = defaultDeliveryCharges,
): number {
  return charges[zone]
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
