import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  type AdminProduct,
  adminProductAnswer,
  adminProductBody,
  adminProductParams,
  adminProductUpdateBody,
  productConflictAnswer,
} from '../../../src/contract/admin-product'
import { apiError } from '../../../src/contract/common'
import { changedFields } from '../../domain/product-editor'
import { notFound } from '../../plugins/errors'
import { type ProductSaved, ProductVersionConflict } from '../../repositories/product-editor'

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: productConflictAnswer }

/**
 * The product editor (owners and managers): one product whole, made or saved in one transaction with its
 * skus, card figures, search text and audit entry (src/contract/admin-product.ts). After a save the
 * catalogue's kept answers of the product and the listings are dropped on every instance.
 */
export default async function productEditorRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const config = { capability: 'catalogue.write' } as const

  const audited =
    (
      request: FastifyRequest,
      action: 'product.create' | 'product.update' | 'product.duplicate',
      copiedFrom?: number,
    ): ProductSaved =>
    (tx, before, after) => {
      const changes = before
        ? changedFields(before, after)
        : { before: null, after: copiedFrom ? { ...after, copiedFrom } : after }
      return app.audit.record(
        { staffId: request.staff?.id ?? null, ip: request.ip },
        { action, objectType: 'product', objectId: after.id, ...changes },
        tx,
      )
    }

  const saved = (product: AdminProduct) => ({ data: product })

  /** a save from an older version: 409 with who saved it and when, for the editor to say so */
  const refuseConflict = (error: unknown, reply: FastifyReply) => {
    if (!(error instanceof ProductVersionConflict)) throw error
    return reply.code(409).send({ error: error.fields, conflict: error.conflict })
  }

  app.get(
    '/admin/products/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        params: adminProductParams,
        response: { 200: adminProductAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const product = await app.productEditor.read(request.params.id)
      if (!product) throw notFound('product', 'Product not found')
      reply.header('cache-control', 'no-store')
      return { data: product }
    },
  )

  app.post(
    '/admin/products',
    {
      config,
      schema: {
        tags: ['admin'],
        body: adminProductBody,
        response: { 201: adminProductAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const product = await app.productEditor.create(
        request.body,
        request.staff?.id ?? null,
        audited(request, 'product.create'),
      )
      return reply.code(201).send(saved(product))
    },
  )

  /** A new draft copy of the product (src/contract/admin-product.ts), audited as `product.duplicate`. */
  app.post(
    '/admin/products/:id/duplicate',
    {
      config,
      schema: {
        tags: ['admin'],
        params: adminProductParams,
        response: { 201: adminProductAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const product = await app.productEditor.duplicate(
        request.params.id,
        request.staff?.id ?? null,
        audited(request, 'product.duplicate', request.params.id),
      )
      return reply.code(201).send(saved(product))
    },
  )

  app.put(
    '/admin/products/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        params: adminProductParams,
        body: adminProductUpdateBody,
        response: { 200: adminProductAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { version, ...body } = request.body
      try {
        const product = await app.productEditor.update(
          request.params.id,
          version,
          body,
          request.staff?.id ?? null,
          audited(request, 'product.update'),
        )
        return saved(product)
      } catch (error) {
        return refuseConflict(error, reply)
      }
    },
  )
}
