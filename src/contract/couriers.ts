import { z } from 'zod/mini'
import { noControlCharacters } from './common'

/**
 * Sending parcels with a courier from the back office (`/api/v1/admin/…`), shared by the API and the orders
 * pages. Booking goes through the job queue: `ship` answers at once with what it queued, and the order's
 * `shipment` shows the booking as it goes (queued → booked, or the courier's refusal).
 *
 * - `GET couriers` (any staff) → couriersAnswer: the couriers the shop can book with.
 * - `POST orders/ship` (shipBody; owner, manager, staff) → shipAnswer: one booking queued per confirmed or packed
 *   order with no shipment under way; the others are skipped with their status (or the shipment's state).
 *   A courier that is not set up answers 409 `courier`.
 * - `GET couriers/places`, `PUT couriers/places` (courierPlaceBody; owners and managers) → courierPlacesAnswer:
 *   our division/district/area as Pathao names them (its city, zone and area ids).
 * - `GET couriers/pathao/cities`, `…/zones/:cityId`, `…/areas/:zoneId` → pathaoPlacesAnswer: Pathao's own lists.
 * - `GET orders/:id/courier-records` (any staff) → courierRecordsAnswer: the order's number as each courier that
 *   offers a fraud check knows it, asked now (Steadfast).
 */

export const courierNames = ['pathao', 'steadfast'] as const
export type CourierName = (typeof courierNames)[number]

/** how the shop, the timeline and the shopper's text name each courier */
export const COURIER_LABELS: Record<CourierName, string> = { pathao: 'Pathao', steadfast: 'Steadfast' }

/** where a parcel is, as the courier last said it (server/couriers/courier.ts CourierStatus) */
export const courierStatuses = [
  'booked',
  'in_transit',
  'delivered',
  'partly_delivered',
  'returned',
  'cancelled',
  'on_hold',
  'unknown',
] as const
export type CourierStatus = (typeof courierStatuses)[number]

export const shipmentStates = ['queued', 'booked', 'failed'] as const
export type ShipmentState = (typeof shipmentStates)[number]

/** the most orders one "Send" takes */
export const SHIP_LIMIT = 200

const nullableText = z.nullable(z.string())
const id = z.int().check(z.positive(), z.maximum(2_147_483_647))

export const shipment = z.object({
  id: z.int(),
  courier: z.enum(courierNames),
  /** queued: the booking is on its way to the courier; failed: `error` says why */
  state: z.enum(shipmentStates),
  consignmentId: nullableText,
  trackingCode: nullableText,
  trackingUrl: nullableText,
  status: z.nullable(z.enum(courierStatuses)),
  /** the courier's own word for the status */
  raw: nullableText,
  codAmount: z.number(),
  fee: z.nullable(z.number()),
  /** the courier's refusal, or the last unclear answer while the booking is tried again */
  error: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Shipment = z.infer<typeof shipment>

export const courierInfo = z.object({
  name: z.enum(courierNames),
  label: z.string(),
  /** its credentials are set: "Send to …" is offered */
  configured: z.boolean(),
  /** its status webhook is believed (else its parcels are followed by polling alone) */
  webhook: z.boolean(),
  /** it books by places of its own (Pathao): the owner maps ours to them */
  places: z.boolean(),
  /** it tells a number's record across its merchants (a fraud check: Steadfast) */
  records: z.boolean(),
})
export type CourierInfo = z.infer<typeof courierInfo>
export const couriersAnswer = z.object({ data: z.array(courierInfo) })

export const shipBody = z.strictObject({
  ids: z
    .array(id)
    .check(
      z.minLength(1, 'Choose at least one order'),
      z.maxLength(SHIP_LIMIT, 'At most {count} orders at once'),
    ),
  courier: z.enum(courierNames, 'Choose Pathao or Steadfast'),
})
export type ShipBody = z.infer<typeof shipBody>

export const shipAnswer = z.object({
  data: z.object({
    queued: z.int(),
    /** `status`: the order's status, `queued` or `booked` (a shipment is under way), or `not-found` */
    skipped: z.array(z.object({ id: z.int(), status: z.string() })),
  }),
})
export type ShipResult = z.infer<typeof shipAnswer>['data']

const text = (max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max), noControlCharacters())

export const courierPlace = z.object({
  division: z.string(),
  district: z.string(),
  area: z.string(),
  cityId: z.int(),
  cityName: z.string(),
  zoneId: z.int(),
  zoneName: z.string(),
  areaId: z.nullable(z.int()),
  areaName: nullableText,
})
export type CourierPlaceRow = z.infer<typeof courierPlace>
export const courierPlacesAnswer = z.object({ data: z.array(courierPlace) })

/** One of our places and what Pathao calls it; `pathao: null` forgets it (Pathao then reads the address). */
export const courierPlaceBody = z.strictObject({
  division: text(60, 'Choose a division'),
  district: text(60, 'Choose a district'),
  area: text(80, 'Choose an area'),
  pathao: z.nullable(
    z.strictObject({
      cityId: id,
      cityName: text(100, "Choose Pathao's city"),
      zoneId: id,
      zoneName: text(100, "Choose Pathao's zone"),
      areaId: z.nullable(id),
      areaName: z.nullable(text(100, "Choose Pathao's area")),
    }),
  ),
})
export type CourierPlaceBody = z.infer<typeof courierPlaceBody>

export const pathaoPlace = z.object({ id: z.int(), name: z.string() })
export type PathaoPlace = z.infer<typeof pathaoPlace>
export const pathaoPlacesAnswer = z.object({ data: z.array(pathaoPlace) })
export const pathaoCityParams = z.object({
  cityId: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
})
export const pathaoZoneParams = z.object({
  zoneId: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
})

/** A number's parcels with a courier, across all its merchants; `record` is null when the courier could not be asked. */
export const courierRecord = z.object({
  courier: z.enum(courierNames),
  record: z.nullable(z.object({ total: z.int(), delivered: z.int(), cancelled: z.int(), reports: z.int() })),
})
export type CourierRecord = z.infer<typeof courierRecord>
export const courierRecordsAnswer = z.object({ data: z.array(courierRecord) })
