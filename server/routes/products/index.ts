import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiError, noControlCharacters } from '../../../src/contract/common'
import { type Language, requestLanguage } from '../../../src/contract/language'
import {
  getByIdsBody,
  getByIdsQuery,
  getByLogicBody,
  languageQuery,
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
import { sendJson } from '../../plugins/precompressed'

const tags = ['products']
const slugParams = z.object({ slug: z.string().min(1).max(200).check(noControlCharacters()) })
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
const errors = { 400: apiError, 404: apiError }

/**
 * The language a catalogue read answers in: `?lang=` when given, else `Accept-Language`. The answer
 * says which, and that it varies with `Accept-Language`, so a shared cache keeps the languages apart.
 */
function answerLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const { lang } = (request.query ?? {}) as { lang?: unknown }
  const language = requestLanguage(request.headers['accept-language'], lang)
  const vary = reply.getHeader('vary')
  reply
    .header('content-language', language)
    .header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language')
  return language
}

/** storefront §7 product routes (registered under /api/v1 and /api/v2), answered in English or Bangla. */
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
      const { lang: _lang, ...query } = request.query
      const input = { ...query, filters: parsed.filters, language: answerLanguage(request, reply) }
      // whether the answer was kept or read from the database: for browsers' tools and the bench
      reply.header('server-timing', `kept;desc=${catalogue.listingKept(input) ? 'hit' : 'miss'}`)
      return sendJson(request, reply, await catalogue.listingJson(input))
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
    async (request, reply) => {
      const language = answerLanguage(request, reply)
      return sendJson(
        request,
        reply,
        await catalogue.byIdsJson(request.body.ids, request.query.perPage, language),
      )
    },
  )

  app.post(
    '/product/storefront/get-by-logic',
    {
      schema: {
        tags,
        summary:
          'A group of products: new arrivals, best sellers, discounted, top rated, by category/brand/campaign',
        querystring: languageQuery,
        body: getByLogicBody,
        response: { 200: productSummariesResponse, ...errors },
      },
    },
    async (request, reply) => ({
      data: await catalogue.byLogic(request.body, answerLanguage(request, reply)),
    }),
  )

  app.get(
    '/product/storefront/product-details/:id',
    {
      schema: {
        tags,
        summary: 'The long description of a product',
        params: idParams,
        querystring: languageQuery,
        response: { 200: productDetailsResponse, ...errors },
      },
    },
    async (request, reply) => ({
      data: await catalogue.details(request.params.id, answerLanguage(request, reply)),
    }),
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
    async (request, reply) => ({
      data: await catalogue.related(request.params.slug, request.query.limit, answerLanguage(request, reply)),
    }),
  )

  app.get(
    '/product/storefront/:slug',
    {
      schema: {
        tags,
        summary: 'One product by slug or id',
        params: slugParams,
        querystring: languageQuery,
        response: { 200: productResponse, ...errors },
      },
    },
    async (request, reply) => {
      const language = answerLanguage(request, reply)
      return sendJson(request, reply, await catalogue.productJson(request.params.slug, language))
    },
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
    async (request, reply) => {
      if (request.body.product_ids.length === 0)
        throw badRequest('product_ids', 'At least one product id is required')
      return {
        data: await catalogue.relatedTo(
          request.body.product_ids,
          request.body.isCategoryFilter,
          request.query.limit,
          answerLanguage(request, reply),
        ),
      }
    },
  )
}
