import type { Product, Sku } from '../../contract/product'
import type { TrackData } from '../../lib/track'

/** What the ad tags hear of a product shown: each of its SKUs by code (the feeds' item ids), at the product's price. */
export function productViewed(product: Pick<Product, 'name' | 'discounted_price' | 'skus'>): TrackData {
  return {
    items: product.skus.map((sku) => ({
      id: sku.sku,
      name: product.name,
      price: sku.discountedPrice,
      quantity: 1,
    })),
    value: product.discounted_price,
  }
}

/** What the ad tags hear of a SKU put in the cart. */
export function skuAdded(
  product: Pick<Product, 'name'>,
  sku: Pick<Sku, 'sku' | 'discountedPrice'>,
  quantity: number,
): TrackData {
  return {
    items: [{ id: sku.sku, name: product.name, price: sku.discountedPrice, quantity }],
    value: sku.discountedPrice * quantity,
  }
}
