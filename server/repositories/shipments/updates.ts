import { and, asc, desc, eq, isNull, lte, notInArray, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { COURIER_LABELS, type CourierName } from '../../../src/contract/couriers'
import { type Courier, type CourierUpdate, inTurns } from '../../couriers/courier'
import { uniqueViolation } from '../../db/results'
import { shipments } from '../../db/schema'
import { isNews, orderMoveFor } from '../../domain/shipping'
import type { JobHandler } from '../../jobs/queue'
import { courierSaid } from '../order-lifecycle/courier'
import { lockOrder } from '../order-lifecycle/lock'

export const COURIER_POLL = 'courier-poll'
/** a parcel the courier has said nothing of for this long is asked after */
export const POLL_EVERY_MS = 30 * 60_000
/** parcels asked after in one poll; the quietest first, the rest at the next */
const POLL_BATCH = 200

/** What a courier's update did: moved the order, only recorded, or nothing (no such parcel, old news). */
export type UpdateOutcome = 'moved' | 'recorded' | 'ignored'

/**
 * Applies a courier's word on a parcel (a genuine webhook, or a poll's answer), once: the order's row, then the
 * shipment's, are locked (the order the booking takes them in), and only news changes anything (isNews). A
 * delivered parcel delivers its shipped order; a returned one returns it through the shop's own return, so its
 * stock comes back exactly once.
 */
export async function applyUpdate(
  app: FastifyInstance,
  courier: CourierName,
  update: CourierUpdate,
): Promise<UpdateOutcome> {
  const [found] = await app.db
    .select({ id: shipments.id, orderId: shipments.orderId })
    .from(shipments)
    .where(and(eq(shipments.courier, courier), eq(shipments.consignmentId, update.consignmentId)))
  if (!found) return update.invoice ? rememberConsignment(app, courier, update) : 'ignored'
  return app.db.transaction(async (tx): Promise<UpdateOutcome> => {
    const order = await lockOrder(tx, found.orderId)
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, found.id)).for('update')
    if (shipment?.state !== 'booked') return 'ignored' as const
    const now = app.clock.now()
    if (!isNews(shipment, update)) {
      await tx.update(shipments).set({ checkedAt: now }).where(eq(shipments.id, shipment.id))
      return 'ignored' as const
    }
    await tx
      .update(shipments)
      .set({
        status: update.status,
        raw: update.raw,
        statusAt: update.at ? new Date(update.at) : null,
        checkedAt: now,
        updatedAt: now,
      })
      .where(eq(shipments.id, shipment.id))
    const to = orderMoveFor(update.status)
    if (!to || order.status !== 'shipped') return 'recorded' as const
    await courierSaid(app, tx, order, to, `${COURIER_LABELS[courier]}: ${update.raw}`)
    return 'moved' as const
  })
}

/**
 * Pathao's `order.created` can come before the booking's own answer, or instead of one that was lost: the
 * consignment id is kept on the shipment still being booked, where findByInvoice reads it.
 */
async function rememberConsignment(
  app: FastifyInstance,
  courier: CourierName,
  update: CourierUpdate,
): Promise<UpdateOutcome> {
  if (update.status !== 'booked' || !update.invoice) return 'ignored'
  const [queued] = await app.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.courier, courier),
        eq(shipments.invoice, update.invoice),
        eq(shipments.state, 'queued'),
        isNull(shipments.consignmentId),
      ),
    )
    .orderBy(desc(shipments.id))
    .limit(1)
  if (!queued) return 'ignored'
  try {
    await app.db
      .update(shipments)
      .set({ consignmentId: update.consignmentId })
      .where(and(eq(shipments.id, queued.id), isNull(shipments.consignmentId)))
  } catch (error) {
    // another shipment already holds this consignment: it is that one's
    if (uniqueViolation(error)) return 'ignored'
    throw error
  }
  return 'recorded'
}

/** The consignment a courier announced for a shipment still being booked (Pathao's findByInvoice). */
export async function announcedConsignment(
  app: FastifyInstance,
  courier: CourierName,
  invoice: string,
): Promise<string | null> {
  const [row] = await app.db
    .select({ consignmentId: shipments.consignmentId })
    .from(shipments)
    .where(and(eq(shipments.courier, courier), eq(shipments.invoice, invoice), eq(shipments.state, 'queued')))
    .orderBy(desc(shipments.id))
    .limit(1)
  return row?.consignmentId ?? null
}

/** The next poll's time: the next half hour, the same for every instance and start (its job key). */
export function nextPollAt(now: Date): Date {
  return new Date((Math.floor(now.getTime() / POLL_EVERY_MS) + 1) * POLL_EVERY_MS)
}

export function queuePoll(app: FastifyInstance, now: Date): Promise<void> {
  const runAt = nextPollAt(now)
  return app.jobs.enqueue(COURIER_POLL, {}, { runAt, key: `${COURIER_POLL}:${runAt.toISOString()}` })
}

/**
 * Every half hour: each parcel on its way that its courier has said nothing of for POLL_EVERY_MS (no webhook,
 * or a webhook that was lost) is asked after, and what the courier says is applied as a webhook's would be.
 * A parcel the courier does not answer for is asked again at the next poll. Then the next poll is queued.
 */
export function pollJob(app: FastifyInstance, couriers: Partial<Record<CourierName, Courier>>): JobHandler {
  return async () => {
    // a poll queued before the couriers' credentials were taken away ends the chain
    if (Object.keys(couriers).length === 0) return
    const now = app.clock.now()
    try {
      const quiet = await app.db
        .select({ id: shipments.id, courier: shipments.courier, consignmentId: shipments.consignmentId })
        .from(shipments)
        .where(
          and(
            eq(shipments.state, 'booked'),
            notInArray(shipments.status, ['delivered', 'returned', 'cancelled']),
            or(
              isNull(shipments.checkedAt),
              lte(shipments.checkedAt, new Date(now.getTime() - POLL_EVERY_MS)),
            ),
          ),
        )
        .orderBy(asc(shipments.checkedAt))
        .limit(POLL_BATCH)
      await inTurns(quiet, 4, async (shipment) => {
        const courier = couriers[shipment.courier]
        if (!courier || !shipment.consignmentId) return
        try {
          const update = await courier.status(shipment.consignmentId)
          await applyUpdate(app, shipment.courier, { ...update, consignmentId: shipment.consignmentId })
        } catch (error) {
          app.log.warn(
            { shipment: shipment.id, error: (error as Error).message },
            'a courier could not say where a parcel is',
          )
        } finally {
          await app.db.update(shipments).set({ checkedAt: now }).where(eq(shipments.id, shipment.id))
        }
      })
    } finally {
      await queuePoll(app, now)
    }
  }
}
