import type { FastifyInstance } from 'fastify'

/** (being written) */
export default async function contentRoutes(_app: FastifyInstance) {}
