import type { FastifyInstance } from 'fastify'

/** seo routes: registered by app.ts under /api/v1 (seo: at the root). */
export default async function seoRoutes(_app: FastifyInstance) {}
