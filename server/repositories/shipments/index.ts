import { and, desc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  COURIER_LABELS,
  type CourierInfo,
  type CourierName,
  type CourierRecord,
  courierNames,
  type Shipment,
  type ShipResult,
} from '../../../src/contract/couriers'
import { type Courier, CourierRefused, CourierUnclear } from '../../couriers/courier'
import { createPathao, PATHAO_SANDBOX_URL } from '../../couriers/pathao'
import { createSteadfast, STEADFAST_URL } from '../../couriers/steadfast'
import { isoTime } from '../../db/results'
import { orders, shipments } from '../../db/schema'
import { conflict } from '../../domain/errors'
import { isShippable } from '../../domain/shipping'
import type { Actor } from '../audit'
import { BOOK_ATTEMPTS, bookingJob, COURIER_BOOK } from './booking'
import { type CourierPlaces, createCourierPlaces } from './places'
import {
  announcedConsignment,
  applyUpdate,
  COURIER_POLL,
  pollJob,
  queuePoll,
  type UpdateOutcome,
} from './updates'

/** Parcels sent with couriers: booking them through the job queue, and following them to the shopper's door. */
export type ShipmentsRepository = {
  /** the couriers whose credentials are set */
  couriers: Partial<Record<CourierName, Courier>>
  /** every courier Haat knows, with whether this shop can book with it */
  available(): CourierInfo[]
  /**
   * Queues one booking per order that is confirmed or packed and has no shipment under way (each in its own
   * transaction on the locked order, so a second press, however close, queues nothing); 409 `courier` when the
   * courier is not set up.
   */
  ship(ids: readonly number[], courier: CourierName, actor: Actor): Promise<ShipResult>
  /**
   * A number as each courier that offers a fraud check knows it across its merchants, asked now (each ask
   * counts against the courier's limits); a courier that cannot answer says nothing (null).
   */
  courierRecords(phone: string): Promise<CourierRecord[]>
  /** the order's latest shipment, for the back office */
  ofOrder(orderId: number): Promise<Shipment | null>
  /** where the shopper follows the order's parcel, once booked */
  trackingUrl(orderId: number): Promise<string | null>
  /** a courier's status webhook: null when it is not genuine, else what it did */
  webhook(
    courier: CourierName,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<UpdateOutcome | null>
  places: CourierPlaces
}

declare module 'fastify' {
  interface FastifyInstance {
    shipments: ShipmentsRepository
  }
}

type ShipmentRow = typeof shipments.$inferSelect

const shipmentOf = (row: ShipmentRow): Shipment => ({
  id: row.id,
  courier: row.courier,
  state: row.state,
  consignmentId: row.consignmentId,
  trackingCode: row.trackingCode,
  trackingUrl: row.trackingUrl,
  status: row.status,
  raw: row.raw,
  codAmount: row.codAmount,
  fee: row.fee,
  error: row.error,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
})

/** The couriers the configuration sets up (server/config.ts checks that each is set up whole or not at all). */
function configuredCouriers(app: FastifyInstance): Partial<Record<CourierName, Courier>> {
  const config = app.config
  const couriers: Partial<Record<CourierName, Courier>> = {}
  if (
    config.PATHAO_CLIENT_ID &&
    config.PATHAO_CLIENT_SECRET &&
    config.PATHAO_USERNAME &&
    config.PATHAO_PASSWORD &&
    config.PATHAO_STORE_ID &&
    config.PATHAO_WEBHOOK_SECRET
  ) {
    couriers.pathao = createPathao({
      baseUrl: config.PATHAO_BASE_URL ?? PATHAO_SANDBOX_URL,
      clientId: config.PATHAO_CLIENT_ID,
      clientSecret: config.PATHAO_CLIENT_SECRET,
      username: config.PATHAO_USERNAME,
      password: config.PATHAO_PASSWORD,
      storeId: config.PATHAO_STORE_ID,
      webhookSecret: config.PATHAO_WEBHOOK_SECRET,
      timeoutMs: config.COURIER_TIMEOUT_MS,
      now: () => app.clock.now().getTime(),
      bookedConsignment: (invoice) => announcedConsignment(app, 'pathao', invoice),
    })
  }
  if (config.STEADFAST_API_KEY && config.STEADFAST_SECRET_KEY) {
    couriers.steadfast = createSteadfast({
      baseUrl: config.STEADFAST_BASE_URL ?? STEADFAST_URL,
      apiKey: config.STEADFAST_API_KEY,
      secretKey: config.STEADFAST_SECRET_KEY,
      webhookToken: config.STEADFAST_WEBHOOK_TOKEN,
      timeoutMs: config.COURIER_TIMEOUT_MS,
    })
  }
  return couriers
}

export function createShipmentsRepository(app: FastifyInstance): ShipmentsRepository {
  const couriers = configuredCouriers(app)
  const places = createCourierPlaces(app, couriers.pathao)

  /** one order's booking, queued in the transaction that finds the order shippable */
  const queueOne = (id: number, courier: CourierName, actor: Actor) =>
    app.db.transaction(async (tx): Promise<string | null> => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
      if (!order) return 'not-found'
      if (!isShippable(order.status)) return order.status
      const now = app.clock.now()
      // the unique index of live shipments (one per order) is the last word: a conflict inserts nothing
      const [created] = await tx
        .insert(shipments)
        .values({
          orderId: id,
          courier,
          invoice: order.number,
          staffId: actor.staffId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: shipments.id })
      if (!created) {
        const [live] = await tx
          .select({ state: shipments.state })
          .from(shipments)
          .where(and(eq(shipments.orderId, id), ne(shipments.state, 'failed')))
        return live?.state ?? 'queued'
      }
      await app.jobs.enqueue(
        COURIER_BOOK,
        { shipmentId: created.id, staffId: actor.staffId, ip: actor.ip },
        { tx, key: `${COURIER_BOOK}:${id}:${created.id}`, maxAttempts: BOOK_ATTEMPTS },
      )
      await app.audit.record(
        actor,
        { action: 'order.ship', objectType: 'order', objectId: id, before: null, after: { courier } },
        tx,
      )
      return null
    })

  return {
    couriers,
    places,

    available: () =>
      courierNames.map((name) => ({
        name,
        label: COURIER_LABELS[name],
        configured: Boolean(couriers[name]),
        webhook:
          name === 'pathao'
            ? Boolean(couriers.pathao)
            : Boolean(couriers.steadfast && app.config.STEADFAST_WEBHOOK_TOKEN),
        places: Boolean(couriers[name]?.places),
        records: Boolean(couriers[name]?.fraudCheck),
      })),

    async ship(ids, courier, actor) {
      if (!couriers[courier])
        throw conflict({ courier: [`${COURIER_LABELS[courier]} is not set up for this shop`] })
      const result: ShipResult = { queued: 0, skipped: [] }
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const skipped = await queueOne(id, courier, actor)
        if (skipped) result.skipped.push({ id, status: skipped })
        else result.queued += 1
      }
      return result
    },

    courierRecords(phone) {
      const asked = Object.entries(couriers).filter(([, courier]) => courier?.fraudCheck)
      return Promise.all(
        asked.map(async ([name, courier]) => {
          try {
            return { courier: name as CourierName, record: (await courier?.fraudCheck?.(phone)) ?? null }
          } catch (error) {
            if (!(error instanceof CourierRefused || error instanceof CourierUnclear)) throw error
            app.log.warn(
              { courier: name, error: error.message },
              'the courier could not be asked for a record',
            )
            return { courier: name as CourierName, record: null }
          }
        }),
      )
    },

    async ofOrder(orderId) {
      const [row] = await app.db
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, orderId))
        .orderBy(desc(shipments.id))
        .limit(1)
      return row ? shipmentOf(row) : null
    },

    async trackingUrl(orderId) {
      const [row] = await app.db
        .select({ url: shipments.trackingUrl })
        .from(shipments)
        .where(and(eq(shipments.orderId, orderId), eq(shipments.state, 'booked')))
        .orderBy(desc(shipments.id))
        .limit(1)
      return row?.url ?? null
    },

    async webhook(name, headers, body) {
      const update = couriers[name]?.webhook?.(headers, body) ?? null
      return update ? applyUpdate(app, name, update) : null
    },
  }
}

export default fp(
  async function shipmentsRepository(app: FastifyInstance) {
    const repository = createShipmentsRepository(app)
    app.decorate('shipments', repository)
    app.jobs.handle(COURIER_BOOK, bookingJob(app, repository.couriers, repository.places))
    app.jobs.handle(COURIER_POLL, pollJob(app, repository.couriers))
    // the poll keeps itself going; an app that can book with a courier makes sure one is queued
    if (Object.keys(repository.couriers).length > 0) {
      app.addHook('onReady', async () => {
        await queuePoll(app, app.clock.now()).catch((error: unknown) =>
          app.log.warn({ error: (error as Error).message }, 'the courier poll could not be queued'),
        )
      })
    }
  },
  { name: 'shipments-repository', dependencies: ['context', 'jobs', 'admin-orders-repository'] },
)
