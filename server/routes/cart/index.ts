import type { FastifyInstance, FastifyRequest } from 'fastify'
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
import { requestLanguage } from '../../../src/contract/language'
import { combineLines } from '../../domain/checkout'
import { lineOverLimit } from '../../domain/order-limits'
import { translateMessage } from '../../messages/translate'
import { notFound } from '../../plugins/errors'
import { optionLabel } from '../../repositories/catalogue/refs'

/** The cart quote for everyone, and the server cart of storefront §7 for logged-in shoppers. */
export default async function cartRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const userOf = (request: { user: { id: number } | null }) => request.user?.id ?? 0
  /**
   * A signed-in shopper's cart changed: kept as their number's cart left behind (docs/carts-left-behind.md); the
   * cart's own answer never waits on a failure there.
   */
  const noteCart = async (request: FastifyRequest) => {
    if (!request.user) return
    const language = requestLanguage(request.headers['accept-language'])
    await app.cartsLeft
      .noteServerCart(request.user.id, language)
      .catch((error: unknown) => request.log.warn({ error: String(error) }, 'cart left behind not kept'))
  }

  app.post(
    '/cart/quote',
    { schema: { tags: ['cart'], body: quoteBody, response: { 200: quoteResponse } } },
    async (request) => {
      const {
        priced: _priced,
        estimates,
        ...data
      } = await app.pricing.quote(
        combineLines(request.body.lines),
        request.body.coupon,
        request.body.zone,
        request.user ? { userId: request.user.id, asked: request.body.points } : undefined,
      )
      // what the cart and the checkout show about the lines, the coupon and the delivery, in the shopper's language
      const language = requestLanguage(
        request.headers['accept-language'],
        (request.query as { lang?: unknown }).lang,
      )
      const say = (text: string) => translateMessage(text, language)
      // a line over what one order may take is shown as the order will be refused, before checkout
      const limits = (await app.settings.current()).settings.orderLimits
      const refs = await app.catalogue.refs(language)
      const named = (kind: 'size' | 'colour', value: string | null) =>
        value === null ? null : optionLabel(refs, kind, value)
      return {
        data: {
          ...data,
          lines: data.lines.map((line) => {
            const problem = line.problem ?? lineOverLimit(line, limits)
            return {
              ...line,
              size: named('size', line.size),
              colour: named('colour', line.colour),
              problem: problem === null ? null : say(problem),
            }
          }),
          couponError: data.couponError === null ? null : say(data.couponError),
          deliveryEstimate: language === 'bn' ? estimates.bn || estimates.en : estimates.en,
        },
      }
    },
  )

  app.get(
    '/cart',
    { preHandler: app.requireUser, schema: { tags: ['cart'], response: { 200: serverCartResponse } } },
    async (request) => ({ data: await app.carts.list(userOf(request)) }),
  )

  // adding a sku already in the cart adds to its quantity, capped at stock
  app.post(
    '/cart',
    {
      preHandler: app.requireUser,
      schema: { tags: ['cart'], body: cartAddBody, response: { 200: serverCartItemResponse } },
    },
    async (request) => {
      const item = await app.carts.add(userOf(request), request.body)
      if (!item) throw notFound('skuId', 'This item is no longer available')
      await noteCart(request)
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
      const item = await app.carts.update(userOf(request), request.params.id, request.body)
      if (!item) throw notFound('cart', 'Cart item not found')
      await noteCart(request)
      return { data: item }
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
      if (!(await app.carts.remove(userId, request.params.id))) throw notFound('cart', 'Cart item not found')
      await noteCart(request)
      return { data: await app.carts.list(userId) }
    },
  )

  // the local cart joins the server's at login, once per merge id (app.carts.merge)
  app.post(
    '/cart/merge',
    {
      preHandler: app.requireUser,
      schema: { tags: ['cart'], body: cartMergeBody, response: { 200: serverCartResponse } },
    },
    async (request) => {
      const userId = userOf(request)
      await app.carts.merge(userId, request.body.mergeId, combineLines(request.body.lines))
      await noteCart(request)
      return { data: await app.carts.list(userId) }
    },
  )
}
