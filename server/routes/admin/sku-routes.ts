import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { productIdParams, productStockAnswer, skusChangeBody } from '../../../src/contract/admin-products'
import { apiError } from '../../../src/contract/common'
import type { Capability } from '../../../src/contract/permissions'
import { sku as skuSchema } from '../../../src/contract/product'
import { sameSecret } from '../../domain/session'
import { assertCapability } from '../../plugins/staff-auth'
import { adminBearer } from './admin-token'

/** TK with at most two decimals (paisa), as the database keeps money. */
const takaAmount = z
  .number()
  .nonnegative()
  .max(10_000_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals')

export const skuIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** What the shop owner may change on a sku; at least one figure. */
export const skuPatchBody = z
  .object({
    price: takaAmount.optional(),
    discountedPrice: takaAmount.optional(),
    stockQuantity: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give price, discountedPrice or stockQuantity',
  })

const skuResponse = z.object({ data: skuSchema })

type SkuField = keyof z.infer<typeof skuPatchBody>

const PRICES_REFUSED = 'Your role does not allow changing prices'
const STOCK_REFUSED = 'Your role does not allow changing stock'
/** What each figure needs, and what a role without it is told: staff change stock, managers and owners prices. */
const fieldRules: Record<SkuField, { capability: Capability; refusal: string }> = {
  price: { capability: 'prices.write', refusal: PRICES_REFUSED },
  discountedPrice: { capability: 'prices.write', refusal: PRICES_REFUSED },
  stockQuantity: { capability: 'stock.adjust', refusal: STOCK_REFUSED },
}

/** The figures of `source` that a change named. */
const named = (fields: SkuField[], source: Record<SkuField, number>) =>
  Object.fromEntries(fields.map((field) => [field, source[field]]))

/** Refuses (403) the request when any figure it names needs a capability the role lacks. */
function assertFigures(request: FastifyRequest, body: Partial<Record<SkuField, unknown>>) {
  for (const field of Object.keys(fieldRules) as SkuField[]) {
    if (body[field] === undefined) continue
    const { capability, refusal } = fieldRules[field]
    assertCapability(request, capability, refusal)
  }
}

/**
 * Stock (everyone on the staff) and prices (managers and owners), and the shop owner's ADMIN_TOKEN for both
 * (scripts, when configured).
 */
export default async function skuRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>()
  const token = app.config.ADMIN_TOKEN

  /** marks a request that carries the configured ADMIN_TOKEN: it needs no staff session (nor CSRF) */
  const acceptAdminToken = async (request: FastifyRequest) => {
    if (token && sameSecret(adminBearer(request.headers.authorization), token)) {
      request.viaAdminToken = true
    }
  }

  /**
   * Changes a sku's price, discounted price or stock. The product's card figures (its cheapest sku,
   * whether anything is in stock) follow, and the catalogue's kept answers for the product and the
   * listings are dropped, on this instance at once and on every other within a moment (the change feed),
   * so product reads, get-by-ids and listings show the change. Recorded in the audit log as `sku.update`.
   */
  app.patch(
    '/admin/skus/:id',
    {
      // the door admits either; each figure sent is then checked against its own capability
      config: { capability: ['stock.adjust', 'prices.write'], adminToken: true },
      onRequest: acceptAdminToken,
      schema: {
        tags: ['admin'],
        params: skuIdParams,
        body: skuPatchBody,
        response: { 200: skuResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => {
      const { id } = request.params
      const fields = (Object.keys(request.body) as SkuField[]).filter(
        (field) => request.body[field] !== undefined,
      )
      assertFigures(request, request.body)
      // the entry is written in the change's own transaction, with the figures it locked: both or neither
      const updated = await app.skus.change(id, request.body, (tx, before, after) =>
        app.audit.record(
          { staffId: request.staff?.id ?? null, ip: request.ip },
          {
            action: 'sku.update',
            objectType: 'sku',
            objectId: id,
            before: named(fields, before),
            after: named(fields, after),
          },
          tx,
        ),
      )
      const { productId: _productId, regularDiscountedPrice: _own, ...data } = updated
      return { data }
    },
  )

  /**
   * One stock, price or discounted price written into every sku of a product (or the `skuIds` named), all
   * or nothing, with one audit entry (`product.skus`: each changed sku's figures before and after). A figure
   * the role may not change refuses the whole request before anything is read.
   */
  app.patch(
    '/admin/products/:id/skus',
    {
      config: { capability: ['stock.adjust', 'prices.write'] },
      schema: {
        tags: ['admin'],
        params: productIdParams,
        body: skusChangeBody,
        response: { 200: productStockAnswer, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      assertFigures(request, request.body)
      const { id } = request.params
      await app.skus.changeMany(id, request.body, request.staff?.id ?? null, (tx, before, after) =>
        app.audit.record(
          { staffId: request.staff?.id ?? null, ip: request.ip },
          { action: 'product.skus', objectType: 'product', objectId: id, before, after },
          tx,
        ),
      )
      reply.header('cache-control', 'no-store')
      return { data: await app.adminProducts.stock(id) }
    },
  )
}
