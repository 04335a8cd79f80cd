import type { FastifyInstance, FastifyRequest } from 'fastify'

/** The shop's public origin: PUBLIC_URL, or the one the request came to. */
export function shopOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`
}
