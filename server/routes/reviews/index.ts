import type { FastifyInstance } from 'fastify'

/** reviews routes: registered by app.ts under /api/v1 (seo: at the root). */
export default async function reviewsRoutes(_app: FastifyInstance) {}
