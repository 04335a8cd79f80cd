import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { API_KEY_HEADER } from '../../src/contract/common'

/** OpenAPI document from the routes' zod schemas: JSON at /api/docs/json, browsable at /api/docs. */
export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Haat API', description: 'Storefront API of the Haat fashion shop', version: '1.0.0' },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER } },
      },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
})
