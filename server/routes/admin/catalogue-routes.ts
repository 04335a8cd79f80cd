import type { FastifyInstance } from 'fastify'

/** (being written) */
export default async function catalogueRoutes(_app: FastifyInstance) {}
