import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ListingResponse,
  listingResponse,
  productDetailsResponse,
  productResponse,
  productSummariesResponse,
  productsResponse,
} from '../../src/contract/product'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp
let all: ListingResponse['data']

beforeAll(async () => {
  t = await createTestApp({ products: 40 })
  const response = await t.app.inject({ url: '/api/v1/product/storefront?perPage=100', headers: apiHeaders })
  all = listingResponse.parse(response.json()).data
})
afterAll(async () => {
  await t?.close()
})

const get = (url: string) => t.app.inject({ url, headers: apiHeaders })
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: apiHeaders })
const first = () => all[0] as ListingResponse['data'][number]

describe('one product', () => {
  it('is found by slug and by id, with skus of size and colour', async () => {
    const bySlug = productResponse.parse(
      (await get(`/api/v1/product/storefront/${first().slug}`)).json(),
    ).data
    const byId = productResponse.parse((await get(`/api/v1/product/storefront/${first().id}`)).json()).data
    expect(byId).toEqual(bySlug)
    expect(bySlug.skus.length).toBeGreaterThan(0)
    for (const sku of bySlug.skus) {
      expect(sku.attributes.map((a) => a.key)).toEqual(['size', 'colour'])
      expect(sku.discountedValue).toBeCloseTo(sku.price - sku.discountedPrice, 2)
    }
    const cheapest = Math.min(...bySlug.skus.map((s) => s.discountedPrice))
    expect(bySlug.discounted_price).toBe(cheapest)
    expect(bySlug.in_stock).toBe(bySlug.skus.some((s) => s.stockQuantity > 0))
    expect(bySlug.categoryPath.at(-1)?.slug).toBe(bySlug.category.slug)
    expect(bySlug.longDescription.length).toBeGreaterThan(200)
  })

  it.each(['no-such-product', '999999'])('answers 404 for the unknown product %s', async (key) => {
    const response = await get(`/api/v1/product/storefront/${key}`)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: { product: ['Product not found'] } })
  })

  it('gives the long description by id', async () => {
    const response = await get(`/api/v1/product/storefront/product-details/${first().id}`)
    const details = productDetailsResponse.parse(response.json()).data
    expect(details.id).toBe(first().id)
    expect(details.longDescription).toContain(first().name)
    expect((await get('/api/v1/product/storefront/product-details/999999')).statusCode).toBe(404)
    expect((await get('/api/v1/product/storefront/product-details/abc')).statusCode).toBe(400)
  })
})

describe('get-by-ids', () => {
  it('answers products in the order asked, skipping unknown ids', async () => {
    const ids = [all[5]?.id, 999_999, all[1]?.id, all[3]?.id] as number[]
    const response = await post('/api/v1/product/storefront/get-by-ids?perPage=100', { ids })
    expect(response.statusCode).toBe(200)
    const data = productsResponse.parse(response.json()).data
    expect(data.map((p) => p.id)).toEqual([all[5]?.id, all[1]?.id, all[3]?.id])
    expect(data.every((p) => p.skus.length > 0)).toBe(true)
  })

  it('answers at most perPage products', async () => {
    const ids = all.slice(0, 6).map((p) => p.id)
    const data = productsResponse.parse(
      (await post('/api/v1/product/storefront/get-by-ids?perPage=2', { ids })).json(),
    ).data
    expect(data.map((p) => p.id)).toEqual(ids.slice(0, 2))
  })

  it.each([
    [{}, 'ids'],
    [{ ids: ['one'] }, 'ids.0'],
    [{ ids: [1], extra: true }, 'body'],
  ])('answers 400 for the body %o', async (payload, field) => {
    const response = await post('/api/v1/product/storefront/get-by-ids', payload)
    expect(response.statusCode).toBe(400)
    expect(Object.keys((response.json() as { error: object }).error)).toContain(field)
  })

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/product/storefront/get-by-ids',
      headers: { ...apiHeaders, 'content-type': 'application/json' },
      payload: '{"ids": [1,',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: { body: [expect.any(String)] } })
  })

  it('answers 415 for a body of another media type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/product/storefront/get-by-ids',
      headers: { ...apiHeaders, 'content-type': 'text/csv' },
      payload: '1,2',
    })
    expect(response.statusCode).toBe(415)
    expect(Object.keys((response.json() as { error: object }).error)).toEqual(['body'])
  })
})

describe('get-by-logic', () => {
  const logic = (payload: object) => post('/api/v1/product/storefront/get-by-logic', payload)

  it.each([
    ['new_arrivals', () => true],
    ['best_sellers', () => true],
    ['discounted', (p: ListingResponse['data'][number]) => p.discount_percent > 0],
    ['top_rated', (p: ListingResponse['data'][number]) => p.rating_count > 0],
  ] as const)('answers %s up to the limit', async (name, holds) => {
    const response = await logic({ logic: name, limit: 5 })
    const data = productSummariesResponse.parse(response.json()).data
    expect(data.length).toBeGreaterThan(0)
    expect(data.length).toBeLessThanOrEqual(5)
    expect(data.every(holds)).toBe(true)
  })

  it('answers best sellers by sold count', async () => {
    const data = productSummariesResponse.parse(
      (await logic({ logic: 'best_sellers', limit: 3 })).json(),
    ).data
    const expected = [...all].sort((a, b) => b.sold_count - a.sold_count || b.id - a.id).slice(0, 3)
    expect(data.map((p) => p.id)).toEqual(expected.map((p) => p.id))
  })

  it.each([
    [
      'category',
      'women',
      (p: ListingResponse['data'][number]) =>
        ['saree', 'salwar-kameez', 'kurti', 'tops', 'three-piece'].includes(p.category.slug),
    ],
    ['brand', 'rong-bahar', (p: ListingResponse['data'][number]) => p.brand.slug === 'rong-bahar'],
  ] as const)('answers a %s group by slug', async (name, slug, holds) => {
    const data = productSummariesResponse.parse((await logic({ logic: name, slug, limit: 48 })).json()).data
    expect(data.length).toBeGreaterThan(0)
    expect(data.every(holds)).toBe(true)
  })

  it('answers the products of a campaign', async () => {
    const response = await logic({ logic: 'campaign', slug: 'eid-flash-deal', limit: 48 })
    expect(response.statusCode).toBe(200)
    for (const product of productSummariesResponse.parse(response.json()).data) {
      const full = productResponse.parse((await get(`/api/v1/product/storefront/${product.id}`)).json()).data
      expect(full.campaign?.slug).toBe('eid-flash-deal')
      expect(new Date(full.campaign?.endsAt ?? 0).getTime()).toBeGreaterThan(Date.now())
    }
  })

  it.each([
    [{ logic: 'category' }, 400, 'slug'],
    [{ logic: 'brand', slug: 'nobody' }, 404, 'slug'],
    [{ logic: 'everything' }, 400, 'logic'],
    [{ logic: 'new_arrivals', limit: 0 }, 400, 'limit'],
  ])('rejects %o', async (payload, status, field) => {
    const response = await logic(payload)
    expect(response.statusCode).toBe(status)
    expect(Object.keys((response.json() as { error: object }).error)).toEqual([field])
  })
})

describe('related products', () => {
  it('answers products of the same top category, the same subcategory first, never the product itself', async () => {
    const product = first()
    const response = await get(`/api/v1/product/storefront/related-products/${product.slug}?limit=6`)
    const data = productSummariesResponse.parse(response.json()).data
    expect(data.length).toBeGreaterThan(0)
    expect(data.length).toBeLessThanOrEqual(6)
    expect(data.map((p) => p.id)).not.toContain(product.id)
    const sameLeaf = data.map((p) => p.category.slug === product.category.slug)
    const firstOther = sameLeaf.indexOf(false)
    if (firstOther >= 0) expect(sameLeaf.slice(firstOther)).not.toContain(true)
  })

  it('answers 404 for an unknown product', async () => {
    expect((await get('/api/v1/product/storefront/related-products/nothing-here')).statusCode).toBe(404)
  })

  it('finds products sharing a category or a brand with a set of products', async () => {
    const given = all.slice(0, 2)
    const byCategory = await post('/api/v1/related-product/find', {
      product_ids: given.map((p) => p.id),
      isCategoryFilter: true,
    })
    const categories = new Set(given.map((p) => p.category.slug))
    const data = productSummariesResponse.parse(byCategory.json()).data
    expect(data.length).toBeGreaterThan(0)
    expect(data.every((p) => categories.has(p.category.slug) && !given.some((g) => g.id === p.id))).toBe(true)
    const byBrand = await post('/api/v1/related-product/find', {
      product_ids: [given[0]?.id],
      isCategoryFilter: false,
    })
    const brandData = productSummariesResponse.parse(byBrand.json()).data
    expect(brandData.every((p) => p.brand.slug === given[0]?.brand.slug)).toBe(true)
  })

  it('answers 400 for an empty id list', async () => {
    const response = await post('/api/v1/related-product/find', { product_ids: [] })
    expect(response.statusCode).toBe(400)
    expect(Object.keys((response.json() as { error: object }).error)).toEqual(['product_ids'])
  })
})
