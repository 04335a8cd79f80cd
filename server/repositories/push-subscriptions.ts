import { asc, eq, inArray, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Language } from '../../src/contract/language'
import type { Tx } from '../db/client'
import { pushSubscriptions } from '../db/schema'

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

/** whom a subscription tells: a signed-in shopper (all their orders) or a guest's one order */
export type PushOwner = { userId: number } | { orderId: number }

export type SavedSubscription = {
  endpoint: string
  p256dh: string
  auth: string
  language: Language
  owner: PushOwner
}

/** a shopper's browsers, or a guest's for one order, kept at most: the oldest goes when one more comes */
export const SUBSCRIPTIONS_PER_OWNER = 10

/** The browsers that asked to be told of orders (docs/push.md). */
export type PushSubscriptionsRepository = {
  /** keeps a subscription; the same endpoint again takes the row over (new keys, owner, language) */
  save(subscription: SavedSubscription): Promise<void>
  /** removes the subscription of this endpoint; false when there was none */
  remove(endpoint: string): Promise<boolean>
  /** the subscriptions that follow an order: its shopper's, or the guest's for this order */
  forOrder(order: { id: number; userId: number | null }, tx?: Tx): Promise<PushSubscriptionRow[]>
  /** a signed-in shopper's browsers */
  forUser(userId: number): Promise<PushSubscriptionRow[]>
  byId(id: number): Promise<PushSubscriptionRow | undefined>
  /** the push service said it is over (404, 410) */
  removeById(id: number): Promise<void>
}

export function createPushSubscriptionsRepository(app: FastifyInstance): PushSubscriptionsRepository {
  return {
    async save({ endpoint, p256dh, auth, language, owner }) {
      const userId = 'userId' in owner ? owner.userId : null
      const orderId = 'orderId' in owner ? owner.orderId : null
      await app.db.transaction(async (tx) => {
        const now = app.clock.now()
        await tx
          .insert(pushSubscriptions)
          .values({ endpoint, p256dh, auth, language, userId, orderId, createdAt: now })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { p256dh, auth, language, userId, orderId, createdAt: now },
          })
        const ownedBy =
          userId !== null ? eq(pushSubscriptions.userId, userId) : eq(pushSubscriptions.orderId, orderId ?? 0)
        const owned = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(ownedBy)
          .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
        const over = owned.slice(0, Math.max(0, owned.length - SUBSCRIPTIONS_PER_OWNER)).map((row) => row.id)
        if (over.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, over))
      })
    },

    async remove(endpoint) {
      const removed = await app.db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint))
        .returning({ id: pushSubscriptions.id })
      return removed.length > 0
    },

    forOrder(order, tx) {
      const guests = eq(pushSubscriptions.orderId, order.id)
      return (tx ?? app.db)
        .select()
        .from(pushSubscriptions)
        .where(order.userId === null ? guests : or(guests, eq(pushSubscriptions.userId, order.userId)))
        .orderBy(asc(pushSubscriptions.id))
    },

    forUser(userId) {
      return app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id))
    },

    async byId(id) {
      const [row] = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))
      return row
    },

    async removeById(id) {
      await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    pushSubscriptions: PushSubscriptionsRepository
  }
}

export default fp(
  async function pushSubscriptionsRepository(app: FastifyInstance) {
    app.decorate('pushSubscriptions', createPushSubscriptionsRepository(app))
  },
  { name: 'push-subscriptions-repository', dependencies: ['context'] },
)
