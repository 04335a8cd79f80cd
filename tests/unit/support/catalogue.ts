import type { Product, Sku } from '../../../src/contract/product'

/** A sku of the catalogue's shape; a Cotton Tee, red, M, 5 in stock unless told otherwise. */
export function sku(overrides: Partial<Sku> = {}): Sku {
  return {
    id: 11,
    sku: 'TEE-RED-M',
    price: 1000,
    discountedPrice: 800,
    discountedValue: 200,
    stockQuantity: 5,
    vat: 5,
    attributes: [
      { key: 'size', value: 'M' },
      { key: 'colour', value: 'Red' },
    ],
    ...overrides,
  }
}

/** A product of the catalogue's shape with one sku unless told otherwise. */
export function product(overrides: Partial<Product> = {}): Product {
  const ref = { id: 1, name: 'Tops', slug: 'tops' }
  return {
    id: 1,
    slug: 'cotton-tee',
    name: 'Cotton Tee',
    price: 1000,
    discounted_price: 800,
    discount_percent: 20,
    thumbnail: 'products/tee-1.webp,products/tee-2.webp',
    category: ref,
    brand: ref,
    in_stock: true,
    rating: 4,
    rating_count: 2,
    sold_count: 3,
    sizes: ['M'],
    colours: ['Red'],
    skus: [sku()],
    shortDescription: '',
    longDescription: '',
    categoryPath: [ref],
    campaign: null,
    ...overrides,
  }
}
