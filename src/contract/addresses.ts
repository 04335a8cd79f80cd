import { z } from 'zod/mini'
import { mobileNumber } from './auth'
import { noControlCharacters } from './common'

export const deliveryZones = ['inside_dhaka', 'dhaka_suburbs', 'outside_dhaka'] as const
export const deliveryZone = z.enum(deliveryZones)
export type DeliveryZone = z.infer<typeof deliveryZone>

/**
 * A place as the lists show it: `name` is the English name an address keeps (and the zone is looked up
 * by), `bn` the label a Bangla page shows for it.
 */
const placeName = { name: z.string(), bn: z.optional(z.string()) }
export const locationArea = z.object({ ...placeName, zone: deliveryZone })
export const locationDistrict = z.object({ ...placeName, areas: z.array(locationArea) })
export const locationDivision = z.object({ ...placeName, districts: z.array(locationDistrict) })
export type LocationDivision = z.infer<typeof locationDivision>

export const zoneInfo = z.object({
  zone: deliveryZone,
  label: z.string(),
  charge: z.number().check(z.nonnegative()),
  /** e.g. "1–2 days" */
  estimate: z.string(),
})
export type ZoneInfo = z.infer<typeof zoneInfo>

export const locationsResponse = z.object({
  data: z.object({ divisions: z.array(locationDivision), zones: z.array(zoneInfo) }),
})
export type LocationsResponse = z.infer<typeof locationsResponse>

/** storefront §5: a mobile number in any accepted spelling (see mobileNumber), stored as 01XXXXXXXXX. */
export const bdPhone = mobileNumber('Enter a valid mobile number (01xxx-xxxxxx)')

/** Trimmed text of `min` to `max` characters; `message` when shorter. */
const text = (min: number, max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(min, message), z.maxLength(max), noControlCharacters())

/** A delivery address as typed in a form (the zone is derived by the server). */
export const addressInput = z.strictObject({
  name: text(2, 100, 'Enter the name'),
  phone: bdPhone,
  division: text(1, 60, 'Choose a division'),
  district: text(1, 60, 'Choose a district'),
  area: text(1, 80, 'Choose an area'),
  street: text(3, 300, 'Enter the street address'),
  landmark: z._default(z.string().check(z.trim(), z.maxLength(200), noControlCharacters()), ''),
})
export type AddressInput = z.input<typeof addressInput>

export const addressCreateBody = z.extend(addressInput, { isDefault: z._default(z.boolean(), false) })
export const addressPatchBody = z.partial(addressCreateBody)

/** Where a parcel goes, as an answer gives it: an order's address, and the lines of a saved one. */
export const addressLines = z.object({
  name: z.string(),
  phone: z.string(),
  division: z.string(),
  district: z.string(),
  area: z.string(),
  street: z.string(),
  landmark: z.string(),
})

/** An address's division, district and area as a Bangla page names them (the address keeps the English ones). */
export const placesInBangla = z.object({ division: z.string(), district: z.string(), area: z.string() })

/** A saved address: a shopper's own, or a customer's as the back office reads it. */
export const address = z.extend(addressLines, {
  id: z.int(),
  zone: deliveryZone,
  isDefault: z.boolean(),
  placesBn: z.optional(placesInBangla),
})
export type Address = z.infer<typeof address>

export const addressResponse = z.object({ data: address })
export const addressesResponse = z.object({ data: z.array(address) })
export const idParam = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
})
