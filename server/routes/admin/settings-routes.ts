import type { FastifyInstance } from 'fastify'

/** (being written) */
export default async function settingsRoutes(_app: FastifyInstance) {}
