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
import { namelessReviewer } from '../../domain/name'
import { answerLanguage, badRequest, notFound } from '../../plugins/errors'
import { perAddress, reserveOrRefuse } from '../../plugins/rate-limit'
import { requesterOf } from '../../plugins/uploader'

/** Reviews without an account, held for the shop to read: counted per client address and per number. */
export const guestReviewLimits = {
  address: { max: 10, windowMs: 60 * 60_000 },
  number: { max: 3, windowMs: 24 * 60 * 60_000 },
} as const

/**
 * Reviews (storefront §7): the active list with its averages, one review per product per shopper, guest
 * reviews held, and signed-in shoppers' too when the shop's settings say so.
 */
export default async function reviewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  const productOf = async (key: string) => {
    const product = await app.reviews.product(key)
    if (!product) throw notFound('product_slug', 'Product not found')
    return product
  }

  /**
   * Photos must be files our uploader stored for this same shopper or guest (`requesterOf`): a path seen
   * in someone else's review cannot be attached to another.
   */
  const checkPhotos = async (request: FastifyRequest, photos: string[]) => {
    if (photos.length === 0) return
    const owned = await app.uploads.ownedBy(requesterOf(request), photos)
    for (const [index, path] of photos.entries()) {
      if (!owned.has(path)) throw badRequest(`photos.${index}`, 'Upload the photo first')
    }
  }

  app.get(
    '/review',
    { schema: { tags: ['reviews'], querystring: reviewListQuery, response: { 200: reviewListResponse } } },
    async (request) => {
      const { currentPage, perPage, product_slug } = request.query
      const product = await productOf(product_slug)
      const { reviews, stars } = await app.reviews.page(product.id, { currentPage, perPage })
      const counts: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }
      let total = 0
      let sum = 0
      for (const [rating, count] of stars) {
        counts[String(rating)] = count
        total += count
        sum += rating * count
      }
      return {
        data: reviews,
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
    const product = await productOf(request.body.product_slug)
    await checkPhotos(request, request.body.photos)
    const { rating, text, photos } = request.body
    const language = answerLanguage(request.headers, request.url)
    const nameless = namelessReviewer(await app.settings.shopName(language), language)
    const held = (await app.settings.current()).settings.reviews.holdSignedIn
    const created = await app.reviews.addForUser(
      userId,
      { productId: product.id, ...(await app.reviews.author(userId, nameless)), rating, text, photos },
      held,
    )
    return created
  }

  for (const path of ['/review', '/review/product']) {
    app.post(
      path,
      {
        preHandler: app.requireUser,
        schema: { tags: ['reviews'], body: reviewCreateBody, response: { 201: reviewResponse } },
      },
      async (request, reply) => reply.code(201).send({ data: await createForUser(request) }),
    )
  }

  app.post(
    '/review/product/without-login',
    { schema: { tags: ['reviews'], body: reviewGuestBody, response: { 201: reviewResponse } } },
    async (request, reply) => {
      await reserveOrRefuse(
        app,
        [
          perAddress(app, `review:ip:${request.ip}`, guestReviewLimits.address),
          { key: `review:phone:${request.body.phone}`, ...guestReviewLimits.number },
        ],
        'review',
        'Too many reviews.',
      )
      const product = await productOf(request.body.product_slug)
      await checkPhotos(request, request.body.photos)
      const { name, phone, rating, text, photos } = request.body
      const review = await app.reviews.addForGuest({
        productId: product.id,
        name,
        phone,
        rating,
        text,
        photos,
      })
      return reply.code(201).send({ data: review })
    },
  )

  app.get(
    '/review/mine',
    { preHandler: app.requireUser, schema: { tags: ['reviews'], response: { 200: myReviewsResponse } } },
    async (request) => {
      const mine = await app.reviews.mine(request.user?.id ?? 0)
      return {
        data: mine,
        isUserReviewed: Object.fromEntries(mine.map((review) => [review.productSlug, true])),
      }
    },
  )

  app.delete(
    '/review/:id',
    { preHandler: app.requireUser, schema: { tags: ['reviews'], params: idParam } },
    async (request, reply) => {
      const productId = await app.reviews.removeOwn(request.params.id, request.user?.id ?? 0)
      if (productId === undefined) throw notFound('review', 'Review not found')
      return reply.code(204).send()
    },
  )
}
