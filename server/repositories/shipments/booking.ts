import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { COURIER_LABELS, type CourierName } from '../../../src/contract/couriers'
import { type OrderStatus, orderAddress } from '../../../src/contract/orders'
import {
  type Booking,
  type Courier,
  CourierRefused,
  CourierUnclear,
  type Parcel,
} from '../../couriers/courier'
import { orderLines, orders, shipments, skus } from '../../db/schema'
import { amountDue, moneyIn } from '../../domain/order-money'
import { isShippable, parcelOf } from '../../domain/shipping'
import type { JobHandler } from '../../jobs/queue'
import type { Actor } from '../audit'
import { shipBooked } from '../order-lifecycle/courier'
import { lockOrder } from '../order-lifecycle/lock'
import type { CourierPlaces } from './places'

export const COURIER_BOOK = 'courier-book'
/** tries of one booking (about an hour with the queue's backoff) before it is left to staff */
export const BOOK_ATTEMPTS = 8

type ShipmentRow = typeof shipments.$inferSelect

/**
 * The `courier-book` job: books one queued shipment with its courier, once whatever the retries. When an
 * earlier try sent the booking and got no clear answer, the courier is asked for the parcel by its invoice
 * first; only a courier that has none is asked to book it. A refusal fails the shipment with the courier's
 * words; an unclear answer is tried again by the queue (the last try leaves it to staff, never books blindly).
 */
export function bookingJob(
  app: FastifyInstance,
  couriers: Partial<Record<CourierName, Courier>>,
  places: CourierPlaces,
): JobHandler {
  const fail = (shipment: ShipmentRow, error: string) =>
    app.db
      .update(shipments)
      .set({ state: 'failed', error, updatedAt: app.clock.now() })
      .where(and(eq(shipments.id, shipment.id), eq(shipments.state, 'queued')))

  async function parcelFor(shipment: ShipmentRow, courier: Courier): Promise<Parcel | string> {
    const [order] = await app.db.select().from(orders).where(eq(orders.id, shipment.orderId))
    if (!order) return 'The order is gone'
    if (!isShippable(order.status))
      return `The order was ${order.status} when its turn came: nothing was booked`
    const lines = await app.db
      .select({ name: orderLines.name, quantity: orderLines.quantity, weightGrams: skus.weightGrams })
      .from(orderLines)
      .innerJoin(skus, eq(skus.id, orderLines.skuId))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id))
    const address = orderAddress.parse(order.address)
    const place = courier.places ? await places.forAddress(address) : null
    const { collect } = amountDue(moneyIn(order), order.status as OrderStatus)
    return parcelOf({ ...order, address }, lines, collect, place)
  }

  /** The booking, kept with its shipment, and the order moved on to shipped (packed first when confirmed). */
  async function save(
    shipment: ShipmentRow,
    courier: Courier,
    parcel: Parcel,
    booking: Booking,
    actor: Actor,
  ) {
    const label = COURIER_LABELS[courier.name]
    const trackingCode = booking.trackingCode || booking.consignmentId
    await app.db.transaction(async (tx) => {
      const order = await lockOrder(tx, shipment.orderId)
      const [current] = await tx.select().from(shipments).where(eq(shipments.id, shipment.id)).for('update')
      if (current?.state !== 'queued') return
      const now = app.clock.now()
      const movable = isShippable(order.status)
      await tx
        .update(shipments)
        .set({
          state: 'booked',
          consignmentId: booking.consignmentId,
          trackingCode,
          trackingUrl: courier.trackingUrl(
            { consignmentId: booking.consignmentId, trackingCode },
            parcel.recipientPhone,
          ),
          status: booking.status,
          raw: booking.raw,
          codAmount: parcel.codAmount,
          fee: booking.fee,
          checkedAt: now,
          error: movable ? '' : `Booked while the order was ${order.status}: cancel the parcel with ${label}`,
          updatedAt: now,
        })
        .where(eq(shipments.id, shipment.id))
      if (!movable) return
      await shipBooked(app, tx, order, { courier: label, trackingNumber: trackingCode }, actor)
    })
  }

  return async (payload, job) => {
    const [shipment] = await app.db
      .select()
      .from(shipments)
      .where(eq(shipments.id, Number(payload.shipmentId)))
    if (shipment?.state !== 'queued') return
    const actor: Actor = {
      staffId: typeof payload.staffId === 'number' ? payload.staffId : null,
      ip: typeof payload.ip === 'string' ? payload.ip : null,
    }
    const courier = couriers[shipment.courier]
    const label = COURIER_LABELS[shipment.courier]
    if (!courier) {
      await fail(shipment, `${label} is not set up for this shop`)
      return
    }
    try {
      const parcel = await parcelFor(shipment, courier)
      if (typeof parcel === 'string') {
        await fail(shipment, parcel)
        return
      }
      // an earlier try sent the booking and its answer was lost: the parcel may exist
      let booking = shipment.requests > 0 ? await courier.findByInvoice(shipment.invoice) : null
      if (booking && !booking.consignmentId) {
        await fail(
          shipment,
          `${label} already has parcel ${shipment.invoice} but did not say its consignment: find it on ${label}'s page and ship the order by hand`,
        )
        return
      }
      if (!booking) {
        await app.db
          .update(shipments)
          .set({ requests: sql`${shipments.requests} + 1`, updatedAt: app.clock.now() })
          .where(eq(shipments.id, shipment.id))
        booking = await courier.book(parcel)
      }
      await save(shipment, courier, parcel, booking, actor)
    } catch (error) {
      if (error instanceof CourierRefused) {
        await fail(shipment, error.message)
        return
      }
      const message = (error as Error).message
      if (job.attempt >= BOOK_ATTEMPTS) {
        await fail(
          shipment,
          `${message}. The parcel may have been booked: look on ${label}'s page before sending it again`,
        )
        return
      }
      if (error instanceof CourierUnclear) {
        await app.db
          .update(shipments)
          .set({ error: message, updatedAt: app.clock.now() })
          .where(and(eq(shipments.id, shipment.id), eq(shipments.state, 'queued')))
      }
      throw error
    }
  }
}
