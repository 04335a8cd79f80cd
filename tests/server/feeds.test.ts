import { gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { parse } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, skus } from '../../server/db/schema'
import type { AdminFeeds } from '../../src/contract/admin-feeds'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { createTestApp, type TestApp } from './helpers'

type Item = Record<string, unknown>
const PUBLIC_URL = 'https://shop.example.com'

let t: TestApp
let owner: StaffCredentials
let staff: StaffCredentials

beforeAll(async () => {
  t = await createTestApp({ products: 12, config: { PUBLIC_URL } })
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01710000001', role: 'owner' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01710000002', role: 'staff' }))
}, 180_000)
afterAll(async () => t?.close())

async function fetchFeed(path: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: path, headers })
  return response
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

/** The feed's items as an XML parser reads them (elements keep their `g:` prefix). */
async function itemsOf(path: string): Promise<Item[]> {
  const response = await fetchFeed(path)
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toMatch(/^application\/xml/)
  // validated as it is parsed (a malformed feed throws); texts read with XML's entities decoded
  const xml = parse(response.body, { parseNodeValue: false, tagValueProcessor: decodeEntities }, true)
  expect(xml.rss).toBeDefined()
  const items = xml.rss.channel.item
  return Array.isArray(items) ? items : items ? [items] : []
}

async function activeSkus() {
  return t.db
    .select({ id: skus.id, sku: skus.sku, productId: skus.productId, stock: skus.stockQuantity })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(products.status, 'active'))
}

describe('the product feeds', () => {
  it('give one item per sku of the active products, grouped by product, with each platform’s required fields', async () => {
    const expected = await activeSkus()
    for (const platform of ['meta', 'google'] as const) {
      const items = await itemsOf(`/feeds/${platform}.xml`)
      expect(items.map((item) => item['g:id']).sort()).toEqual(expected.map((row) => row.sku).sort())
      for (const item of items) {
        const row = expected.find((candidate) => candidate.sku === item['g:id'])
        expect(item['g:item_group_id']).toBe(String(row?.productId))
        for (const field of ['title', 'description', 'link']) expect(item[field]).toEqual(expect.any(String))
        for (const field of ['g:image_link', 'g:availability', 'g:condition', 'g:price', 'g:brand'])
          expect(item[field]).toEqual(expect.any(String))
        expect(item['g:condition']).toBe('new')
        expect(item['g:price']).toMatch(/^\d+\.\d{2} BDT$/)
        if (item['g:sale_price'] !== undefined) expect(item['g:sale_price']).toMatch(/^\d+\.\d{2} BDT$/)
        expect(item.link).toMatch(new RegExp(`^${PUBLIC_URL}/product/[^?]+$`))
        expect(item['g:image_link']).toMatch(new RegExp(`^${PUBLIC_URL}/media/`))
        expect(item['g:google_product_category']).toMatch(/^\d+$/)
        expect(String(item.description)).not.toMatch(/<[a-z]/i)
        expect(String(item.description).length).toBeLessThanOrEqual(5000)
        expect(String(item.title).length).toBeLessThanOrEqual(150)
      }
      const availability = new Set(items.map((item) => item['g:availability']))
      for (const value of availability)
        expect(platform === 'google' ? ['in_stock', 'out_of_stock'] : ['in stock', 'out of stock']).toContain(
          value,
        )
      if (platform === 'google')
        expect(items.every((item) => item['g:identifier_exists'] === 'no')).toBe(true)
    }
  })

  it('name the size and colour in the title, and give them, gender and age group where the catalogue knows them', async () => {
    const [sku] = await t.db
      .select({ sku: skus.sku, size: skus.size, colour: skus.colour, name: products.name })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(sql`${skus.size} is not null and ${skus.colour} is not null and ${products.status} = 'active'`)
      .limit(1)
    if (!sku) throw new Error('the seed has no sku with a size and colour')
    const items = await itemsOf('/feeds/google.xml')
    const item = items.find((candidate) => candidate['g:id'] === sku.sku) as Item
    expect(item.title).toBe(`${sku.name} (${sku.colour}, ${sku.size})`)
    expect(item['g:size']).toBe(sku.size)
    expect(item['g:color']).toBe(sku.colour)
    expect(item['g:product_type']).toMatch(/ > /)
    const withAudience = items.filter((candidate) => candidate['g:gender'] !== undefined)
    expect(withAudience.length).toBeGreaterThan(0)
    for (const candidate of withAudience) {
      expect(['male', 'female']).toContain(candidate['g:gender'])
      expect(['adult', 'kids']).toContain(candidate['g:age_group'])
    }
  })

  it('follow the stock: a sku sold out in the back office is out of stock once the build its change started ends', async () => {
    const [row] = (await activeSkus()).filter((candidate) => candidate.stock > 0)
    if (!row) throw new Error('no sku in stock')
    const before = await itemsOf('/feeds/google.xml')
    expect(before.find((item) => item['g:id'] === row.sku)?.['g:availability']).toBe('in_stock')
    const change = await adminCall(t.app, 'PATCH', `skus/${row.id}`, {
      as: owner,
      origin: PUBLIC_URL,
      body: { stockQuantity: 0 },
    })
    expect(change.status).toBe(200)
    // the fetch after the change is answered at once with the feed as it was, and starts the next build
    const soon = await itemsOf('/feeds/google.xml')
    expect(soon.find((item) => item['g:id'] === row.sku)?.['g:availability']).toBe('in_stock')
    await expect
      .poll(
        async () =>
          (await itemsOf('/feeds/google.xml')).find((item) => item['g:id'] === row.sku)?.['g:availability'],
      )
      .toBe('out_of_stock')
    await expect
      .poll(
        async () =>
          (await itemsOf('/feeds/meta.xml')).find((item) => item['g:id'] === row.sku)?.['g:availability'],
      )
      .toBe('out of stock')
  })

  it('leave out the skus without a picture or a price, and the back office says which and why', async () => {
    const [first, second] = await t.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(products.id)
      .limit(2)
    if (!first || !second) throw new Error('the seed has too few products')
    await t.db.update(products).set({ thumbnail: '' }).where(eq(products.id, first.id))
    const [priceless] = await t.db
      .update(skus)
      .set({ price: 0, discountedPrice: 0 })
      .where(eq(skus.id, sql`(select min(id) from ${skus} where ${skus.productId} = ${second.id})`))
      .returning({ sku: skus.sku })
    const noImage = (await activeSkus()).filter((row) => row.productId === first.id).map((row) => row.sku)

    // the build the change started leaves them out (until it ends, the feed is answered as it was)
    const left = [...noImage, priceless?.sku]
    await expect
      .poll(async () =>
        (await itemsOf('/feeds/meta.xml')).filter((item) => left.includes(String(item['g:id']))),
      )
      .toEqual([])
    const items = await itemsOf('/feeds/meta.xml')

    const answer = await adminCall(t.app, 'GET', 'feeds', { as: owner })
    expect(answer.status).toBe(200)
    const meta = (answer.body.data as AdminFeeds).feeds.find(
      (feed) => feed.platform === 'meta' && feed.language === 'en',
    )
    expect(meta?.build?.items).toBe(items.length)
    expect(meta?.build?.skipped).toEqual({ 'no-image': noImage.length, 'no-price': 1 })
    expect(meta?.build?.examples).toEqual(
      expect.arrayContaining([
        { sku: noImage[0], product: first.name, reason: 'no-image' },
        { sku: priceless?.sku, product: second.name, reason: 'no-price' },
      ]),
    )
  })

  it('answer gzip to a client that takes it', async () => {
    const response = await fetchFeed('/feeds/google.xml', { 'accept-encoding': 'gzip, deflate' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('gzip')
    const xml = gunzipSync(response.rawPayload).toString('utf8')
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
    )
    const plain = await fetchFeed('/feeds/google.xml')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(xml)
  })

  it('give the Bangla feed: a full one for Google, a language feed of the Bangla texts for Meta', async () => {
    const [product] = await t.db
      .select({ id: products.id, nameBn: products.nameBn })
      .from(products)
      .where(sql`${products.status} = 'active' and ${products.nameBn} <> '' and ${products.thumbnail} <> ''`)
      .limit(1)
    if (!product) throw new Error('the seed has no product named in Bangla')
    const google = await itemsOf('/feeds/google.xml?lang=bn')
    const ofProduct = google.filter((item) => item['g:item_group_id'] === String(product.id))
    expect(ofProduct.length).toBeGreaterThan(0)
    for (const item of ofProduct) {
      expect(String(item.title).startsWith(product.nameBn)).toBe(true)
      expect(item.link).toMatch(/\?lang=bn$/)
      expect(item['g:price']).toMatch(/ BDT$/)
    }
    const meta = await itemsOf('/feeds/meta.xml?lang=bn')
    const english = await itemsOf('/feeds/meta.xml')
    expect(meta.map((item) => item['g:id'])).toEqual(english.map((item) => item['g:id']))
    for (const item of meta) {
      expect(item['g:override']).toBe('bn_XX')
      // price and availability belong to the main feed: Meta refuses them in a language feed
      expect(item['g:price']).toBeUndefined()
      expect(item['g:availability']).toBeUndefined()
    }
    const metaItem = meta.find((item) => item['g:id'] === ofProduct[0]?.['g:id'])
    expect(String(metaItem?.title).startsWith(product.nameBn)).toBe(true)
  })

  it('refuse anyone without the token once the owner sets one, and take it in the address the back office gives', async () => {
    const set = await adminCall(t.app, 'PUT', 'feeds/token', {
      as: owner,
      origin: PUBLIC_URL,
      body: { action: 'rotate' },
    })
    expect(set.status).toBe(200)
    const data = set.body.data as AdminFeeds
    expect(data.tokenSet).toBe(true)
    const address = data.feeds.find((feed) => feed.platform === 'google' && feed.language === 'en')?.address
    expect(address).toMatch(new RegExp(`^${PUBLIC_URL}/feeds/google\\.xml\\?token=[\\w-]{20,}$`))
    const path = (address as string).slice(PUBLIC_URL.length)

    expect((await fetchFeed('/feeds/google.xml')).statusCode).toBe(404)
    expect((await fetchFeed('/feeds/google.xml?token=guess')).statusCode).toBe(404)
    expect((await fetchFeed('/feeds/meta.xml?lang=bn&token=')).statusCode).toBe(404)
    expect((await fetchFeed(path)).statusCode).toBe(200)
    const bangla = data.feeds.find((feed) => feed.platform === 'meta' && feed.language === 'bn')?.address
    expect((await fetchFeed((bangla as string).slice(PUBLIC_URL.length))).statusCode).toBe(200)

    const rotated = await adminCall(t.app, 'PUT', 'feeds/token', {
      as: owner,
      origin: PUBLIC_URL,
      body: { action: 'rotate' },
    })
    expect((await fetchFeed(path)).statusCode).toBe(404)
    const removed = await adminCall(t.app, 'PUT', 'feeds/token', {
      as: owner,
      origin: PUBLIC_URL,
      body: { action: 'remove' },
    })
    expect((removed.body.data as AdminFeeds).tokenSet).toBe(false)
    expect((await fetchFeed('/feeds/google.xml')).statusCode).toBe(200)
    expect(rotated.status).toBe(200)

    const audit = await adminCall(t.app, 'GET', 'audit?objectType=settings', { as: owner })
    expect(JSON.stringify(audit.body)).toContain('feeds.token-rotate')
    expect(JSON.stringify(audit.body)).not.toContain(path.split('token=')[1])
  })

  it('rebuild on the back office’s demand, and keep the page and its writes from staff', async () => {
    const rebuilt = await adminCall(t.app, 'POST', 'feeds/rebuild', { as: owner, origin: PUBLIC_URL })
    expect(rebuilt.status).toBe(200)
    expect((rebuilt.body.data as AdminFeeds).feeds.every((feed) => feed.build && !feed.build.failure)).toBe(
      true,
    )
    expect((await adminCall(t.app, 'GET', 'feeds', { as: staff })).status).toBe(403)
    expect((await adminCall(t.app, 'POST', 'feeds/rebuild', { as: staff, origin: PUBLIC_URL })).status).toBe(
      403,
    )
    const refused = await adminCall(t.app, 'PUT', 'feeds/token', {
      as: owner,
      origin: PUBLIC_URL,
      body: { action: 'reveal' },
    })
    expect(refused.status).toBe(400)
  })
})
