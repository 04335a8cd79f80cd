import { ECDH } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requestLanguage } from '../../../src/contract/language'
import {
  ENDPOINT_MESSAGE,
  pushKeyResponse,
  pushSubscribedResponse,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '../../../src/contract/push'
import { badRequest, notFound, unauthorized } from '../../plugins/errors'
import { type Limit, perAddress, reserveOrRefuse } from '../../plugins/rate-limit'
import type { PushOwner } from '../../repositories/push-subscriptions'

const MINUTE = 60_000

/** a guest proves their order as a lookup does (number and mobile number), counted as narrowly */
const guestLimits = {
  pair: { max: 10, windowMs: 15 * MINUTE },
  address: { max: 30, windowMs: 15 * MINUTE },
} as const

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The push services browsers subscribe with (Chrome and Android's, Firefox's, Apple's, Edge's): the server posts
 * only to these, so a made-up subscription cannot point the shop's requests at another host.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
]

const isPushService = (hostname: string) =>
  PUSH_SERVICE_HOSTS.some((host) => hostname === host || hostname.endsWith(`.${host}`))

/**
 * An endpoint a push may be sent to: https on a browser's push service, or (outside production, for the tests'
 * fake) http on loopback.
 */
function endpointAllowed(app: FastifyInstance, endpoint: string): boolean {
  const url = new URL(endpoint)
  if (url.username || url.password) return false
  if (url.protocol === 'https:' && url.port === '' && isPushService(url.hostname)) return true
  return app.config.NODE_ENV !== 'production' && LOOPBACK_NAMES.has(url.hostname)
}

/** the browser's key is a point of P-256: one that is not would make every push fail */
function isP256Point(base64url: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(base64url, 'base64url'), 'prime256v1')
    return true
  } catch {
    return false
  }
}

/**
 * Web push (docs/push.md): the shop's public key, and a browser's subscription kept or removed. A signed-in
 * shopper subscribes for all their orders; a guest for the one order whose number and mobile number they give.
 */
export default async function pushRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()

  app.get('/push/key', { schema: { tags: ['push'], response: { 200: pushKeyResponse } } }, async () => ({
    data: { publicKey: await app.push.publicKey() },
  }))

  app.post(
    '/push/subscriptions',
    { schema: { tags: ['push'], body: pushSubscriptionBody, response: { 201: pushSubscribedResponse } } },
    async (request, reply) => {
      const { endpoint, keys, order } = request.body
      if (!endpointAllowed(app, endpoint)) throw badRequest('endpoint', ENDPOINT_MESSAGE)
      if (!isP256Point(keys.p256dh)) throw badRequest('keys.p256dh', 'This is not a P-256 public key')
      let owner: PushOwner
      if (request.user) {
        owner = { userId: request.user.id }
      } else if (order) {
        const limits: Limit[] = [
          { key: `push:pair:${order.phone}:${request.ip}`, ...guestLimits.pair },
          perAddress(app, `push:ip:${request.ip}`, guestLimits.address),
        ]
        await reserveOrRefuse(app, limits, 'order', 'Too many attempts to find an order.')
        const row = await app.orders.findByNumber(order.number, order.phone)
        if (!row) throw notFound('order', 'No order with this number and mobile number')
        owner = { orderId: row.id }
      } else {
        throw unauthorized()
      }
      const language = requestLanguage(request.headers['accept-language'])
      await app.pushSubscriptions.save({ endpoint, p256dh: keys.p256dh, auth: keys.auth, language, owner })
      return reply.code(201).send({ data: { subscribed: true } })
    },
  )

  app.delete(
    '/push/subscriptions',
    { schema: { tags: ['push'], body: pushUnsubscribeBody, response: { 200: pushSubscribedResponse } } },
    async (request) => {
      // the endpoint is the browser's secret: whoever holds it may end it
      await app.pushSubscriptions.remove(request.body.endpoint)
      return { data: { subscribed: false } }
    },
  )
}
