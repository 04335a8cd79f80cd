import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  brandAnswer,
  brandBody,
  brandPatchBody,
  brandsAnswer,
  campaignAnswer,
  campaignBody,
  campaignsAnswer,
  campaignUpdateBody,
  candidatesAnswer,
  candidatesQuery,
  catalogueIdParams,
  categoriesAnswer,
  categoryAnswer,
  categoryBody,
  categoryOrderBody,
  categoryPatchBody,
} from '../../../src/contract/admin-catalogue'
import { apiError } from '../../../src/contract/common'
import { domainErrorStatus } from '../../plugins/errors'
import { assertCapability } from '../../plugins/staff-auth'
import { CatalogueRefusal } from '../../repositories/admin-catalogue'

/**
 * Categories, brands and campaigns: owners and managers. Every write is audited in its own transaction; the
 * database announces it, and every instance drops the storefront answers it kept (menus and filters name
 * them; listings file products under them; a campaign changes its products' prices and labels).
 */
export default async function catalogueRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const config = { capability: 'catalogue.write' } as const
  const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError }

  const actor = (request: FastifyRequest) => ({ staffId: request.staff?.id ?? null, ip: request.ip })
  /** a refusal that says more than messages (counts, a conflict) answers with all of it */
  async function answering<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof CatalogueRefusal) {
        return reply.code(domainErrorStatus[error.kind]).send({ error: error.fields, ...error.extra })
      }
      throw error
    }
  }

  // ---------------------------------------------------------------- categories

  app.get(
    '/admin/categories',
    { config, schema: { tags: ['admin'], response: { 200: categoriesAnswer } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.adminCatalogue.categories() }
    },
  )

  app.post(
    '/admin/categories',
    {
      config,
      schema: { tags: ['admin'], body: categoryBody, response: { 201: categoryAnswer, ...refusals } },
    },
    async (request, reply) => {
      // a category put into the main menu as it is made changes the menu too
      if (request.body.addToMenu) assertCapability(request, 'content.write')
      const data = await app.adminCatalogue.createCategory(request.body, actor(request))
      return reply.code(201).send({ data })
    },
  )

  /** Changes the fields sent; the others stay as they are. */
  app.patch(
    '/admin/categories/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        params: catalogueIdParams,
        body: categoryPatchBody,
        response: { 200: categoryAnswer, ...refusals },
      },
    },
    async (request) => {
      const data = await app.adminCatalogue.updateCategory(request.params.id, request.body, actor(request))
      return { data }
    },
  )

  app.put(
    '/admin/categories/order',
    {
      config,
      schema: { tags: ['admin'], body: categoryOrderBody, response: { 200: categoriesAnswer, ...refusals } },
    },
    async (request) => {
      const { parentId, ids } = request.body
      const data = await app.adminCatalogue.orderCategories(parentId, ids, actor(request))
      return { data }
    },
  )

  app.delete(
    '/admin/categories/:id',
    { config, schema: { tags: ['admin'], params: catalogueIdParams } },
    async (request, reply) =>
      answering(reply, async () => {
        await app.adminCatalogue.deleteCategory(request.params.id, actor(request))
        return reply.code(204).send()
      }),
  )

  // ---------------------------------------------------------------- brands

  app.get(
    '/admin/brands',
    { config, schema: { tags: ['admin'], response: { 200: brandsAnswer } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.adminCatalogue.brands() }
    },
  )

  app.post(
    '/admin/brands',
    { config, schema: { tags: ['admin'], body: brandBody, response: { 201: brandAnswer, ...refusals } } },
    async (request, reply) => {
      const data = await app.adminCatalogue.createBrand(request.body, actor(request))
      return reply.code(201).send({ data })
    },
  )

  /** Changes the fields sent; the others stay as they are. */
  app.patch(
    '/admin/brands/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        params: catalogueIdParams,
        body: brandPatchBody,
        response: { 200: brandAnswer, ...refusals },
      },
    },
    async (request) => {
      const data = await app.adminCatalogue.updateBrand(request.params.id, request.body, actor(request))
      return { data }
    },
  )

  app.delete(
    '/admin/brands/:id',
    { config, schema: { tags: ['admin'], params: catalogueIdParams } },
    async (request, reply) =>
      answering(reply, async () => {
        await app.adminCatalogue.deleteBrand(request.params.id, actor(request))
        return reply.code(204).send()
      }),
  )

  // ---------------------------------------------------------------- campaigns

  app.get(
    '/admin/campaigns',
    { config, schema: { tags: ['admin'], response: { 200: campaignsAnswer } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.adminCatalogue.campaigns() }
    },
  )

  /** Products to add to a campaign by hand: by name (English or Bangla), brand or category. */
  app.get(
    '/admin/campaigns/candidates',
    {
      config,
      schema: { tags: ['admin'], querystring: candidatesQuery, response: { 200: candidatesAnswer } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.adminCatalogue.candidates(request.query.q) }
    },
  )

  app.get(
    '/admin/campaigns/:id',
    {
      config,
      schema: { tags: ['admin'], params: catalogueIdParams, response: { 200: campaignAnswer, ...refusals } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await app.adminCatalogue.campaign(request.params.id) }
    },
  )

  app.post(
    '/admin/campaigns',
    {
      config,
      schema: { tags: ['admin'], body: campaignBody, response: { 201: campaignAnswer, ...refusals } },
    },
    async (request, reply) => {
      const saved = await app.adminCatalogue.saveCampaign(null, request.body, actor(request))
      return reply.code(201).send({ data: await app.adminCatalogue.campaign(saved.id) })
    },
  )

  app.put(
    '/admin/campaigns/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        params: catalogueIdParams,
        body: campaignUpdateBody,
        response: { 200: campaignAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      answering(reply, async () => {
        const saved = await app.adminCatalogue.saveCampaign(request.params.id, request.body, actor(request))
        return { data: await app.adminCatalogue.campaign(saved.id) }
      }),
  )

  app.delete(
    '/admin/campaigns/:id',
    { config, schema: { tags: ['admin'], params: catalogueIdParams } },
    async (request, reply) => {
      await app.adminCatalogue.deleteCampaign(request.params.id, actor(request))
      return reply.code(204).send()
    },
  )
}
