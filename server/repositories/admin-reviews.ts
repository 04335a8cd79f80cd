import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AdminReview, ReviewStatus } from '../../src/contract/admin-reviews'
import { isoTime } from '../db/results'
import { products, reviews } from '../db/schema'
import { notFound } from '../domain/errors'
import type { Actor } from './audit'
import { refreshRating } from './reviews'

/** A moderation step: the review's new state, or its new reply ('' removes it). */
export type ReviewChange = { status: 'active' | 'rejected' } | { reply: string }

/**
 * The back office's review queue: guests' reviews wait here (and signed-in shoppers' when the settings hold
 * them), and any review can be shown, hidden or answered.
 */
export type AdminReviewsRepository = {
  /** one page of the reviews in `status`, newest first, and how many are pending */
  list(query: {
    status: ReviewStatus
    page: number
    perPage: number
  }): Promise<{ rows: AdminReview[]; hasNext: boolean; pending: number }>
  /**
   * Applies the change with its audit entry; the product's rating follows. Answers the review and whether
   * anything changed (the product's kept answers must then be dropped); 404 when there is no such review.
   */
  change(id: number, change: ReviewChange, actor: Actor): Promise<{ review: AdminReview; changed: boolean }>
}

declare module 'fastify' {
  interface FastifyInstance {
    adminReviews: AdminReviewsRepository
  }
}

const columns = {
  review: reviews,
  productName: products.name,
  productSlug: products.slug,
}

export function createAdminReviewsRepository(app: FastifyInstance): AdminReviewsRepository {
  const mediaRoot = app.config.MEDIA_PUBLIC_URL ?? '/media'
  const view = (row: {
    review: typeof reviews.$inferSelect
    productName: string
    productSlug: string
  }): AdminReview => ({
    id: row.review.id,
    product: { id: row.review.productId, name: row.productName, slug: row.productSlug },
    rating: row.review.rating,
    text: row.review.text,
    photos: row.review.photos.map((path) => ({ path, url: `${mediaRoot}/${path}` })),
    name: row.review.name,
    phone: row.review.phone,
    byCustomer: row.review.userId !== null,
    status: row.review.status,
    createdAt: isoTime(row.review.createdAt),
    reply: row.review.reply,
    repliedAt: row.review.repliedAt ? isoTime(row.review.repliedAt) : null,
  })

  return {
    async list({ status, page, perPage }) {
      const [rows, [pending]] = await Promise.all([
        app.db
          .select(columns)
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(eq(reviews.status, status))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(perPage + 1)
          .offset((page - 1) * perPage),
        app.db
          .select({ count: sql<number>`count(*)::int` })
          .from(reviews)
          .where(eq(reviews.status, 'pending')),
      ])
      return {
        rows: rows.slice(0, perPage).map(view),
        hasNext: rows.length > perPage,
        pending: Number(pending?.count ?? 0),
      }
    },

    change(id, change, actor) {
      return app.db.transaction(async (tx) => {
        const [row] = await tx
          .select(columns)
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(eq(reviews.id, id))
          .for('update', { of: reviews })
        if (!row) throw notFound('id', 'Review not found')
        const before = row.review
        const set =
          'status' in change
            ? { status: change.status }
            : { reply: change.reply || null, repliedAt: change.reply ? app.clock.now() : null }
        const changed =
          'status' in change ? before.status !== change.status : (before.reply ?? '') !== change.reply
        if (!changed) return { review: view(row), changed }
        const [after] = await tx.update(reviews).set(set).where(eq(reviews.id, id)).returning()
        if (!after) throw notFound('id', 'Review not found')
        if ('status' in change) await refreshRating(tx, before.productId)
        const verb = 'status' in change ? (change.status === 'active' ? 'approve' : 'hide') : 'reply'
        await app.audit.record(
          actor,
          {
            action: `review.${verb}`,
            objectType: 'review',
            objectId: id,
            before: 'status' in change ? { status: before.status } : { reply: before.reply },
            after: 'status' in change ? { status: after.status } : { reply: after.reply },
          },
          tx,
        )
        return { review: view({ ...row, review: after }), changed }
      })
    },
  }
}

export default fp(
  async function adminReviewsRepository(app: FastifyInstance) {
    app.decorate('adminReviews', createAdminReviewsRepository(app))
  },
  { name: 'admin-reviews-repository', dependencies: ['context'] },
)
