import type { FastifyInstance } from 'fastify'

/** auth routes: registered by app.ts under /api/v1 (seo: at the root). */
export default async function authRoutes(_app: FastifyInstance) {}
