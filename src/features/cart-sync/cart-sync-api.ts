import { serverCartItemResponse, serverCartResponse } from '../../contract/cart'
import { apiGet, apiSend } from '../../lib/api'
import { queryClient } from '../../lib/query-client'
import { productsByIdsQuery } from '../../state/products'
import type { ServerCart } from './cart-sync-engine'
import type { SkuFacts } from './cart-sync-merge'

/** The server cart routes of storefront §7. */
export const serverCart: ServerCart = {
  list: async () => (await apiGet('/cart', serverCartResponse)).data,
  add: async (skuId, quantity) =>
    (await apiSend('post', '/cart', { skuId, quantity }, serverCartItemResponse)).data,
  setQuantity: async (id, quantity) =>
    (await apiSend('patch', `/cart/${id}`, { quantity }, serverCartItemResponse)).data,
  remove: async (id) => {
    await apiSend('delete', `/cart/${id}`, undefined, serverCartResponse)
  },
  merge: async (mergeId, lines) =>
    (await apiSend('post', '/cart/merge', { mergeId, lines }, serverCartResponse)).data,
}

/** Sku codes and prices of the products, through the cart's own product query (cached, shared). */
export async function catalogueSkuFacts(productIds: number[]): Promise<SkuFacts[]> {
  const facts: SkuFacts[] = []
  for (let from = 0; from < productIds.length; from += 100) {
    const query = productsByIdsQuery(productIds.slice(from, from + 100))
    const products = await queryClient.fetchQuery({ ...query, meta: { ...query.meta, silent: true } })
    for (const product of products) {
      for (const sku of product.skus) {
        facts.push({ skuId: sku.id, productId: product.id, sku: sku.sku, price: sku.discountedPrice })
      }
    }
  }
  return facts
}
