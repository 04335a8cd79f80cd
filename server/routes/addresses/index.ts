import type { FastifyInstance } from 'fastify'

/** addresses routes: registered by app.ts under /api/v1 (seo: at the root). */
export default async function addressesRoutes(_app: FastifyInstance) {}
