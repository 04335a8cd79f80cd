import type { FastifyInstance } from 'fastify'

/** uploads routes: registered by app.ts under /api/v1 (seo: at the root). */
export default async function uploadsRoutes(_app: FastifyInstance) {}
