import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  adminReviewAnswer,
  adminReviewsAnswer,
  adminReviewsQuery,
  reviewIdParams,
  reviewReplyBody,
} from '../../../src/contract/admin-reviews'
import { apiError } from '../../../src/contract/common'
import type { ReviewChange } from '../../repositories/admin-reviews'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError }

/** The review queue: guests' reviews wait for a decision; any review can be shown, hidden or answered. */
export default async function reviewsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const access = { capability: 'reviews.moderate' } as const

  app.get(
    '/admin/reviews',
    {
      config: access,
      schema: {
        tags: ['admin'],
        querystring: adminReviewsQuery,
        response: { 200: adminReviewsAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { status, page, perPage } = request.query
      const { rows, hasNext, pending } = await app.adminReviews.list({ status, page, perPage })
      reply.header('cache-control', 'no-store')
      return { data: rows, meta: { page, perPage, hasNext, pending } }
    },
  )

  /** the change, then the product's kept answers (its rating, its review list) dropped everywhere */
  const apply = async (request: FastifyRequest, id: number, change: ReviewChange) => {
    const { review } = await app.adminReviews.change(id, change, {
      staffId: request.staff?.id ?? null,
      ip: request.ip,
    })
    return { data: review }
  }

  const moderation = {
    config: access,
    schema: {
      tags: ['admin'],
      params: reviewIdParams,
      response: { 200: adminReviewAnswer, ...refusals },
    },
  }
  app.post('/admin/reviews/:id/approve', moderation, (request) =>
    apply(request, request.params.id, { status: 'active' }),
  )
  app.post('/admin/reviews/:id/hide', moderation, (request) =>
    apply(request, request.params.id, { status: 'rejected' }),
  )
  app.post(
    '/admin/reviews/:id/reply',
    { ...moderation, schema: { ...moderation.schema, body: reviewReplyBody } },
    (request) => apply(request, request.params.id, { reply: request.body.text }),
  )
}
