import type { FastifyInstance } from 'fastify'
import { localOrigin } from '../../config'

/**
 * Where a payment gateway sends the shopper back, and where a link the shop hands out points: PUBLIC_URL, else
 * this machine (production refuses a gateway without PUBLIC_URL). Never the request's Host, which whoever sends
 * the request chooses.
 */
export function shopOrigin(app: FastifyInstance): string {
  return app.config.PUBLIC_URL ?? localOrigin(app.config)
}
