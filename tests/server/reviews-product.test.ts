import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, reviews } from '../../server/db/schema'
import { api, createShopper, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let items: SkuInfo[]
beforeAll(async () => {
  t = await createTestApp({ products: 6 })
  items = await sellableSkus(t.db, 3)
}, 180_000)
afterAll(async () => t?.close())

const slug = (i: number) => {
  const found = items[i]
  if (!found) throw new Error(`no product ${i}`)
  return found.slug
}
type List = {
  data: { id: number; rating: number; name: string }[]
  total: number
  average: number
  counts: Record<string, number>
}
const list = async (productSlug: string, query = '') =>
  (await api(t.app, 'GET', `review?product_slug=${productSlug}&status=active${query}`))
    .body as unknown as List

describe('reviews', () => {
  it('lists active reviews newest first with the average and the count per star', async () => {
    const product = slug(0)
    const ratings = [5, 4, 4]
    for (const [i, rating] of ratings.entries()) {
      const shopper = await createShopper(t.db, `0150000000${i}`)
      const reply = await api(t.app, 'POST', 'review/product', {
        token: shopper.token,
        body: { product_slug: product, rating, text: `review ${i}` },
      })
      expect(reply.status).toBe(201)
    }
    const page = await list(product, '&perPage=2&currentPage=1')
    expect(page.total).toBe(3)
    expect(page.average).toBe(4.33)
    expect(page.counts).toEqual({ '1': 0, '2': 0, '3': 0, '4': 2, '5': 1 })
    expect(page.data).toHaveLength(2)
    const second = await list(product, '&perPage=2&currentPage=2')
    expect([...page.data, ...second.data].map((r) => r.rating)).toEqual([4, 4, 5])
    const [row] = await t.db.select().from(products).where(eq(products.slug, product))
    expect(row?.ratingCount).toBe(3)
  })

  it('takes one review per product per shopper (409) and tells the page through review/mine', async () => {
    const shopper = await createShopper(t.db, '01500000010')
    const body = { product_slug: slug(1), rating: 3, text: 'Good cloth' }
    expect((await api(t.app, 'POST', 'review', { token: shopper.token, body })).status).toBe(201)
    const again = await api(t.app, 'POST', 'review', { token: shopper.token, body: { ...body, rating: 5 } })
    expect(again.status).toBe(409)
    expect(again.body.error).toEqual({ product_slug: ['You have already reviewed this product'] })
    const mine = await api(t.app, 'GET', 'review/mine', { token: shopper.token })
    expect(mine.body.isUserReviewed).toEqual({ [slug(1)]: true })
  })

  it('holds a review without login as pending and never lists it as active', async () => {
    const reply = await api(t.app, 'POST', 'review/product/without-login', {
      body: { product_slug: slug(2), rating: 1, text: 'Late', name: 'Guest Shopper', phone: '01812345678' },
    })
    expect(reply.status).toBe(201)
    expect((reply.body.data as { status: string }).status).toBe('pending')
    expect((await list(slug(2))).total).toBe(0)
    const noSession = await api(t.app, 'POST', 'review/product', {
      body: { product_slug: slug(2), rating: 4 },
    })
    expect(noSession.status).toBe(401)
  })

  it('refuses a rating outside 1–5, more than 4 photos, and photos that were not uploaded', async () => {
    const shopper = await createShopper(t.db, '01500000011')
    const bad = [
      { rating: 0 },
      { rating: 6 },
      { rating: 5, photos: Array.from({ length: 5 }, (_, i) => `uploads/${i}.webp`) },
      { rating: 5, photos: ['uploads/00000000-0000-0000-0000-000000000000.webp'] },
    ]
    for (const change of bad) {
      const reply = await api(t.app, 'POST', 'review', {
        token: shopper.token,
        body: { product_slug: slug(2), ...change },
      })
      expect(reply.status).toBe(400)
    }
  })

  it('lets no shopper delete another’s review', async () => {
    const owner = await createShopper(t.db, '01500000012')
    const other = await createShopper(t.db, '01500000013')
    const created = await api(t.app, 'POST', 'review', {
      token: owner.token,
      body: { product_slug: slug(2), rating: 4 },
    })
    const id = (created.body.data as { id: number }).id
    expect((await api(t.app, 'DELETE', `review/${id}`, { token: other.token })).status).toBe(404)
    expect(await t.db.select().from(reviews).where(eq(reviews.id, id))).toHaveLength(1)
    expect((await api(t.app, 'DELETE', `review/${id}`, { token: owner.token })).status).toBe(204)
  })

  it('answers a product number beyond the id range as a product not found, never 500', async () => {
    const shopper = await createShopper(t.db, '01500000014')
    for (const key of ['12345678901', '99999999999999999999', '2147483648']) {
      const listed = await api(t.app, 'GET', `review?product_slug=${key}&status=active`)
      expect(listed.status).toBe(404)
      expect(listed.body).toEqual({ error: { product_slug: ['Product not found'] } })
      const posted = await api(t.app, 'POST', 'review', {
        token: shopper.token,
        body: { product_slug: key, rating: 5 },
      })
      expect(posted.status).toBe(404)
    }
  })
})
