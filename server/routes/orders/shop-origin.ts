import type { FastifyInstance } from 'fastify'
import { linkOrigin, localOrigin } from '../../config'

/**
 * Where a payment gateway sends the shopper back, and where a link the shop hands out points: the one rule of
 * `linkOrigin` (PUBLIC_URL, never the request's Host). Production without PUBLIC_URL refuses a gateway at start,
 * so this machine's address only ever stands in outside production.
 */
export function shopOrigin(app: FastifyInstance): string {
  return linkOrigin(app.config) ?? localOrigin(app.config)
}
