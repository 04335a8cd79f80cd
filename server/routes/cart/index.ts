import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParam } from '../../../src/contract/addresses'
import {
  cartAddBody,
  cartMergeBody,
  cartPatchBody,
  quoteBody,
  quoteResponse,
  serverCartItemResponse,
  serverCartResponse,
} from '../../../src/contract/cart'
import type { Db } from '../../db/client'
import { cartItems, cartMerges, skus } from '../../db/schema'
import { mergeCarts } from '../../domain/cart-merge'
import { combineLines } from '../../domain/checkout'
import { notFound } from '../../plugins/errors'
import { quote } from '../orders/pricing'

const itemFields = {
  id: cartItems.id,
  productId: cartItems.productId,
  skuId: cartItems.skuId,
  quantity: cartItems.quantity,
  status: cartItems.status,
}

type Reader = Pick<Db, 'select'>
const listCart = (db: Reader, userId: number) =>
  db.select(itemFields).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.id))

async function stockOf(db: Reader, skuIds: number[]) {
  if (skuIds.length === 0) return new Map<number, { stock: number; productId: number }>()
  const rows = await db
    .select({ id: skus.id, stock: skus.stockQuantity, productId: skus.productId })
    .from(skus)
    .where(inArray(skus.id, skuIds))
  return new Map(rows.map((row) => [row.id, { stock: row.stock, productId: row.productId }]))
}

/** The cart quote for everyone, and the server cart of SPEC §7 for logged-in shoppers. */
export default async function cartRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const userOf = (request: { user: { id: number } | null }) => request.user?.id ?? 0

  app.post(
    '/cart/quote',
    { schema: { tags: ['cart'], body: quoteBody, response: { 200: quoteResponse } } },
    async (request) => {
      const { priced: _priced, ...data } = await quote(
        app.db,
        combineLines(request.body.lines),
        request.body.coupon,
        request.body.zone,
      )
      return { data }
    },
  )

  app.get(
    '/cart',
    { preHandler: app.requireUser, schema: { tags: ['cart'], response: { 200: serverCartResponse } } },
    async (request) => ({ data: await listCart(app.db, userOf(request)) }),
  )

  // adding a sku already in the cart adds to its quantity, capped at stock
  app.post(
    '/cart',
    {
      preHandler: app.requireUser,
      schema: { tags: ['cart'], body: cartAddBody, response: { 200: serverCartItemResponse } },
    },
    async (request) => {
      const userId = userOf(request)
      const found = (await stockOf(app.db, [request.body.skuId])).get(request.body.skuId)
      if (!found) throw notFound('skuId', 'This item is no longer available')
      const item = await app.db.transaction(async (tx) => {
        const [existing] = await tx
          .select(itemFields)
          .from(cartItems)
          .where(and(eq(cartItems.userId, userId), eq(cartItems.skuId, request.body.skuId)))
          .for('update')
        const wanted = (existing?.quantity ?? 0) + request.body.quantity
        const quantity = Math.max(1, Math.min(wanted, found.stock))
        const [row] = await tx
          .insert(cartItems)
          .values({ userId, productId: found.productId, skuId: request.body.skuId, quantity })
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.skuId],
            set: { quantity, status: 'active', updatedAt: new Date() },
          })
          .returning(itemFields)
        return row
      })
      if (!item) throw notFound('skuId', 'This item is no longer available')
      return { data: item }
    },
  )

  app.patch(
    '/cart/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['cart'],
        params: idParam,
        body: cartPatchBody,
        response: { 200: serverCartItemResponse },
      },
    },
    async (request) => {
      const userId = userOf(request)
      const [current] = await app.db
        .select({ skuId: cartItems.skuId })
        .from(cartItems)
        .where(and(eq(cartItems.id, request.params.id), eq(cartItems.userId, userId)))
      if (!current) throw notFound('cart', 'Cart item not found')
      const changes: Partial<typeof cartItems.$inferInsert> = { updatedAt: new Date() }
      if (request.body.quantity !== undefined) {
        const stock = (await stockOf(app.db, [current.skuId])).get(current.skuId)?.stock ?? 1
        changes.quantity = Math.max(1, Math.min(request.body.quantity, stock))
      }
      if (request.body.status) changes.status = request.body.status
      const [row] = await app.db
        .update(cartItems)
        .set(changes)
        .where(and(eq(cartItems.id, request.params.id), eq(cartItems.userId, userId)))
        .returning(itemFields)
      if (!row) throw notFound('cart', 'Cart item not found')
      return { data: row }
    },
  )

  app.delete(
    '/cart/:id',
    {
      preHandler: app.requireUser,
      schema: { tags: ['cart'], params: idParam, response: { 200: serverCartResponse } },
    },
    async (request) => {
      const userId = userOf(request)
      const removed = await app.db
        .delete(cartItems)
        .where(and(eq(cartItems.id, request.params.id), eq(cartItems.userId, userId)))
        .returning({ id: cartItems.id })
      if (removed.length === 0) throw notFound('cart', 'Cart item not found')
      return { data: await listCart(app.db, userId) }
    },
  )

  // Merge rule (login): quantities per sku are added and capped at stock; a merge id is applied
  // once per shopper, so the same local cart sent again (retry, second tab) changes nothing.
  app.post(
    '/cart/merge',
    {
      preHandler: app.requireUser,
      schema: { tags: ['cart'], body: cartMergeBody, response: { 200: serverCartResponse } },
    },
    async (request) => {
      const userId = userOf(request)
      await app.db.transaction(async (tx) => {
        const claimed = await tx
          .insert(cartMerges)
          .values({ userId, mergeId: request.body.mergeId })
          .onConflictDoNothing()
          .returning({ mergeId: cartMerges.mergeId })
        if (claimed.length === 0) return
        const current = await tx
          .select(itemFields)
          .from(cartItems)
          .where(eq(cartItems.userId, userId))
          .for('update')
        const local = combineLines(request.body.lines)
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
              set: { quantity: line.quantity, updatedAt: new Date() },
            })
        }
      })
      return { data: await listCart(app.db, userId) }
    },
  )
}
