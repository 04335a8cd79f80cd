import type { FastifyInstance } from 'fastify'

/** (being written) */
export default async function importRoutes(_app: FastifyInstance) {}
