import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { API_KEY_HEADER } from '../../src/contract/common'

/**
 * Paths under /api that answer without the api key: the health check, and the link an order lookup gives to
 * pay (a browser navigation, its order sealed in the link)
 */
const openPaths = new Set(['/api/health', '/api/v1/orders/pay'])
/**
 * payment gateways call back, and send the shopper's browser back, without the shop's key; the provider
 * verifies each message itself (bKash: its own record, asked by execute)
 */
const paymentCallback = /^\/api\/v1\/payments\/[a-z0-9_-]+\/(callback|return)$/
/** couriers post their status webhooks without it; each carries the courier's own secret, checked by its client */
const courierWebhook = /^\/api\/v1\/couriers\/(pathao|steadfast)\/webhook$/

function isGuarded(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url
  if (!path.startsWith('/api/')) return false
  if (openPaths.has(path) || paymentCallback.test(path) || courierWebhook.test(path)) return false
  return !path.startsWith('/api/docs')
}

/** Every /api/** request carries the shop's api key (`x-api-key`), storefront §7. */
export default fp(async function apiKey(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isGuarded(request.url)) return
    const given = request.headers[API_KEY_HEADER]
    if (given === app.config.API_KEY) return
    const message = given ? 'The api key is not valid' : 'The api key is missing'
    return reply.code(401).send({ error: { apiKey: [message] } })
  })
})
