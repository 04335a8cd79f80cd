import type { FastifyInstance } from 'fastify'

/** user routes: registered by app.ts under /api/v1 (seo: at the root). */
export default async function userRoutes(_app: FastifyInstance) {}
