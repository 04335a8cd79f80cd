import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiError } from '../../../src/contract/common'
import { sku as skuSchema } from '../../../src/contract/product'
import { requireAdmin } from './admin-token'

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

/**
 * The shop owner's tools, only when ADMIN_TOKEN is configured (otherwise these paths do not exist
 * and answer 404 like any unknown path). Every call needs `Authorization: Bearer <ADMIN_TOKEN>`.
 */
export default async function adminRoutes(base: FastifyInstance) {
  const token = base.config.ADMIN_TOKEN
  if (!token) return
  const app = base.withTypeProvider<ZodTypeProvider>()

  /**
   * Changes a sku's price, discounted price or stock. The product's card figures (its cheapest sku,
   * whether anything is in stock) follow, and the catalogue's kept answers for the product and the
   * listings are dropped, on this instance at once and on every other within a moment (the change feed),
   * so product reads, get-by-ids and listings show the change.
   */
  app.patch(
    '/admin/skus/:id',
    {
      preHandler: requireAdmin(token),
      schema: {
        // the shop owner's tool: not part of the storefront's published API
        hide: true,
        params: skuIdParams,
        body: skuPatchBody,
        response: { 200: skuResponse, 400: apiError, 401: apiError, 404: apiError },
      },
    },
    async (request) => {
      const updated = await app.skus.change(request.params.id, request.body)
      // what the catalogue keeps of this product and of the listings must not hide the change
      app.catalogue.changed({ products: [updated.productId], listings: true })
      const { productId: _productId, ...data } = updated
      return { data }
    },
  )
}
