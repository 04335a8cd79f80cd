import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiError, noControlCharacters } from '../../../src/contract/common'
import {
  getByIdsBody,
  getByIdsQuery,
  getByLogicBody,
  listingQuery,
  listingResponse,
  productDetailsResponse,
  productResponse,
  productSummariesResponse,
  productsResponse,
  relatedFindBody,
  relatedQuery,
} from '../../../src/contract/product'
import { parseListingFilters } from '../../domain/listing'
import { badRequest, HttpError } from '../../plugins/errors'

const tags = ['products']
const slugParams = z.object({ slug: z.string().min(1).max(200).check(noControlCharacters()) })
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
const errors = { 400: apiError, 404: apiError }

/**
 * Answers JSON the catalogue has already checked against the contract and serialized (kept per
 * product and per listing page), so the hot reads skip per-request serialization. The route's
 * response schema still documents the shape.
 */
function sendJson(reply: FastifyReply, json: string | Buffer) {
  return reply.header('content-type', 'application/json; charset=utf-8').send(json)
}

/** SPEC §7 product routes (registered under /api/v1 and /api/v2). */
export default async function productRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const catalogue = app.catalogue

  app.get(
    '/product/storefront',
    {
      schema: {
        tags,
        summary: 'Paged product listing with search, filters and facets',
        querystring: listingQuery,
        response: { 200: listingResponse, 400: apiError },
      },
    },
    async (request, reply) => {
      const parsed = parseListingFilters(request.query.filters)
      if (!parsed.ok) throw new HttpError(400, { filters: parsed.messages })
      return sendJson(reply, await catalogue.listingJson({ ...request.query, filters: parsed.filters }))
    },
  )

  app.post(
    '/product/storefront/get-by-ids',
    {
      schema: {
        tags,
        summary: 'Products (with skus) in the order of the ids; unknown ids skipped',
        querystring: getByIdsQuery,
        body: getByIdsBody,
        response: { 200: productsResponse, 400: apiError },
      },
    },
    async (request, reply) =>
      sendJson(reply, await catalogue.byIdsJson(request.body.ids, request.query.perPage)),
  )

  app.post(
    '/product/storefront/get-by-logic',
    {
      schema: {
        tags,
        summary:
          'A group of products: new arrivals, best sellers, discounted, top rated, by category/brand/campaign',
        body: getByLogicBody,
        response: { 200: productSummariesResponse, ...errors },
      },
    },
    async (request) => ({ data: await catalogue.byLogic(request.body) }),
  )

  app.get(
    '/product/storefront/product-details/:id',
    {
      schema: {
        tags,
        summary: 'The long description of a product',
        params: idParams,
        response: { 200: productDetailsResponse, ...errors },
      },
    },
    async (request) => ({ data: await catalogue.details(request.params.id) }),
  )

  app.get(
    '/product/storefront/related-products/:slug',
    {
      schema: {
        tags,
        summary: 'Products related to one product (slug or id)',
        params: slugParams,
        querystring: relatedQuery,
        response: { 200: productSummariesResponse, ...errors },
      },
    },
    async (request) => ({ data: await catalogue.related(request.params.slug, request.query.limit) }),
  )

  app.get(
    '/product/storefront/:slug',
    {
      schema: {
        tags,
        summary: 'One product by slug or id',
        params: slugParams,
        response: { 200: productResponse, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, await catalogue.productJson(request.params.slug)),
  )

  app.post(
    '/related-product/find',
    {
      schema: {
        tags,
        summary: 'Products related to a set of products (same category, or same brand)',
        querystring: relatedQuery,
        body: relatedFindBody,
        response: { 200: productSummariesResponse, 400: apiError },
      },
    },
    async (request) => {
      if (request.body.product_ids.length === 0)
        throw badRequest('product_ids', 'At least one product id is required')
      return {
        data: await catalogue.relatedTo(
          request.body.product_ids,
          request.body.isCategoryFilter,
          request.query.limit,
        ),
      }
    },
  )
}
