import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  type NumberFacts,
  type OrderDraft,
  type OrderDraftContent,
  orderDraftBody,
  type StaffOrderQuote,
} from '../../src/contract/admin-order-create'
import { type OrderAddress, orderAddress } from '../../src/contract/orders'
import { isoTime } from '../db/results'
import { orderDrafts, orders, users } from '../db/schema'
import { notFound } from '../domain/errors'
import type { Actor } from './audit'
import { deliveryRecordColumns, deliveryRecordOf, previousShopOf } from './delivery-record'
import { staffName } from './order-lifecycle/lock'
import type { Placed } from './order-lifecycle/place'
import { quoteTakenOrder, type StaffQuoteRequest, type TakeInput, takeOrder } from './order-lifecycle/take'

/** the most drafts a shop keeps: the oldest go when more are saved */
export const DRAFTS_KEPT = 200

/** Orders the staff take by hand: priced while they are taken, placed, and saved half-taken as drafts. */
export type OrderTakingRepository = {
  quote(body: StaffQuoteRequest): Promise<StaffOrderQuote>
  /** what the shop knows of a number an order is taken for */
  number(phone: string): Promise<NumberFacts>
  take(input: TakeInput): Promise<Placed>
  drafts(): Promise<OrderDraft[]>
  draft(id: number): Promise<OrderDraft>
  saveDraft(content: OrderDraftContent, actor: Actor, id?: number): Promise<OrderDraft>
  removeDraft(id: number, actor: Actor): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    orderTaking: OrderTakingRepository
  }
}

export function createOrderTakingRepository(app: FastifyInstance): OrderTakingRepository {
  const select = () =>
    app.db
      .select({
        id: orderDrafts.id,
        content: orderDrafts.content,
        createdAt: orderDrafts.createdAt,
        updatedAt: orderDrafts.updatedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
      })
      .from(orderDrafts)
      .leftJoin(users, eq(users.id, orderDrafts.createdBy))

  type Selected = Awaited<ReturnType<ReturnType<typeof select>['limit']>>[number]
  const asDraft = (row: Selected): OrderDraft => ({
    id: row.id,
    // drafts are read back through the contract: one saved by an older form loses what it no longer knows
    content: orderDraftBody.safeParse(row.content).data ?? { lines: [], notes: '' },
    createdBy: row.firstName === null ? null : staffName(row),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  })

  async function draft(id: number) {
    const [row] = await select().where(eq(orderDrafts.id, id)).limit(1)
    if (!row) throw notFound('draft', 'This draft is gone: it was finished or deleted')
    return asDraft(row)
  }

  async function number(phone: string): Promise<NumberFacts> {
    const [account, latest, [record], previous, blocked] = await Promise.all([
      app.accounts.byPhone(phone),
      app.db
        .select({ customerName: orders.customerName, address: orders.address })
        .from(orders)
        .where(eq(orders.phone, phone))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(20),
      app.db.select(deliveryRecordColumns).from(orders).where(eq(orders.phone, phone)),
      previousShopOf(app.db, phone),
      app.accounts.isBlocked({ userId: null, phone }),
    ])
    const accountName = account ? `${account.firstName} ${account.lastName}`.trim() : ''
    const addresses = new Map<string, OrderAddress>()
    for (const row of latest) {
      const parsed = orderAddress.safeParse(row.address)
      if (!parsed.success) continue
      const { street, area, district } = parsed.data
      const key = `${street}|${area}|${district}`.toLowerCase()
      if (!addresses.has(key) && addresses.size < 3) addresses.set(key, parsed.data)
    }
    return {
      phone,
      name: accountName || latest[0]?.customerName || null,
      addresses: [...addresses.values()],
      record: deliveryRecordOf(record, previous),
      blocked,
    }
  }

  return {
    quote: (body) => quoteTakenOrder(app, body),
    number,
    take: (input) => takeOrder(app, input),
    drafts: async () =>
      (await select().orderBy(desc(orderDrafts.updatedAt), desc(orderDrafts.id)).limit(DRAFTS_KEPT)).map(
        asDraft,
      ),
    draft,

    async saveDraft(content, actor, id) {
      const now = app.clock.now()
      const savedId = await app.db.transaction(async (tx) => {
        if (id !== undefined) {
          const [row] = await tx
            .update(orderDrafts)
            .set({ content, updatedAt: now })
            .where(eq(orderDrafts.id, id))
            .returning({ id: orderDrafts.id })
          if (!row) throw notFound('draft', 'This draft is gone: it was finished or deleted')
          await app.audit.record(
            actor,
            { action: 'order-draft.update', objectType: 'order-draft', objectId: id },
            tx,
          )
          return row.id
        }
        const [row] = await tx
          .insert(orderDrafts)
          .values({ content, createdBy: actor.staffId, createdAt: now, updatedAt: now })
          .returning({ id: orderDrafts.id })
        if (!row) throw new Error('draft insert returned nothing')
        // the oldest go once the shop keeps more than DRAFTS_KEPT
        await tx.execute(
          sql`delete from ${orderDrafts} where ${orderDrafts.id} not in (select id from ${orderDrafts} order by updated_at desc, id desc limit ${DRAFTS_KEPT})`,
        )
        await app.audit.record(
          actor,
          { action: 'order-draft.create', objectType: 'order-draft', objectId: row.id },
          tx,
        )
        return row.id
      })
      return draft(savedId)
    },

    async removeDraft(id, actor) {
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .delete(orderDrafts)
          .where(eq(orderDrafts.id, id))
          .returning({ id: orderDrafts.id })
        if (!row) throw notFound('draft', 'This draft is gone: it was finished or deleted')
        await app.audit.record(
          actor,
          { action: 'order-draft.delete', objectType: 'order-draft', objectId: id },
          tx,
        )
      })
    },
  }
}

export default fp(
  async function orderTakingRepository(app: FastifyInstance) {
    app.decorate('orderTaking', createOrderTakingRepository(app))
  },
  {
    name: 'order-taking-repository',
    dependencies: [
      'context',
      'orders-repository',
      'pricing-repository',
      'audit-repository',
      'accounts-repository',
    ],
  },
)
