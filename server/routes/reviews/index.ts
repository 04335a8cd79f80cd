import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { idParam } from '../../../src/contract/addresses'
import {
  myReviewsResponse,
  reviewCreateBody,
  reviewGuestBody,
  reviewListQuery,
  reviewListResponse,
  reviewResponse,
} from '../../../src/contract/reviews'
import type { Db } from '../../db/client'
import { products, reviews, uploads, users } from '../../db/schema'
import { productIdOfKey } from '../../domain/product-key'
import { badRequest, conflict, notFound } from '../../plugins/errors'
import { reserveOrRefuse } from '../../plugins/rate-limit'
import { uploadsOfRequester } from '../uploads/uploader'

type ReviewRow = typeof reviews.$inferSelect
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()
const view = (row: ReviewRow) => ({
  id: row.id,
  productId: row.productId,
  name: row.name,
  rating: row.rating,
  text: row.text,
  photos: row.photos,
  status: row.status,
  createdAt: iso(row.createdAt),
})

async function productBySlug(db: Pick<Db, 'select'>, slug: string) {
  const id = productIdOfKey(slug)
  const bySlug = id === null ? eq(products.slug, slug) : eq(products.id, id)
  const [row] = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(bySlug)
    .limit(1)
  if (!row) throw notFound('product_slug', 'Product not found')
  return row
}

/**
 * Photos must be files our uploader stored for this same shopper or guest (`uploadsOfRequester`): a path
 * seen in someone else's review cannot be attached to another.
 */
async function checkPhotos(db: Pick<Db, 'select'>, request: FastifyRequest, photos: string[]) {
  if (photos.length === 0) return
  const mine = uploadsOfRequester(request)
  const owned = mine
    ? await db
        .select({ path: uploads.path })
        .from(uploads)
        .where(and(inArray(uploads.path, photos), mine))
    : []
  const found = new Set(owned.map((row) => row.path))
  for (const [index, path] of photos.entries()) {
    if (!found.has(path)) throw badRequest(`photos.${index}`, 'Upload the photo first')
  }
}

/** Keeps the product's rating in step with its active reviews. */
async function refreshRating(db: Pick<Db, 'update'>, productId: number) {
  await db
    .update(products)
    .set({
      ratingAvg: sql`coalesce((select round(avg(${reviews.rating}), 2) from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'active'), 0)`,
      ratingCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'active')`,
    })
    .where(eq(products.id, productId))
}

function uniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: string; cause?: unknown }
    if (candidate.code === '23505') return true
    e = candidate.cause
  }
  return false
}

/** Reviews without an account, held for the shop to read: counted per client address and per number. */
export const guestReviewLimits = {
  address: { max: 10, windowMs: 60 * 60_000 },
  number: { max: 3, windowMs: 24 * 60 * 60_000 },
} as const

/** Reviews (SPEC §7): the active list with its averages, one review per product per shopper, guest reviews held. */
export default async function reviewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/review',
    { schema: { tags: ['reviews'], querystring: reviewListQuery, response: { 200: reviewListResponse } } },
    async (request) => {
      const { currentPage, perPage, product_slug } = request.query
      const product = await productBySlug(app.db, product_slug)
      const active = and(eq(reviews.productId, product.id), eq(reviews.status, 'active'))
      const [rows, stars] = await Promise.all([
        app.db
          .select()
          .from(reviews)
          .where(active)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(perPage)
          .offset((currentPage - 1) * perPage),
        app.db
          .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
          .from(reviews)
          .where(active)
          .groupBy(reviews.rating),
      ])
      const counts: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }
      let total = 0
      let sum = 0
      for (const star of stars) {
        const count = Number(star.count)
        counts[String(star.rating)] = count
        total += count
        sum += star.rating * count
      }
      return {
        data: rows.map(view),
        currentPage,
        perPage,
        total,
        average: total === 0 ? 0 : Math.round((sum / total) * 100) / 100,
        counts,
      }
    },
  )

  const createForUser = async (request: FastifyRequest & { body: z.output<typeof reviewCreateBody> }) => {
    const userId = request.user?.id ?? 0
    const product = await productBySlug(app.db, request.body.product_slug)
    await checkPhotos(app.db, request, request.body.photos)
    const [user] = await app.db
      .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
      .from(users)
      .where(eq(users.id, userId))
    const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || 'Haat shopper'
    try {
      const created = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reviews)
          .values({
            productId: product.id,
            userId,
            name,
            phone: user?.phone ?? null,
            rating: request.body.rating,
            text: request.body.text,
            photos: request.body.photos,
            status: 'active',
          })
          .returning()
        await refreshRating(tx, product.id)
        if (!row) throw notFound('review', 'Review not found')
        return row
      })
      app.catalogue.forgetProducts([product.id])
      return created
    } catch (error) {
      if (uniqueViolation(error)) throw conflict({ product_slug: ['You have already reviewed this product'] })
      throw error
    }
  }

  for (const path of ['/review', '/review/product']) {
    app.post(
      path,
      {
        preHandler: app.requireUser,
        schema: { tags: ['reviews'], body: reviewCreateBody, response: { 201: reviewResponse } },
      },
      async (request, reply) => reply.code(201).send({ data: view(await createForUser(request)) }),
    )
  }

  app.post(
    '/review/product/without-login',
    { schema: { tags: ['reviews'], body: reviewGuestBody, response: { 201: reviewResponse } } },
    async (request, reply) => {
      await reserveOrRefuse(
        app,
        [
          { key: `review:ip:${request.ip}`, ...guestReviewLimits.address },
          { key: `review:phone:${request.body.phone}`, ...guestReviewLimits.number },
        ],
        'review',
        'Too many reviews.',
      )
      const product = await productBySlug(app.db, request.body.product_slug)
      await checkPhotos(app.db, request, request.body.photos)
      const [row] = await app.db
        .insert(reviews)
        .values({
          productId: product.id,
          userId: null,
          name: request.body.name,
          phone: request.body.phone,
          rating: request.body.rating,
          text: request.body.text,
          photos: request.body.photos,
          status: 'pending',
        })
        .returning()
      if (!row) throw notFound('review', 'Review not found')
      return reply.code(201).send({ data: view(row) })
    },
  )

  app.get(
    '/review/mine',
    { preHandler: app.requireUser, schema: { tags: ['reviews'], response: { 200: myReviewsResponse } } },
    async (request) => {
      const rows = await app.db
        .select({ review: reviews, productSlug: products.slug, productName: products.name })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.userId, request.user?.id ?? 0))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
      return {
        data: rows.map((row) => ({
          ...view(row.review),
          productSlug: row.productSlug,
          productName: row.productName,
        })),
        isUserReviewed: Object.fromEntries(rows.map((row) => [row.productSlug, true])),
      }
    },
  )

  app.delete(
    '/review/:id',
    { preHandler: app.requireUser, schema: { tags: ['reviews'], params: idParam } },
    async (request, reply) => {
      const removed = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .delete(reviews)
          .where(and(eq(reviews.id, request.params.id), eq(reviews.userId, request.user?.id ?? 0)))
          .returning({ productId: reviews.productId })
        if (row) await refreshRating(tx, row.productId)
        return row
      })
      if (!removed) throw notFound('review', 'Review not found')
      app.catalogue.forgetProducts([removed.productId])
      return reply.code(204).send()
    },
  )
}
