import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueChange } from '../../server/db/catalogue-changes'
import { queryRows } from '../../server/db/client'
import { type ListingResponse, listingResponse, productResponse } from '../../src/contract/product'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

// Writes made in plain SQL through the app's own database client, as a job, the seed or an operator's psql
// would make them: no route, no call telling the catalogue. The database announces them itself.
let t: TestApp
/** every change the instance heard, in order */
const heard: CatalogueChange[] = []

beforeAll(async () => {
  t = await createTestApp({ products: 24 })
  t.app.changeFeed.subscribe((change) => heard.push(change))
}, 120_000)
afterAll(() => t?.close())

const product = async (id: number, lang = 'en') => {
  const response = await t.app.inject({
    url: `/api/v1/product/storefront/${id}?lang=${lang}`,
    headers: apiHeaders,
  })
  expect(response.statusCode).toBe(200)
  return productResponse.parse(response.json()).data
}
const LISTING = '/api/v2/product/storefront?perPage=100'
const listing = async (): Promise<ListingResponse> => {
  const response = await t.app.inject({ url: LISTING, headers: apiHeaders })
  expect(response.statusCode).toBe(200)
  return listingResponse.parse(response.json())
}
/** Whether the listing page is answered as the instance kept it (its Server-Timing says). */
const listingKept = async () => {
  const response = await t.app.inject({ url: LISTING, headers: apiHeaders })
  return response.headers['server-timing'] === 'kept;desc=hit'
}
/** What the instance hears of one statement run through its own database client. */
async function heardOf(statement: ReturnType<typeof sql>): Promise<CatalogueChange[]> {
  heard.length = 0
  await t.db.execute(statement)
  return [...heard]
}

describe('a change written in plain SQL', () => {
  it('shows at once in the product answer and the listing page the instance kept', async () => {
    const before = await product(5)
    const page = await listing()
    // both kept now: only news of the change can drop them before their own expiry
    expect((await product(5)).discounted_price).toBe(before.discounted_price)
    expect(await listingKept()).toBe(true)
    const lower = Math.max(1, Math.floor(before.discounted_price / 2))

    await t.db.execute(sql`update skus set discounted_price = ${lower}, discounted_value = price - ${lower}
      where product_id = 5`)
    await t.db.execute(sql`update products set discounted_price = ${lower} where id = 5`)

    const after = await product(5)
    expect(after.skus.every((sku) => sku.discountedPrice === lower)).toBe(true)
    expect(after.discounted_price).toBe(lower)
    const card = (await listing()).data.find((p) => p.id === 5)
    expect(card?.discounted_price).toBe(lower)
    expect(page.data.find((p) => p.id === 5)?.discounted_price).toBe(before.discounted_price)
  })

  it('of a category shows at once in the products and listings that name it', async () => {
    const before = await product(3)
    await listing()
    await t.db.execute(sql`update categories set name = 'Renamed by hand' where id = ${before.category.id}`)
    expect((await product(3)).category.name).toBe('Renamed by hand')
    const card = (await listing()).data.find((p) => p.id === 3)
    expect(card?.category.name).toBe('Renamed by hand')
  })

  it('that takes a product out of the shop takes it out of the product answer and the listing', async () => {
    await product(9)
    expect((await listing()).data.some((p) => p.id === 9)).toBe(true)
    await t.db.execute(sql`update products set status = 'archived' where id = 9`)
    const gone = await t.app.inject({ url: '/api/v1/product/storefront/9', headers: apiHeaders })
    expect(gone.statusCode).toBe(404)
    expect((await listing()).data.some((p) => p.id === 9)).toBe(false)
  })
})

describe('what the database announces', () => {
  it('names the products a statement changed, once for a whole statement and once per transaction', async () => {
    expect(
      await heardOf(sql`update skus set stock_quantity = stock_quantity + 1 where product_id in (2, 4)`),
    ).toEqual([{ products: [2, 4] }])
    // as a stock movement does: the skus, then the sold count on the product; one message
    expect(
      await heardOf(sql`begin;
        update skus set stock_quantity = stock_quantity + 1 where product_id = 6;
        update products set sold_count = sold_count + 1 where id = 6;
        commit`),
    ).toEqual([{ products: [6] }])
    expect(await heardOf(sql`update products set name = name || '!' where id in (7, 8)`)).toEqual([
      { products: [7, 8], listings: true },
    ])
  })

  it('leaves the kept listing pages to a change of sold counts alone, not to one a card shows', async () => {
    await listing()
    await t.db.execute(sql`update products set sold_count = sold_count + 3 where id = 10`)
    expect(await listingKept()).toBe(true)
    await t.db.execute(sql`update products set in_stock = not in_stock where id = 10`)
    expect(await listingKept()).toBe(false)
  })

  it('says nothing of a statement that changed nothing', async () => {
    expect(await heardOf(sql`update products set name = 'nobody' where id = -1`)).toEqual([])
    expect(await heardOf(sql`update brands set name = name`)).toEqual([])
    expect(await heardOf(sql`delete from campaigns where id = -1`)).toEqual([])
  })

  it('tells of categories, brands and campaigns as of everything they name', async () => {
    const [brand] = await queryRows<{ id: number }>(t.db, sql`select id from brands order by id limit 1`)
    expect(await heardOf(sql`update brands set name_bn = 'হাতে বদলানো' where id = ${brand?.id ?? 0}`)).toEqual([
      { listings: true, refs: true },
    ])
  })

  it('says "everything" past 1,000 products or 7,000 bytes, and for a table emptied', async () => {
    const many = await heardOf(
      sql`select catalogue_announce(array(select generate_series(1, 1001)), true, false)`,
    )
    expect(many).toEqual([{ all: true }])
    const long = await heardOf(
      sql`select catalogue_announce(array(select generate_series(10000000, 10000900)), false, false)`,
    )
    expect(long).toEqual([{ all: true }])
    const fits = await heardOf(
      sql`select catalogue_announce(array(select generate_series(1, 1000)), false, false)`,
    )
    expect(fits[0]?.products).toHaveLength(1000)
    expect(await heardOf(sql`truncate skus cascade`)).toContainEqual({ all: true })
  })
})
