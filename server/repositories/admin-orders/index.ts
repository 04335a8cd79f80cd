import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  type AdminOrder,
  type BulkStatusBody,
  type BulkStatusResult,
  canMove,
  ORDER_TRANSITIONS,
  type OrderEditAnswer,
  type OrderEditBody,
  type OrderPrintData,
  type StatusChangeBody,
} from '../../../src/contract/admin-orders'
import type { OrderStatus } from '../../../src/contract/orders'
import { queryRows } from '../../db/client'
import { isoTime } from '../../db/results'
import { orderLines, orderStatusHistory, orders, users } from '../../db/schema'
import { orderAttributionOf } from '../../domain/attribution'
import type { CsvRow } from '../../domain/csv'
import { notFound } from '../../domain/errors'
import { amountDue } from '../../domain/order-money'
import type { Actor } from '../audit'
import { deliveryRecordColumns, deliveryRecordOf, previousShopOf } from '../delivery-record'
import { editOrder } from '../order-lifecycle/edit'
import { EXPIRE_UNPAID, expireUnpaid } from '../order-lifecycle/expire'
import { checkVersion, lockedOrder, lockOrder, staffName } from '../order-lifecycle/lock'
import { transition } from '../order-lifecycle/transition'
import { reasonOf } from '../orders'
import { exportRows, listOrders, type OrderFilters, type OrderListFilters, type OrderListPage } from './list'
import { printOrders } from './print'

/** The back office's orders: the list, one order whole, and the moves staff make. */
export type AdminOrdersRepository = {
  list(filters: OrderListFilters): Promise<OrderListPage>
  /** the order as the shopper reads it, with what staff see besides; null when there is none */
  detail(id: number): Promise<AdminOrder | null>
  /** the order's mobile number alone (what the couriers are asked about); null when there is no such order */
  phoneOf(id: number): Promise<string | null>
  /**
   * Moves the order (locked) when it is still at `change.version` (409 `version`) and may make the move
   * (409 `status`); answers the order after it.
   */
  changeStatus(id: number, change: StatusChangeBody, actor: Actor): Promise<AdminOrder>
  /**
   * Changes the lines, address or delivery charge of an order not yet packed (see ./edit.ts); with
   * `dryRun` answers the order as it would be and keeps nothing.
   */
  edit(id: number, body: OrderEditBody, actor: Actor): Promise<OrderEditAnswer>
  /** a note only staff read; the order's version stays (a note changes nothing another page shows) */
  addNote(id: number, note: string, actor: Actor): Promise<AdminOrder>
  /** each order its own move, in its own transaction; those that cannot make it are skipped */
  bulkStatus(ids: readonly number[], to: BulkStatusBody['to'], actor: Actor): Promise<BulkStatusResult>
  /** CSV lines, header first: the orders the filters match, or those of `ids` */
  exportCsv(filters: OrderFilters, ids?: readonly number[]): AsyncGenerator<CsvRow>
  /** cancels an order still waiting for its payment (the expiry job); answers whether it did */
  expireUnpaid(id: number): Promise<boolean>
  /** invoices' and labels' data of the orders of `ids`, in that order, with the shop's details */
  print(ids: readonly number[]): Promise<OrderPrintData>
  /**
   * How many orders came in after the one of id `since`, counted (ids can skip: an order refused for stock
   * still spends one), at most `cap` + 1.
   */
  countSince(since: number, cap: number): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    adminOrders: AdminOrdersRepository
  }
}

export function createAdminOrdersRepository(app: FastifyInstance): AdminOrdersRepository {
  async function phoneOf(id: number): Promise<string | null> {
    const [row] = await app.db.select({ phone: orders.phone }).from(orders).where(eq(orders.id, id))
    return row?.phone ?? null
  }

  async function detail(id: number): Promise<AdminOrder | null> {
    const [row] = await app.db.select().from(orders).where(eq(orders.id, id))
    if (!row) return null
    const [view, events, lines, record, previous, paid, shipment] = await Promise.all([
      app.orders.view(row),
      app.db
        .select({
          kind: orderStatusHistory.kind,
          status: orderStatusHistory.status,
          note: orderStatusHistory.note,
          changes: orderStatusHistory.changes,
          reasonCode: orderStatusHistory.reasonCode,
          createdAt: orderStatusHistory.createdAt,
          staffId: orderStatusHistory.staffId,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
        })
        .from(orderStatusHistory)
        .leftJoin(users, eq(users.id, orderStatusHistory.staffId))
        .where(eq(orderStatusHistory.orderId, id))
        .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
      app.db
        .select({ skuId: orderLines.skuId, quantity: orderLines.returnedQuantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, id))
        .orderBy(asc(orderLines.id)),
      app.db.select(deliveryRecordColumns).from(orders).where(eq(orders.phone, row.phone)),
      previousShopOf(app.db, row.phone),
      app.payments.ofOrder(id),
      app.shipments.ofOrder(id),
    ])
    const counted = record[0]
    return {
      ...view,
      version: row.version,
      updatedAt: isoTime(row.updatedAt),
      next: [...ORDER_TRANSITIONS[row.status as OrderStatus]],
      events: events.map((event) => ({
        kind: event.kind,
        status: event.status,
        note: event.note,
        ...(event.changes ? { changes: event.changes } : {}),
        ...reasonOf(event.reasonCode),
        by: event.staffId === null ? null : staffName(event),
        createdAt: isoTime(event.createdAt),
      })),
      returned: lines,
      record: deliveryRecordOf(counted, previous),
      payments: paid.map((payment) => ({
        provider: payment.provider,
        reference: payment.reference,
        amount: payment.amount,
        state: payment.state,
        transactionId: payment.transactionId,
        payer: payment.payer,
        detail: payment.detail,
        refunded: payment.refunded,
        createdAt: isoTime(payment.createdAt),
      })),
      shipment,
      source: row.source,
      attribution: orderAttributionOf(row),
      manualDiscountReason: row.manualDiscountReason,
      cash:
        row.collected > 0
          ? {
              collected: row.collected,
              charges: row.courierCharges,
              settledAt: row.settledAt ? isoTime(row.settledAt) : null,
            }
          : null,
    }
  }

  const found = async (id: number) => {
    const order = await detail(id)
    if (!order) throw notFound('order', 'Order not found')
    return order
  }

  return {
    list: (filters) => listOrders(app.db, filters),
    detail,
    phoneOf,

    async changeStatus(id, change, actor) {
      await app.db.transaction(async (tx) => {
        const row = await lockOrder(tx, id)
        await checkVersion(tx, row, change.version)
        await transition(app, tx, row, { kind: 'move', change }, actor)
      })
      return found(id)
    },

    async edit(id, body, actor) {
      const edited = await editOrder(app, id, body, actor)
      const order = await found(id)
      const meta = { dryRun: edited.dryRun, changes: edited.changes }
      if (!edited.dryRun) return { data: order, meta }
      // a dry run: the order as it is, with the lines, totals and address the edit would give it
      const { delivery } = (await app.settings.current()).settings
      const { lines, totals, address, zone, paymentStatus } = edited.after
      const back = new Map(order.returned.map((line) => [line.skuId, line.quantity]))
      const money = order.money && {
        ...order.money,
        ...amountDue({ ...order.money, total: totals.total }, order.status),
      }
      return {
        data: {
          ...order,
          lines,
          totals,
          address,
          zone,
          paymentStatus,
          ...(money ? { money } : {}),
          deliveryEstimate: delivery[zone].estimate.en,
          deliveryEstimates: {
            en: delivery[zone].estimate.en,
            bn: delivery[zone].estimate.bn || delivery[zone].estimate.en,
          },
          returned: lines.map((line) => ({ skuId: line.skuId, quantity: back.get(line.skuId) ?? 0 })),
        },
        meta,
      }
    },

    async addNote(id, note, actor) {
      await app.db.transaction(async (tx) => {
        await transition(app, tx, await lockOrder(tx, id), { kind: 'noted', note }, actor)
      })
      return found(id)
    },

    async bulkStatus(ids, to, actor) {
      const result: BulkStatusResult = { changed: 0, skipped: [] }
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const skipped = await app.db.transaction(async (tx) => {
          const row = await lockedOrder(tx, id)
          if (!row) return 'not-found'
          if (!canMove(row.status as OrderStatus, to)) return row.status
          await transition(app, tx, row, { kind: 'move', change: { to, version: row.version } }, actor)
          return null
        })
        if (skipped) result.skipped.push({ id, status: skipped })
        else result.changed++
      }
      return result
    },

    exportCsv: (filters, ids) => exportRows(app.db, filters, ids),
    print: (ids) => printOrders(app, ids),

    async countSince(since, cap) {
      const [row] = await queryRows<{ count: number }>(
        app.db,
        sql`select count(*)::int as count from (select 1 from orders where id > ${since} limit ${cap + 1}) newer`,
      )
      return Number(row?.count ?? 0)
    },

    expireUnpaid: (id) => expireUnpaid(app, id),
  }
}

export default fp(
  async function adminOrdersRepository(app: FastifyInstance) {
    const repository = createAdminOrdersRepository(app)
    app.decorate('adminOrders', repository)
    // an order waiting for an online payment gives its stock back when the payment does not come in time
    app.jobs.handle(EXPIRE_UNPAID, async (payload) => {
      const orderId = Number(payload.orderId)
      if (Number.isInteger(orderId) && orderId > 0) await repository.expireUnpaid(orderId)
    })
  },
  {
    name: 'admin-orders-repository',
    dependencies: ['context', 'jobs', 'orders-repository', 'payments-repository'],
  },
)
