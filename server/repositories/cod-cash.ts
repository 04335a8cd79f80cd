import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { CashSettleBody, CodPayout, CodWaiting } from '../../src/contract/admin-cod-cash'
import type { CourierName } from '../../src/contract/couriers'
import { queryRows, type Tx } from '../db/client'
import { isoTime } from '../db/results'
import { readPayout } from '../domain/courier-payouts'
import { conflict, invalid } from '../domain/errors'
import type { Actor } from './audit'
import { checkVersion, lockOrder } from './order-lifecycle/lock'
import { transition } from './order-lifecycle/transition'
import type { OrderRow } from './orders'

/** the most orders the waiting list shows (the sum counts them all) */
export const WAITING_SHOWN = 500

/** Cash on delivery, closed: the cash the couriers hold for the shop, and their payouts recorded. */
export type CodCashRepository = {
  waiting(): Promise<CodWaiting>
  /** how many delivered orders' cash the couriers still hold, and how much */
  withCouriers(): Promise<{ orders: number; amount: number }>
  settle(orderId: number, body: CashSettleBody, actor: Actor): Promise<void>
  payout(csv: string, dryRun: boolean, actor: Actor): Promise<CodPayout>
}

declare module 'fastify' {
  interface FastifyInstance {
    codCash: CodCashRepository
  }
}

const cents = (taka: number) => Math.round(taka * 100)
const note = (collected: number, charges: number) =>
  `Cash paid out by the courier: TK ${collected.toFixed(2)} collected, TK ${charges.toFixed(2)} kept`

/** Why an order's cash cannot be recorded as paid out now, or null when it can. */
function notSettleable(
  order: Pick<OrderRow, 'number' | 'status' | 'collected' | 'settledAt'>,
): string | null {
  if (order.status !== 'delivered') return `Order ${order.number} is not delivered`
  if (order.settledAt) return `The cash of order ${order.number} was paid out already`
  if (order.collected <= 0) return `Nothing was collected for order ${order.number}`
  return null
}

type Found = { id: number; number: string; consignment_id: string | null; courier: CourierName | null }

export function createCodCashRepository(app: FastifyInstance): CodCashRepository {
  async function settleLocked(tx: Tx, order: OrderRow, collected: number, charges: number, actor: Actor) {
    const problem = notSettleable(order)
    if (problem) throw conflict({ payment: [problem] })
    if (cents(charges) > cents(collected)) {
      throw invalid('charges', 'The courier cannot keep more than it collected')
    }
    await transition(
      app,
      tx,
      order,
      { kind: 'cash-settled', note: note(collected, charges), collected, charges, at: app.clock.now() },
      actor,
    )
  }

  return {
    async waiting() {
      const rows = await queryRows<{
        id: number
        number: string
        customer_name: string
        courier: CourierName | null
        delivered_at: Date
        collected: string
        total_orders: number
        total_amount: string
      }>(
        app.db,
        sql`
        select o.id, o.number, o.customer_name, s.courier, coalesce(h.at, o.updated_at) as delivered_at,
          o.collected::text, count(*) over ()::int as total_orders, sum(o.collected) over ()::text as total_amount
        from orders o
        left join lateral (
          select max(created_at) as at from order_status_history
          where order_id = o.id and status = 'delivered' and kind = 'status'
        ) h on true
        left join lateral (
          select courier from shipments where order_id = o.id and state <> 'failed' order by id desc limit 1
        ) s on true
        where o.status = 'delivered' and o.collected > 0 and o.settled_at is null
        order by delivered_at, o.id
        limit ${WAITING_SHOWN}`,
      )
      const now = app.clock.now().getTime()
      const [first] = rows
      const total = first
        ? { orders: Number(first.total_orders), amount: Number(first.total_amount) }
        : { orders: 0, amount: 0 }
      return {
        orders: rows.map((row) => {
          const at = new Date(row.delivered_at)
          return {
            id: Number(row.id),
            number: row.number,
            customerName: row.customer_name,
            courier: row.courier,
            deliveredAt: isoTime(at),
            days: Math.max(0, Math.floor((now - at.getTime()) / 86_400_000)),
            collected: Number(row.collected),
          }
        }),
        total,
      }
    },

    async withCouriers() {
      const [row] = await queryRows<{ orders: number; amount: string }>(
        app.db,
        sql`select count(*)::int as orders, coalesce(sum(collected), 0)::text as amount from orders
          where status = 'delivered' and collected > 0 and settled_at is null`,
      )
      return { orders: Number(row?.orders ?? 0), amount: Number(row?.amount ?? 0) }
    },

    async settle(orderId, { collected, charges, version }, actor) {
      await app.db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId)
        await checkVersion(tx, order, version)
        await settleLocked(tx, order, collected, charges, actor)
        await app.audit.record(
          actor,
          {
            action: 'order.cash-settle',
            objectType: 'order',
            objectId: order.id,
            before: { collected: order.collected, settledAt: null },
            after: { collected, charges },
          },
          tx,
        )
      })
    },

    async payout(csv, dryRun, actor) {
      const read = readPayout(csv)
      if ('refused' in read) throw invalid('csv', read.refused)
      const consignments = read.lines.flatMap((line) => (line.consignmentId ? [line.consignmentId] : []))
      const invoices = read.lines.flatMap((line) => (line.invoice ? [line.invoice] : []))
      // by consignment (the couriers' own id) and by the order's number, each off its own index
      const [byConsignment, byNumber] = await Promise.all([
        consignments.length
          ? queryRows<Found>(
              app.db,
              sql`
              select o.id, o.number, s.consignment_id, s.courier
              from shipments s join orders o on o.id = s.order_id
              where s.consignment_id = any(${sql.param(consignments)}::text[]) and s.state <> 'failed'`,
            )
          : [],
        invoices.length
          ? queryRows<Found>(
              app.db,
              sql`
              select o.id, o.number, s.consignment_id, s.courier
              from orders o
              left join lateral (
                select consignment_id, courier from shipments
                where order_id = o.id and state <> 'failed' order by id desc limit 1
              ) s on true
              where o.number = any(${sql.param(invoices)}::text[])`,
            )
          : [],
      ])
      const found = [...byConsignment, ...byNumber]
      const problems: CodPayout['problems'] = read.problems.map((problem) => ({ ...problem, reference: '' }))
      const matched: {
        line: number
        orderId: number
        number: string
        courier: CourierName | null
        collected: number
        charges: number
      }[] = []
      const seen = new Set<number>()
      for (const line of read.lines) {
        const reference = line.consignmentId ?? line.invoice ?? ''
        const order =
          (line.consignmentId && found.find((row) => row.consignment_id === line.consignmentId)) ||
          (line.invoice && found.find((row) => row.number === line.invoice)) ||
          null
        if (!order) {
          problems.push({
            line: line.line,
            reference,
            message: 'No order of the shop has this consignment ID or invoice',
          })
        } else if (seen.has(Number(order.id))) {
          problems.push({ line: line.line, reference, message: `Order ${order.number} is in the file twice` })
        } else {
          seen.add(Number(order.id))
          matched.push({
            line: line.line,
            orderId: Number(order.id),
            number: order.number,
            courier: order.courier,
            collected: line.collected,
            charges: line.charges,
          })
        }
      }

      // each order locked in id order, checked as it is now, and paid out in the file's one transaction
      const settled: CodPayout['settled'] = []
      const work = async (tx: Tx) => {
        for (const entry of [...matched].sort((a, b) => a.orderId - b.orderId)) {
          const order = await lockOrder(tx, entry.orderId)
          const problem =
            notSettleable(order) ??
            (cents(entry.charges) > cents(entry.collected)
              ? `The courier kept more than it collected for order ${order.number}`
              : null)
          if (problem) {
            problems.push({ line: entry.line, reference: order.number, message: problem })
            continue
          }
          if (!dryRun) await settleLocked(tx, order, entry.collected, entry.charges, actor)
          settled.push({ ...entry, due: order.collected })
        }
        if (!dryRun && settled.length > 0) {
          await app.audit.record(
            actor,
            {
              action: 'cod.payout',
              objectType: 'order',
              objectId: null,
              after: { orders: settled.map((entry) => entry.number), problems: problems.length },
            },
            tx,
          )
        }
      }
      await app.db.transaction(work)

      settled.sort((a, b) => a.line - b.line)
      problems.sort((a, b) => a.line - b.line)
      const sum = (pick: (entry: (typeof settled)[number]) => number) =>
        settled.reduce((total, entry) => total + cents(pick(entry)), 0) / 100
      const collected = sum((entry) => entry.collected)
      const charges = sum((entry) => entry.charges)
      return {
        dryRun,
        settled,
        problems,
        totals: {
          orders: settled.length,
          collected,
          charges,
          paidOut: (cents(collected) - cents(charges)) / 100,
        },
      }
    },
  }
}

export default fp(
  async function codCashRepository(app: FastifyInstance) {
    app.decorate('codCash', createCodCashRepository(app))
  },
  { name: 'cod-cash-repository', dependencies: ['context', 'audit-repository'] },
)
