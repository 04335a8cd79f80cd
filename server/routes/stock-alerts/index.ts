import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { apiError } from '../../../src/contract/common'
import { stockAlertAnswer, stockAlertBody } from '../../../src/contract/stock-alerts'
import { translateMessage } from '../../messages/translate'
import { perAddress, reserveOrRefuse } from '../../plugins/rate-limit'

/**
 * Requests to be told, counted per client address and per number: a stranger cannot flood a phone (with the
 * repository's few open requests per number, and one per sku).
 */
export const stockAlertLimits = {
  address: { max: 20, windowMs: 60 * 60_000 },
  number: { max: 10, windowMs: 24 * 60 * 60_000 },
} as const

export const STOCK_ALERT_TAKEN = "We'll text you when it's back"

/** "Notify me when it's back" on a sold-out size or colour (storefront §2, back in stock, docs/decisions/0040). */
export default async function stockAlertRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/stock-alerts',
    {
      schema: {
        tags: ['products'],
        body: stockAlertBody,
        response: { 201: stockAlertAnswer, 400: apiError, 404: apiError, 422: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const { sku, phone, language } = request.body
      await reserveOrRefuse(
        app,
        [
          perAddress(app, `stock-alert:ip:${request.ip}`, stockAlertLimits.address),
          { key: `stock-alert:phone:${phone}`, ...stockAlertLimits.number },
        ],
        'phone',
        'Too many requests to be told.',
      )
      await app.stockAlerts.request({ skuId: sku, phone, language, userId: request.user?.id ?? null })
      return reply.code(201).send({ data: { message: translateMessage(STOCK_ALERT_TAKEN, language) } })
    },
  )
}
