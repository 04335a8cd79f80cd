import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ProductSummary } from '../../src/contract/product'
import { findPriceChanges, withCurrentPrices } from '../../src/features/cart/price-changes'
import { listingQuery } from '../../src/features/catalog/catalog-api'
import { listingRequest } from '../../src/features/catalog/listing-search'
import { shouldPersistQuery } from '../../src/features/offline/persist-rules'
import { ordersQuery } from '../../src/features/orders/orders-api'
import { pageQuery } from '../../src/features/pages/pages-api'
import {
  productDetailsQuery,
  relatedProductsQuery,
  reviewsQuery,
} from '../../src/features/product/product-api'
import { searchCachedProducts, searchWords } from '../../src/lib/cached-products'
import { menuQuery } from '../../src/state/menu'
import { productQuery, productsByIdsQuery, productsByLogicQuery } from '../../src/state/products'
import { myReviewsQuery } from '../../src/state/reviews'
import { sessionQuery } from '../../src/state/session'

function card(id: number, name: string, category = 'Panjabi', brand = 'Aarong'): ProductSummary {
  return {
    id,
    slug: `p-${id}`,
    name,
    price: 1000,
    discounted_price: 900,
    discount_percent: 10,
    thumbnail: `products/${id}.webp`,
    category: { id: 1, name: category, slug: category.toLowerCase() },
    brand: { id: 2, name: brand, slug: brand.toLowerCase() },
    in_stock: true,
    rating: 4,
    rating_count: 3,
    sold_count: 10,
    sizes: ['M'],
    colours: ['Blue'],
  }
}

describe('offline search over cached products', () => {
  const client = new QueryClient()
  client.setQueryData(['products', 'listing', { page: 1 }], {
    data: [card(1, 'Blue cotton panjabi'), card(2, 'Red silk saree', 'Saree')],
    total: 2,
  })
  client.setQueryData(['product', 'p-3'], { data: { ...card(3, 'Blue denim shirt', 'Shirts', 'Ecstasy') } })
  client.setQueryData(['menus', 'main_menu'], { menu: [{ title: 'Blue', slug: 'blue' }] })
  // the same product seen twice (listing and search) is one result
  client.setQueryData(['search', 'blue'], { data: [card(1, 'Blue cotton panjabi')] })

  it.each([
    ['blue', [1, 3]],
    ['BLUE panjabi', [1]],
    ['saree', [2]],
    ['ecstasy', [3]],
    ['shirts blue', [3]],
    ['green', []],
    ['b', []],
    ['   ', []],
  ])('%j finds %j', (term, ids) => {
    expect(
      searchCachedProducts(client, term)
        .map((product) => product.id)
        .sort(),
    ).toEqual(ids)
  })

  it('caps the results', () => {
    expect(searchCachedProducts(client, 'blue', 1)).toHaveLength(1)
  })

  it.each([
    ['  Blue  Panjabi ', ['blue', 'panjabi']],
    ['a', []],
  ])('splits %j into %j', (term, words) => {
    expect(searchWords(term)).toEqual(words)
  })
})

describe('what is persisted', () => {
  const success = { status: 'success' } as const
  const persisted = (query: { meta?: Record<string, unknown> }, status: 'success' | 'error' = 'success') =>
    shouldPersistQuery({
      state: { ...success, status, data: status === 'success' ? { data: [] } : undefined } as never,
      meta: query.meta,
    })

  it('keeps data whose refetch failed offline', () => {
    const state = { status: 'error', data: { data: [] } } as never
    expect(shouldPersistQuery({ state, meta: listingQuery(listingRequest({}, {})).meta })).toBe(true)
  })

  it.each([
    ['a listing', listingQuery(listingRequest({ category: 'men' }, {}))],
    ['a home section', productsByLogicQuery({ logic: 'new-arrivals', perPage: 8 } as never)],
    ['a product', productQuery('blue-panjabi')],
    ['a product page', productDetailsQuery(1)],
    ['related products', relatedProductsQuery('blue-panjabi')],
    ['the products of the cart and wish list', productsByIdsQuery([1, 2])],
    ['a menu', menuQuery('main_menu')],
    ['a page', pageQuery('about')],
    ['the remembered session', sessionQuery],
  ])('%s is kept for offline use', (_name, query) => {
    expect(persisted(query)).toBe(true)
  })

  it.each([
    ['orders', ordersQuery],
    ["the shopper's reviews", myReviewsQuery],
    ["a product's reviews", reviewsQuery('blue-panjabi', 1)],
  ])('%s stay in memory only', (_name, query) => {
    expect(persisted(query)).toBe(false)
  })

  it('a query never loaded is not kept', () => {
    expect(persisted(menuQuery('main_menu'), 'error')).toBe(false)
  })
})

describe('price changes after reconnecting', () => {
  it.each([
    ['unchanged', [{ sku: 'A', price: 900 }], [{ sku: 'A', unit_discounted_price: 900 }], []],
    [
      'cheaper now',
      [{ sku: 'A', price: 900 }],
      [{ sku: 'A', unit_discounted_price: 850 }],
      [{ sku: 'A', was: 900, now: 850 }],
    ],
    [
      'dearer now, one of two',
      [
        { sku: 'A', price: 900 },
        { sku: 'B', price: 100.1 },
      ],
      [
        { sku: 'A', unit_discounted_price: 900 },
        { sku: 'B', unit_discounted_price: 120 },
      ],
      [{ sku: 'B', was: 100.1, now: 120 }],
    ],
    ['no longer sold', [{ sku: 'A', price: 900 }], [], []],
    [
      'binary drift is not a change',
      [{ sku: 'A', price: 0.1 + 0.2 }],
      [{ sku: 'A', unit_discounted_price: 0.3 }],
      [],
    ],
  ])('%s', (_name, items, current, changes) => {
    expect(findPriceChanges(items, current)).toEqual(changes)
  })

  it('brings the stored prices up to date', () => {
    const items = [
      { sku: 'A', price: 900, quantity: 2 },
      { sku: 'B', price: 50, quantity: 1 },
    ]
    expect(withCurrentPrices(items, [{ sku: 'A', was: 900, now: 850 }])).toEqual([
      { sku: 'A', price: 850, quantity: 2 },
      { sku: 'B', price: 50, quantity: 1 },
    ])
  })
})
