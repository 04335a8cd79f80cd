import type { FastifyInstance } from 'fastify'

/** (being written) */
export default async function productEditorRoutes(_app: FastifyInstance) {}
