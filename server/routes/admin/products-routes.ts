import type { FastifyInstance } from 'fastify'

/** (being written) */
export default async function productsRoutes(_app: FastifyInstance) {}
