import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  adminProductsAnswer,
  adminProductsQuery,
  bulkAnswer,
  bulkBody,
  bulkStockBody,
  bulkStockRefusal,
  LIST_DEPTH,
  productIdParams,
  productStockAnswer,
} from '../../../src/contract/admin-products'
import { apiError } from '../../../src/contract/common'
import { badRequest } from '../../plugins/errors'
import { StockWouldGoNegative } from '../../repositories/admin-products'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError }

/** The products list (every staff member: stock is changed from it) and the changes made to a selection. */
export default async function productsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const actor = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })

  /** One page of products, filtered, searched and sorted; never a kept copy. */
  app.get(
    '/admin/products',
    {
      config: { capability: 'products.read' },
      schema: {
        tags: ['admin'],
        querystring: adminProductsQuery,
        response: { 200: adminProductsAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { page, perPage } = request.query
      if ((page - 1) * perPage >= LIST_DEPTH) {
        throw badRequest('page', `Narrow the filters to see more than ${LIST_DEPTH} products`)
      }
      const { rows, total, totalCapped, hasNext } = await app.adminProducts.list(request.query)
      reply.header('cache-control', 'no-store')
      return { data: rows, meta: { page, perPage, total, totalCapped, hasNext } }
    },
  )

  /**
   * Publishes, unpublishes, archives, discounts, or adds to / removes from a campaign, each product with
   * its audit entry, all or nothing; the storefront shows the change on its next read.
   */
  app.post(
    '/admin/products/bulk',
    {
      config: { capability: 'catalogue.write' },
      schema: { tags: ['admin'], body: bulkBody, response: { 200: bulkAnswer, ...refusals } },
    },
    async (request) => {
      const data = await app.adminProducts.bulk(request.body.ids, request.body.action, actor(request))
      return { data }
    },
  )

  /** Adds to (or takes from) every sku's stock of each product; refused whole when any would go below 0. */
  app.post(
    '/admin/products/bulk-stock',
    {
      config: { capability: 'stock.adjust' },
      schema: {
        tags: ['admin'],
        body: bulkStockBody,
        response: { 200: bulkAnswer, 409: bulkStockRefusal, ...refusals },
      },
    },
    async (request, reply) => {
      try {
        const data = await app.adminProducts.addStock(request.body.ids, request.body.by, actor(request))
        return { data }
      } catch (error) {
        if (!(error instanceof StockWouldGoNegative)) throw error
        const names = error.products.map((product) => product.name).join(', ')
        return reply.code(409).send({
          error: { by: [`Stock would go below 0 for ${names}`] },
          products: error.products,
        })
      }
    },
  )

  /** A product's skus with their stock and prices (each changed through `PATCH skus/:id`). */
  app.get(
    '/admin/products/:id/stock',
    {
      config: { capability: 'products.read' },
      schema: {
        tags: ['admin'],
        params: productIdParams,
        response: { 200: productStockAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.adminProducts.stock(request.params.id) }
    },
  )
}
