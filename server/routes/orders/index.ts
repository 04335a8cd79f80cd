import type { FastifyInstance } from 'fastify'

/** orders routes: registered by app.ts under /api/v1 (seo: at the root). */
export default async function ordersRoutes(_app: FastifyInstance) {}
