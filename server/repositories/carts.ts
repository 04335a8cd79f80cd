import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ServerCartItem } from '../../src/contract/cart'
import type { Db } from '../db/client'
import { cartItems, cartMerges, skus } from '../db/schema'
import { mergeCarts } from '../domain/cart-merge'

type Line = { skuId: number; quantity: number }
type Reader = Pick<Db, 'select'>

/** A signed-in shopper's cart on the server (storefront §7): every quantity is kept between 1 and the sku's stock. */
export type CartsRepository = {
  /** the shopper's lines, oldest first */
  list(userId: number): Promise<ServerCartItem[]>
  /** adds to the sku's line (made when missing), capped at stock; undefined when the sku is unknown */
  add(userId: number, line: Line): Promise<ServerCartItem | undefined>
  /** changes one of the shopper's lines; undefined when it is not theirs */
  update(
    userId: number,
    id: number,
    changes: { quantity?: number; status?: ServerCartItem['status'] },
  ): Promise<ServerCartItem | undefined>
  /** removes one of the shopper's lines; false when it is not theirs */
  remove(userId: number, id: number): Promise<boolean>
  /**
   * Adds a local cart: quantities per sku are added and capped at stock; a merge id is applied once per
   * shopper, so the same local cart sent again (retry, second tab) changes nothing.
   */
  merge(userId: number, mergeId: string, lines: Line[]): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    carts: CartsRepository
  }
}

const itemFields = {
  id: cartItems.id,
  productId: cartItems.productId,
  skuId: cartItems.skuId,
  quantity: cartItems.quantity,
  status: cartItems.status,
}

async function stockOf(db: Reader, skuIds: number[]) {
  if (skuIds.length === 0) return new Map<number, { stock: number; productId: number }>()
  const rows = await db
    .select({ id: skus.id, stock: skus.stockQuantity, productId: skus.productId })
    .from(skus)
    .where(inArray(skus.id, skuIds))
  return new Map(rows.map((row) => [row.id, { stock: row.stock, productId: row.productId }]))
}

export function createCartsRepository(app: FastifyInstance): CartsRepository {
  const ownLine = (userId: number, id: number) => and(eq(cartItems.id, id), eq(cartItems.userId, userId))
  const list = (userId: number) =>
    app.db.select(itemFields).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.id))

  return {
    list,
    async add(userId, { skuId, quantity: added }) {
      const found = (await stockOf(app.db, [skuId])).get(skuId)
      if (!found) return undefined
      return app.db.transaction(async (tx) => {
        const [existing] = await tx
          .select(itemFields)
          .from(cartItems)
          .where(and(eq(cartItems.userId, userId), eq(cartItems.skuId, skuId)))
          .for('update')
        const quantity = Math.max(1, Math.min((existing?.quantity ?? 0) + added, found.stock))
        const [row] = await tx
          .insert(cartItems)
          .values({ userId, productId: found.productId, skuId, quantity })
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.skuId],
            set: { quantity, status: 'active', updatedAt: app.clock.now() },
          })
          .returning(itemFields)
        return row
      })
    },
    async update(userId, id, { quantity, status }) {
      const [current] = await app.db
        .select({ skuId: cartItems.skuId })
        .from(cartItems)
        .where(ownLine(userId, id))
      if (!current) return undefined
      const changes: Partial<typeof cartItems.$inferInsert> = { updatedAt: app.clock.now() }
      if (quantity !== undefined) {
        const stock = (await stockOf(app.db, [current.skuId])).get(current.skuId)?.stock ?? 1
        changes.quantity = Math.max(1, Math.min(quantity, stock))
      }
      if (status) changes.status = status
      const [row] = await app.db
        .update(cartItems)
        .set(changes)
        .where(ownLine(userId, id))
        .returning(itemFields)
      return row
    },
    async remove(userId, id) {
      const removed = await app.db
        .delete(cartItems)
        .where(ownLine(userId, id))
        .returning({ id: cartItems.id })
      return removed.length > 0
    },
    async merge(userId, mergeId, local) {
      await app.db.transaction(async (tx) => {
        const claimed = await tx
          .insert(cartMerges)
          .values({ userId, mergeId })
          .onConflictDoNothing()
          .returning({ mergeId: cartMerges.mergeId })
        if (claimed.length === 0) return
        const current = await tx
          .select(itemFields)
          .from(cartItems)
          .where(eq(cartItems.userId, userId))
          .for('update')
        const ids = [...new Set([...current.map((c) => c.skuId), ...local.map((l) => l.skuId)])]
        const stock = await stockOf(tx, ids)
        const merged = mergeCarts(current, local, new Map([...stock].map(([id, s]) => [id, s.stock])))
        for (const line of merged) {
          const productId = stock.get(line.skuId)?.productId
          if (productId === undefined) continue
          await tx
            .insert(cartItems)
            .values({ userId, productId, skuId: line.skuId, quantity: line.quantity })
            .onConflictDoUpdate({
              target: [cartItems.userId, cartItems.skuId],
              set: { quantity: line.quantity, updatedAt: app.clock.now() },
            })
        }
      })
    },
  }
}

export default fp(
  async function cartsRepository(app: FastifyInstance) {
    app.decorate('carts', createCartsRepository(app))
  },
  { name: 'carts-repository', dependencies: ['context'] },
)
