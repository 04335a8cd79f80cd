import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { type ListingResponse, listingResponse } from '../../src/contract/product'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp
let everything: ListingResponse['data']

beforeAll(async () => {
  t = await createTestApp({ products: 80 })
  everything = (await search('', 100)).data
})
afterAll(async () => {
  await t?.close()
})

async function search(text: string, perPage = 24): Promise<ListingResponse> {
  const query: Record<string, string> = { perPage: String(perPage) }
  if (text) query.search = text
  const response = await t.app.inject({ url: '/api/v1/product/storefront', query, headers: apiHeaders })
  expect(response.statusCode, response.body).toBe(200)
  return listingResponse.parse(response.json())
}

const haystack = (p: ListingResponse['data'][number]) =>
  `${p.name} ${p.brand.name} ${p.category.name}`.toLowerCase()

describe('product search', () => {
  it.each(['pan', 'PANJ', 'saree', 'sil', 'oxford'])(
    'finds every product whose name, brand or category contains "%s"',
    async (term) => {
      const found = await search(term, 100)
      const expected = everything.filter((p) => haystack(p).includes(term.toLowerCase()))
      expect(expected.length).toBeGreaterThan(0)
      expect(found.total).toBeGreaterThanOrEqual(expected.length)
      expect(found.data.map((p) => p.id)).toEqual(expect.arrayContaining(expected.map((p) => p.id)))
    },
  )

  it('matches a substring inside a word', async () => {
    const found = await search('njab', 100)
    expect(found.total).toBeGreaterThan(0)
    for (const product of found.data) expect(haystack(product)).toContain('njab')
  })

  it('finds products by brand name', async () => {
    const brand = everything[0]?.brand as { name: string; slug: string }
    const found = await search(brand.name, 100)
    const expected = everything.filter((p) => p.brand.slug === brand.slug)
    expect(found.data.map((p) => p.id)).toEqual(expect.arrayContaining(expected.map((p) => p.id)))
  })

  it('finds products by category name', async () => {
    const found = await search('sneakers', 100)
    expect(found.total).toBeGreaterThan(0)
    expect(found.data.every((p) => haystack(p).includes('sneakers'))).toBe(true)
  })

  it('ranks names starting with the term before names containing it', async () => {
    const term = 'embroidered'
    const found = await search(term, 100)
    const starts = found.data.map((p) => p.name.toLowerCase().startsWith(term))
    const firstLater = starts.indexOf(false)
    expect(starts[0]).toBe(true)
    if (firstLater >= 0) expect(starts.slice(firstLater)).not.toContain(true)
  })

  it.each([
    ['panjbi', 'panjabi'],
    ['sneekers', 'sneakers'],
    ['jamdni', 'jamdani'],
  ])('tolerates the typo "%s" when nothing matches exactly', async (typo, meant) => {
    expect(everything.some((p) => haystack(p).includes(typo))).toBe(false)
    const found = await search(typo, 10)
    expect(found.total).toBeGreaterThan(0)
    expect(haystack(found.data[0] as ListingResponse['data'][number])).toContain(meant)
  })

  it('answers none when the filters leave no product a correctly spelt word finds, rather than look-alikes', async () => {
    // a brand with products, none of them a saree (look-alike words such as "sandal" would find some)
    const [brand] = await queryRows<{ slug: string }>(
      t.db,
      sql`select b.slug from products p join brands b on b.id = p.brand_id where p.status = 'active'
          group by b.slug
          having count(*) filter (where p.search_text like '%saree%') = 0
             and count(*) filter (where p.search_text like '%sandal%') > 0
          limit 1`,
    )
    expect(brand).toBeDefined()
    const response = await t.app.inject({
      url: '/api/v1/product/storefront',
      query: { search: 'saree', perPage: '10', filters: JSON.stringify({ brand: [brand?.slug] }) },
      headers: apiHeaders,
    })
    expect(response.statusCode, response.body).toBe(200)
    const found = listingResponse.parse(response.json())
    expect(found.total).toBe(0)
    expect(found.data).toEqual([])
  })

  it('skips the facet counts when asked, with the same products and total', async () => {
    const withFacets = await search('silk', 5)
    const response = await t.app.inject({
      url: '/api/v1/product/storefront',
      query: { search: 'silk', perPage: '5', facets: 'false' },
      headers: apiHeaders,
    })
    const without = listingResponse.parse(response.json())
    expect(without.data).toEqual(withFacets.data)
    expect(without.total).toBe(withFacets.total)
    expect(withFacets.facets.brands.length).toBeGreaterThan(0)
    expect(without.facets.brands).toEqual([])
  })

  it('answers an empty page for a term nothing resembles', async () => {
    const found = await search('zqxjv', 10)
    expect(found.total).toBe(0)
    expect(found.data).toEqual([])
    expect(found.hasNext).toBe(false)
  })

  it('treats LIKE wildcards in the term literally', async () => {
    const found = await search('%_%', 10)
    expect(found.total).toBe(0)
  })

  it('answers 400 for a search term longer than 100 characters', async () => {
    const response = await t.app.inject({
      url: '/api/v1/product/storefront',
      query: { search: 'a'.repeat(101) },
      headers: apiHeaders,
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys((response.json() as { error: object }).error)).toEqual(['search'])
  })
})
