import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { MyReviewsResponse, Review } from '../../src/contract/reviews'
import type { Db } from '../db/client'
import { isoTime, uniqueViolation } from '../db/results'
import { products, reviews, users } from '../db/schema'
import { conflict } from '../domain/errors'
import { productIdOfKey } from '../domain/product-key'

type NewReview = {
  productId: number
  name: string
  phone: string | null
  rating: number
  text: string
  photos: string[]
}

/** Product reviews: one per product per shopper; a product's rating follows its active reviews. */
export type ReviewsRepository = {
  /** the product a review is about, by slug or id */
  product(key: string): Promise<{ id: number; slug: string } | undefined>
  /** a page of the product's active reviews, newest first, with how many it has of each star */
  page(
    productId: number,
    page: { currentPage: number; perPage: number },
  ): Promise<{ reviews: Review[]; stars: Map<number, number> }>
  /** the name and number a shopper's review is signed with (`nameless` when their account has no name) */
  author(userId: number, nameless: string): Promise<{ name: string; phone: string | null }>
  /**
   * A shopper's review: shown at once, or held for the shop to read when `held` (the shop's setting); a
   * second one of the same product is refused (409).
   */
  addForUser(userId: number, review: NewReview, held: boolean): Promise<Review>
  /** a guest's review, held for the shop to read */
  addForGuest(review: NewReview): Promise<Review>
  /** the shopper's reviews with their products */
  mine(userId: number): Promise<MyReviewsResponse['data']>
  /** removes one of the shopper's reviews; answers its product, undefined when it is not theirs */
  removeOwn(id: number, userId: number): Promise<number | undefined>
}

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsRepository
  }
}

type ReviewRow = typeof reviews.$inferSelect
const view = (row: ReviewRow): Review => ({
  id: row.id,
  productId: row.productId,
  name: row.name,
  rating: row.rating,
  text: row.text,
  photos: row.photos,
  status: row.status,
  createdAt: isoTime(row.createdAt),
  reply: row.reply,
})

/** Keeps the product's rating in step with its active reviews. */
export async function refreshRating(db: Pick<Db, 'update'>, productId: number) {
  await db
    .update(products)
    .set({
      ratingAvg: sql`coalesce((select round(avg(${reviews.rating}), 2) from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'active'), 0)`,
      ratingCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'active')`,
    })
    .where(eq(products.id, productId))
}

export function createReviewsRepository(app: FastifyInstance): ReviewsRepository {
  return {
    async product(key) {
      const id = productIdOfKey(key)
      const [row] = await app.db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(id === null ? eq(products.slug, key) : eq(products.id, id))
        .limit(1)
      return row
    },

    async page(productId, { currentPage, perPage }) {
      const active = and(eq(reviews.productId, productId), eq(reviews.status, 'active'))
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
      return { reviews: rows.map(view), stars: new Map(stars.map((s) => [s.rating, Number(s.count)])) }
    },

    async author(userId, nameless) {
      const [user] = await app.db
        .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
        .from(users)
        .where(eq(users.id, userId))
      const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || nameless
      return { name, phone: user?.phone ?? null }
    },

    async addForUser(userId, review, held) {
      try {
        return await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(reviews)
            .values({ ...review, userId, status: held ? 'pending' : 'active' })
            .returning()
          if (!row) throw new Error('review insert returned nothing')
          if (!held) await refreshRating(tx, review.productId)
          return view(row)
        })
      } catch (error) {
        if (uniqueViolation(error))
          throw conflict({ product_slug: ['You have already reviewed this product'] })
        throw error
      }
    },

    async addForGuest(review) {
      const [row] = await app.db
        .insert(reviews)
        .values({ ...review, userId: null, status: 'pending' })
        .returning()
      if (!row) throw new Error('review insert returned nothing')
      return view(row)
    },

    async mine(userId) {
      const rows = await app.db
        .select({ review: reviews, productSlug: products.slug, productName: products.name })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.userId, userId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
      return rows.map((row) => ({
        ...view(row.review),
        productSlug: row.productSlug,
        productName: row.productName,
      }))
    },

    async removeOwn(id, userId) {
      const removed = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .delete(reviews)
          .where(and(eq(reviews.id, id), eq(reviews.userId, userId)))
          .returning({ productId: reviews.productId })
        if (row) await refreshRating(tx, row.productId)
        return row
      })
      return removed?.productId
    },
  }
}

export default fp(
  async function reviewsRepository(app: FastifyInstance) {
    app.decorate('reviews', createReviewsRepository(app))
  },
  { name: 'reviews-repository', dependencies: ['context'] },
)
