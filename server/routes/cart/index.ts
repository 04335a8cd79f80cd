import type { FastifyInstance } from 'fastify'

/** cart routes: registered by app.ts under /api/v1 (seo: at the root). */
export default async function cartRoutes(_app: FastifyInstance) {}
