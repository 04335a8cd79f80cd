import { z } from 'zod'

export const deliveryZones = ['inside_dhaka', 'dhaka_suburbs', 'outside_dhaka'] as const
export const deliveryZone = z.enum(deliveryZones)
export type DeliveryZone = z.infer<typeof deliveryZone>

export const locationArea = z.object({ name: z.string(), zone: deliveryZone })
export const locationDistrict = z.object({ name: z.string(), areas: z.array(locationArea) })
export const locationDivision = z.object({ name: z.string(), districts: z.array(locationDistrict) })
export type LocationDivision = z.infer<typeof locationDivision>

export const zoneInfo = z.object({
  zone: deliveryZone,
  label: z.string(),
  charge: z.number().nonnegative(),
  /** e.g. "1–2 days" */
  estimate: z.string(),
})
export type ZoneInfo = z.infer<typeof zoneInfo>

export const locationsResponse = z.object({
  data: z.object({ divisions: z.array(locationDivision), zones: z.array(zoneInfo) }),
})
export type LocationsResponse = z.infer<typeof locationsResponse>

/** SPEC §5 mobile pattern: optional +88, 88 or 00 prefix, then 11 digits starting 01. */
export const bdPhone = z
  .string()
  .trim()
  .regex(/^(?:\+88|88|0088)?01[3-9]\d{8}$/, 'Enter a valid mobile number (01xxx-xxxxxx)')
  .transform((value) => value.slice(-11))

/** A delivery address as typed in a form (the zone is derived by the server). */
export const addressInput = z
  .object({
    name: z.string().trim().min(2, 'Enter the name').max(100),
    phone: bdPhone,
    division: z.string().trim().min(1, 'Choose a division').max(60),
    district: z.string().trim().min(1, 'Choose a district').max(60),
    area: z.string().trim().min(1, 'Choose an area').max(80),
    street: z.string().trim().min(3, 'Enter the street address').max(300),
    landmark: z.string().trim().max(200).default(''),
  })
  .strict()
export type AddressInput = z.input<typeof addressInput>

export const addressCreateBody = addressInput.extend({ isDefault: z.boolean().default(false) }).strict()
export const addressPatchBody = addressCreateBody.partial().strict()

export const address = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  division: z.string(),
  district: z.string(),
  area: z.string(),
  street: z.string(),
  landmark: z.string(),
  zone: deliveryZone,
  isDefault: z.boolean(),
})
export type Address = z.infer<typeof address>

export const addressResponse = z.object({ data: address })
export const addressesResponse = z.object({ data: z.array(address) })
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
