import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { type ListingResponse, listingResponse } from '../../src/contract/product'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ products: 60 })
})
afterAll(async () => {
  await t?.close()
})

async function listing(query: Record<string, string | number>, version = 'v1'): Promise<ListingResponse> {
  const response = await t.app.inject({
    url: `/api/${version}/product/storefront`,
    query: stringify(query),
    headers: apiHeaders,
  })
  expect(response.statusCode, response.body).toBe(200)
  return listingResponse.parse(response.json())
}
const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))
const filters = (value: object) => JSON.stringify(value)

describe('product listing', () => {
  it('pages through every active product without repeats', async () => {
    const first = await listing({ perPage: 24 })
    expect(first.total).toBe(60)
    expect(first.data).toHaveLength(24)
    expect(first.hasNext).toBe(true)
    const second = await listing({ perPage: 24, currentPage: 2 })
    const third = await listing({ perPage: 24, currentPage: 3 })
    expect(third.data).toHaveLength(12)
    expect(third.hasNext).toBe(false)
    const ids = [...first.data, ...second.data, ...third.data].map((p) => p.id)
    expect(new Set(ids).size).toBe(60)
  })

  it('says in server-timing whether the answer was kept or read from the database', async () => {
    const ask = () =>
      t.app.inject({
        url: '/api/v1/product/storefront',
        query: { perPage: '7', currentPage: '2', filters: filters({ sort: 'price_desc' }) },
        headers: apiHeaders,
      })
    const first = await ask()
    expect(first.headers['server-timing']).toBe('kept;desc=miss')
    const again = await ask()
    expect(again.headers['server-timing']).toBe('kept;desc=hit')
    expect(again.body).toBe(first.body)
  })

  it('answers the same listing under /api/v2', async () => {
    const v1 = await listing({ perPage: 5 })
    const v2 = await listing({ perPage: 5 }, 'v2')
    expect(v2.data.map((p) => p.id)).toEqual(v1.data.map((p) => p.id))
  })

  it('hides inactive products', async () => {
    const before = await listing({ perPage: 1 })
    const hidden = before.data[0]
    if (!hidden) throw new Error('no product')
    await t.db.execute(sql`update products set status = 'archived' where id = ${hidden.id}`)
    const after = await listing({ perPage: 100, filters: filters({ brand: [hidden.brand.slug] }) })
    expect(after.data.map((p) => p.id)).not.toContain(hidden.id)
    const byId = await t.app.inject({ url: `/api/v1/product/storefront/${hidden.id}`, headers: apiHeaders })
    expect(byId.statusCode).toBe(404)
    await t.db.execute(sql`update products set status = 'active' where id = ${hidden.id}`)
  })

  it.each([
    [
      'price_asc',
      (a: ListingResponse['data'][number], b: ListingResponse['data'][number]) =>
        a.discounted_price <= b.discounted_price,
    ],
    [
      'price_desc',
      (a: ListingResponse['data'][number], b: ListingResponse['data'][number]) =>
        a.discounted_price >= b.discounted_price,
    ],
    [
      'best_selling',
      (a: ListingResponse['data'][number], b: ListingResponse['data'][number]) =>
        a.sold_count >= b.sold_count,
    ],
    [
      'top_rated',
      (a: ListingResponse['data'][number], b: ListingResponse['data'][number]) => a.rating >= b.rating,
    ],
  ] as const)('sorts by %s', async (sort, inOrder) => {
    const page = await listing({ perPage: 60, filters: filters({ sort }) })
    expect(page.data).toHaveLength(60)
    for (let i = 1; i < page.data.length; i += 1) {
      expect(inOrder(page.data[i - 1] as never, page.data[i] as never)).toBe(true)
    }
  })

  it('filters by a top category, including its subcategories', async () => {
    const men = await listing({ perPage: 100, filters: filters({ category: 'men' }) })
    expect(men.total).toBeGreaterThan(0)
    const menLeaves = new Set(['panjabi', 'shirts', 't-shirts', 'polo', 'jeans', 'trousers'])
    for (const product of men.data) expect(menLeaves.has(product.category.slug)).toBe(true)
    expect(men.facets.categories.map((c) => c.value).every((slug) => menLeaves.has(slug))).toBe(true)
    const counted = men.facets.categories.reduce((sum, c) => sum + c.count, 0)
    expect(counted).toBe(men.total)
  })

  it('combines brand, size, colour, price, stock and discount filters', async () => {
    const all = await listing({ perPage: 100 })
    const sample = all.data.find((p) => p.discount_percent > 0 && p.in_stock) ?? all.data[0]
    if (!sample) throw new Error('no product')
    const chosen = {
      brand: [sample.brand.slug],
      size: [sample.sizes[0]],
      colour: [sample.colours[0]],
      minPrice: sample.discounted_price,
      maxPrice: sample.discounted_price,
      inStock: sample.in_stock,
      discount: sample.discount_percent > 0,
    }
    const page = await listing({ perPage: 100, filters: filters(chosen) })
    expect(page.data.map((p) => p.id)).toContain(sample.id)
    for (const product of page.data) {
      expect(product.brand.slug).toBe(sample.brand.slug)
      expect(product.sizes).toContain(sample.sizes[0])
      expect(product.colours).toContain(sample.colours[0])
      expect(product.discounted_price).toBe(sample.discounted_price)
    }
    const expected = all.data.filter(
      (p) =>
        p.brand.slug === sample.brand.slug &&
        p.sizes.includes(sample.sizes[0] as string) &&
        p.colours.includes(sample.colours[0] as string) &&
        p.discounted_price === sample.discounted_price &&
        (!chosen.inStock || p.in_stock) &&
        (!chosen.discount || p.discount_percent > 0),
    )
    expect(page.total).toBe(expected.length)
  })

  it('lists the products added in the last 7 or 30 days, today in Bangladesh being the first of them', async () => {
    const rows = await queryRows<{ id: number; created_at: Date | string }>(
      t.db,
      sql`select id, created_at from products where status = 'active'`,
    )
    // midnight in Dhaka (UTC+6) today, and `days - 1` days before it
    const dhaka = 6 * 3_600_000
    const midnight = Math.floor((Date.now() + dhaka) / 86_400_000) * 86_400_000 - dhaka
    const byId = (a: number, b: number) => a - b
    for (const days of [7, 30] as const) {
      const since = midnight - (days - 1) * 86_400_000
      const added = rows.filter((row) => new Date(row.created_at).getTime() >= since).map((row) => row.id)
      expect(added.length).toBeGreaterThan(0)
      expect(added.length).toBeLessThan(rows.length)
      const page = await listing({ perPage: 100, filters: filters({ new: days }) })
      expect(page.data.map((product) => product.id).sort(byId)).toEqual(added.sort(byId))
      expect(page.total).toBe(added.length)
    }
  })

  it('counts each facet with the other filters applied', async () => {
    const all = await listing({ perPage: 100 })
    const brand = all.data[0]?.brand.slug as string
    const page = await listing({ perPage: 100, filters: filters({ brand: [brand], size: ['M'] }) })
    // the brand facet ignores the brand filter: it counts every brand among products in size M
    const inM = all.data.filter((p) => p.sizes.includes('M'))
    for (const facet of page.facets.brands) {
      expect(facet.count).toBe(inM.filter((p) => p.brand.slug === facet.value).length)
    }
    // the size facet ignores the size filter: it counts sizes among the brand's products
    const ofBrand = all.data.filter((p) => p.brand.slug === brand)
    for (const facet of page.facets.sizes) {
      expect(facet.count).toBe(ofBrand.filter((p) => p.sizes.includes(facet.value)).length)
    }
    const prices = ofBrand.filter((p) => p.sizes.includes('M')).map((p) => p.discounted_price)
    expect(page.facets.price.min).toBe(Math.min(...prices))
    expect(page.facets.price.max).toBe(Math.max(...prices))
  })

  it('names the category, the single brand and the campaign it is filtered on', async () => {
    const men = await listing({ perPage: 4, filters: filters({ category: 'men', brand: ['rong-bahar'] }) })
    expect(men.scope.category).toMatchObject({ slug: 'men', name: 'Men' })
    expect(men.scope.brand).toMatchObject({ slug: 'rong-bahar', name: 'Rong Bahar' })
    expect(men.scope.campaign).toBeNull()
    const deal = await listing({ perPage: 4, filters: filters({ campaign: 'eid-flash-deal' }) })
    expect(deal.scope.campaign?.slug).toBe('eid-flash-deal')
    expect(deal.scope.campaign?.name.length).toBeGreaterThan(0)
    const twoBrands = await listing({ perPage: 4, filters: filters({ brand: ['rong-bahar', 'kashful'] }) })
    expect(twoBrands.scope).toEqual({ category: null, brand: null, campaign: null })
  })

  it('lists the products of a running flash deal', async () => {
    const page = await listing({ perPage: 100, filters: filters({ campaign: 'eid-flash-deal' }) })
    const all = await listing({ perPage: 100 })
    expect(page.total).toBeLessThan(all.total)
    const unknown = await listing({ perPage: 100, filters: filters({ campaign: 'no-such-deal' }) })
    expect(unknown.total).toBe(0)
    expect(unknown.data).toEqual([])
  })

  it.each([
    ['not JSON', '{brand:', 'filters'],
    ['an unknown field', filters({ colourz: ['Red'] }), 'filters'],
    ['a wrong type', filters({ brand: 'rong-bahar' }), 'filters'],
    ['an unknown sort', filters({ sort: 'cheapest' }), 'filters'],
  ])('answers 400 for filters with %s', async (_case, value, field) => {
    const response = await t.app.inject({
      url: '/api/v1/product/storefront',
      query: { filters: value },
      headers: apiHeaders,
    })
    expect(response.statusCode).toBe(400)
    const body = response.json() as { error: Record<string, string[]> }
    expect(Object.keys(body.error)).toEqual([field])
    expect(body.error[field]?.length).toBeGreaterThan(0)
  })

  it.each([
    [{ perPage: 'many' }, 'perPage'],
    [{ perPage: '500' }, 'perPage'],
    [{ currentPage: '0' }, 'currentPage'],
  ])('answers 400 naming the bad parameter %o', async (query, field) => {
    const response = await t.app.inject({ url: '/api/v1/product/storefront', query, headers: apiHeaders })
    expect(response.statusCode).toBe(400)
    expect(Object.keys((response.json() as { error: object }).error)).toContain(field)
  })

  it.each([
    [{}, 'The api key is missing'],
    [{ 'x-api-key': 'wrong-key-123' }, 'The api key is not valid'],
  ])('answers 401 without the right api key (%o)', async (headers, message) => {
    const response = await t.app.inject({ url: '/api/v1/product/storefront', headers })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: { apiKey: [message] } })
  })
})
