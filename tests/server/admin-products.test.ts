import { asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, campaigns, categories, products, skus } from '../../server/db/schema'
import type { AdminProductRow } from '../../src/contract/admin-products'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
let ownerId: number
beforeAll(async () => {
  t = await createTestApp({ products: 40 })
  ownerId = await createPerson(t.db, { phone: '01730000001', role: 'owner', firstName: 'Rahima' })
  owner = await openSession(t.app, ownerId)
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01730000002', role: 'manager' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01730000003', role: 'staff' }))
}, 180_000)
afterAll(async () => t?.close())

type Meta = { page: number; perPage: number; total: number; totalCapped: boolean; hasNext: boolean }
type BulkData = { changed: number; skipped: { id: number; reason: string }[] }

async function list(query = '', as = owner) {
  const reply = await adminCall(t.app, 'GET', `products${query ? `?${query}` : ''}`, { as })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return { rows: reply.body.data as AdminProductRow[], meta: reply.body.meta as Meta }
}

const bulk = (ids: number[], action: Record<string, unknown>, as = owner) =>
  adminCall(t.app, 'POST', 'products/bulk', { as, body: { ids, action } })
const bulkStock = (ids: number[], by: number, as: StaffCredentials = staff) =>
  adminCall(t.app, 'POST', 'products/bulk-stock', { as, body: { ids, by } })

/** products by id, `count` of them from `from` on, with at least one sku */
async function productIds(count: number, from = 0): Promise<number[]> {
  const rows = await t.db
    .selectDistinct({ id: skus.productId })
    .from(skus)
    .orderBy(asc(skus.productId))
    .limit(count)
    .offset(from)
  return rows.map((row) => row.id)
}

const skusOf = (productId: number) =>
  t.db.select().from(skus).where(eq(skus.productId, productId)).orderBy(asc(skus.id))

const productRow = async (id: number) => {
  const [row] = await t.db.select().from(products).where(eq(products.id, id))
  if (!row) throw new Error(`no product ${id}`)
  return row
}

const auditOf = (action: string, ids: number[]) =>
  t.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action} and ${auditLog.objectId} in ${ids.map(String)}`)

describe('GET /admin/products', () => {
  it('answers the first page, newest change first, with the count and whether more follow', async () => {
    const { rows, meta } = await list()
    expect(meta).toEqual({ page: 1, perPage: 25, total: 40, totalCapped: false, hasNext: true })
    expect(rows).toHaveLength(25)
    const stamps = rows.map((row) => `${row.updatedAt}|${String(row.id).padStart(8, '0')}`)
    expect(stamps).toEqual([...stamps].sort().reverse())
    const first = rows[0] as AdminProductRow
    const stored = await productRow(first.id)
    expect(first).toMatchObject({
      slug: stored.slug,
      name: stored.name,
      status: stored.status,
      stockQuantity: stored.stockQuantity,
      skuCount: (await skusOf(first.id)).length,
      version: stored.version,
      image: stored.thumbnail.split(',')[0],
    })
    expect(first.categoryName).not.toBe('')
    expect(first.brandName).not.toBe('')
  })

  it('pages through every product once', async () => {
    const seen: number[] = []
    for (let page = 1; page <= 4; page++) {
      const { rows, meta } = await list(`perPage=12&page=${page}`)
      expect(meta.hasNext).toBe(page < 4)
      seen.push(...rows.map((row) => row.id))
    }
    expect(seen).toHaveLength(40)
    expect(new Set(seen).size).toBe(40)
  })

  it.each<[string, string, (row: AdminProductRow) => string | number]>([
    ['name', 'asc', (row) => row.name],
    ['price', 'desc', (row) => row.discountedPrice],
    ['stock', 'asc', (row) => row.stockQuantity],
  ])('sorts by %s %s', async (sort, dir, value) => {
    const { rows } = await list(`sort=${sort}&dir=${dir}&perPage=100`)
    const values = rows.map(value)
    const sorted = [...values].sort((a, b) =>
      typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1,
    )
    expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse())
  })

  it('filters by status', async () => {
    const [draft] = await productIds(1, 30)
    await t.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, draft as number))
    const { rows, meta } = await list('status=draft')
    expect(rows.map((row) => row.id)).toEqual([draft])
    expect(meta.total).toBe(1)
    expect((await list('status=active')).meta.total).toBe(39)
    await t.db
      .update(products)
      .set({ status: 'active' })
      .where(eq(products.id, draft as number))
  })

  it('filters by a parent category, finding its children’s products', async () => {
    const [child] = await t.db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(
        sql`${categories.parentId} is not null and exists (select 1 from products p where p.category_id = ${categories.id})`,
      )
      .limit(1)
    if (!child?.parentId) throw new Error('the seed has no nested category')
    const expected = await t.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.categoryPath} @> array[${child.parentId}::int]`)
    const { rows, meta } = await list(`categoryId=${child.parentId}&perPage=100`)
    expect(meta.total).toBe(expected.length)
    expect(rows.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort())
    const own = await list(`categoryId=${child.id}&perPage=100`)
    expect(own.meta.total).toBeGreaterThan(0)
    expect(own.meta.total).toBeLessThanOrEqual(meta.total)
  })

  it('filters by brand and by campaign', async () => {
    const sample = await productRow((await productIds(1, 5))[0] as number)
    const byBrand = await list(`brandId=${sample.brandId}&perPage=100`)
    expect(byBrand.rows.length).toBeGreaterThan(0)
    for (const row of byBrand.rows) expect(row.brandName).toBe(byBrand.rows[0]?.brandName)
    expect(byBrand.rows.map((row) => row.id)).toContain(sample.id)

    const [campaign] = await t.db
      .insert(campaigns)
      .values({
        slug: 'list-filter',
        name: 'List filter',
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: campaigns.id })
    const chosen = await productIds(3, 10)
    await t.db
      .update(products)
      .set({ campaignIds: sql`array_append(${products.campaignIds}, ${campaign?.id}::int)` })
      .where(inArray(products.id, chosen))
    const byCampaign = await list(`campaignId=${campaign?.id}`)
    expect(byCampaign.rows.map((row) => row.id).sort()).toEqual([...chosen].sort())
  })

  it('filters by stock: out, low (1 to 5) and in', async () => {
    const [out, low, plenty] = await productIds(3, 20)
    await t.db
      .update(skus)
      .set({ stockQuantity: 0 })
      .where(eq(skus.productId, out as number))
    const lowSkus = await skusOf(low as number)
    await t.db
      .update(skus)
      .set({ stockQuantity: 0 })
      .where(eq(skus.productId, low as number))
    await t.db
      .update(skus)
      .set({ stockQuantity: 5 })
      .where(eq(skus.id, lowSkus[0]?.id as number))
    await t.db
      .update(skus)
      .set({ stockQuantity: 6 })
      .where(eq(skus.productId, plenty as number))
    await t.db.execute(
      sql`update products p set stock_quantity = (select sum(stock_quantity) from skus where product_id = p.id)`,
    )

    const outRows = (await list('stock=out&perPage=100')).rows
    expect(outRows.map((row) => row.id)).toContain(out)
    for (const row of outRows) expect(row).toMatchObject({ stockQuantity: 0, stockLevel: 'out' })
    const lowRows = (await list('stock=low&perPage=100')).rows
    expect(lowRows.map((row) => row.id)).toContain(low)
    for (const row of lowRows) {
      expect(row.stockQuantity).toBeGreaterThanOrEqual(1)
      expect(row.stockQuantity).toBeLessThanOrEqual(5)
      expect(row.stockLevel).toBe('low')
    }
    const inRows = (await list('stock=in&perPage=100')).rows
    expect(inRows.map((row) => row.id)).toContain(plenty)
    for (const row of inRows) expect(row.stockQuantity).toBeGreaterThan(5)
    expect(outRows.length + lowRows.length + inRows.length).toBe(40)

    // the threshold is the shop's (its settings), the same the dashboard's low-stock list uses
    const settings = async (change: (low: number) => number) => {
      const loaded = (await adminCall(t.app, 'GET', 'settings', { as: owner })).body.data as {
        version: number
        settings: { lowStockThreshold: number }
      }
      const low = change(loaded.settings.lowStockThreshold)
      const saved = await adminCall(t.app, 'PUT', 'settings', {
        as: owner,
        body: { version: loaded.version, settings: { ...loaded.settings, lowStockThreshold: low } },
      })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    }
    const highest = Math.max(...inRows.map((row) => row.stockQuantity))
    await settings(() => highest)
    expect((await list('stock=in&perPage=100')).rows).toEqual([])
    const allLow = (await list('stock=low&perPage=100')).rows
    expect(allLow.length).toBe(lowRows.length + inRows.length)
    for (const row of allLow) expect(row.stockLevel).toBe('low')
    await settings(() => 5)
  })

  it('searches names in English and Bangla, the slug, and a sku’s exact code', async () => {
    const target = await productRow((await productIds(1, 7))[0] as number)
    const [code] = await skusOf(target.id)
    const word = target.name.split(' ').find((part) => part.length >= 4) ?? target.name
    const byWord = await list(`q=${encodeURIComponent(word.toUpperCase())}&perPage=100`)
    expect(byWord.rows.map((row) => row.id)).toContain(target.id)
    for (const row of byWord.rows.slice(0, 5)) {
      expect(`${row.name} ${row.brandName} ${row.categoryName}`.toLowerCase()).toContain(word.toLowerCase())
    }
    expect(target.nameBn).not.toBe('')
    const bangla = await list(`q=${encodeURIComponent(target.nameBn)}`)
    expect(bangla.rows.map((row) => row.id)).toContain(target.id)
    const bySlug = await list(`q=${target.slug}`)
    expect(bySlug.rows.map((row) => row.id)).toContain(target.id)
    const bySku = await list(`q=${encodeURIComponent(code?.sku ?? '')}`)
    expect(bySku.rows.map((row) => row.id)).toEqual([target.id])
    expect((await list('q=zzqqxx-nothing')).meta).toMatchObject({ total: 0, hasNext: false })
    // the wildcard characters of LIKE are text here
    expect((await list('q=%25')).meta.total).toBe(0)
  })

  it('refuses values it does not take, with the field named', async () => {
    for (const query of [
      'perPage=101',
      'status=gone',
      'stock=some',
      'sort=colour',
      'page=0',
      'categoryId=x',
    ]) {
      const reply = await adminCall(t.app, 'GET', `products?${query}`, { as: owner })
      expect(reply.status, query).toBe(400)
      expect(Object.keys(reply.body.error as object)).toEqual([query.split('=')[0]])
    }
  })

  it('answers staff too, and nobody without a session', async () => {
    expect((await list('', staff)).rows).toHaveLength(25)
    expect((await adminCall(t.app, 'GET', 'products')).status).toBe(401)
  })
})

describe('POST /admin/products/bulk', () => {
  it('publishes, skipping a product without a sku or an image, with an audit entry each', async () => {
    const [ready, noImage, noSku, already] = await productIds(4, 0)
    await t.db
      .update(products)
      .set({ status: 'draft' })
      .where(inArray(products.id, [ready, noImage, noSku] as number[]))
    await t.db
      .update(products)
      .set({ thumbnail: '' })
      .where(eq(products.id, noImage as number))
    await t.db.delete(skus).where(eq(skus.productId, noSku as number))
    const slug = (await productRow(ready as number)).slug
    expect((await api(t.app, 'GET', `product/storefront/${slug}`)).status).toBe(404)
    const version = (await productRow(ready as number)).version

    const reply = await bulk([ready, noImage, noSku, already, 999_999] as number[], { type: 'publish' })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.data).toEqual({
      changed: 1,
      skipped: expect.arrayContaining([
        { id: noImage, reason: 'no-image' },
        { id: noSku, reason: 'no-sku' },
        { id: 999_999, reason: 'not-found' },
      ]),
    })
    expect((reply.body.data as BulkData).skipped).toHaveLength(3)
    const published = await productRow(ready as number)
    expect(published).toMatchObject({ status: 'active', version: version + 1, updatedBy: ownerId })
    expect((await productRow(noImage as number)).status).toBe('draft')
    // the storefront shows it on the next read
    expect((await api(t.app, 'GET', `product/storefront/${slug}`)).status).toBe(200)
    const entries = await auditOf('product.publish', [ready, noImage, noSku, already] as number[])
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      staffId: ownerId,
      objectType: 'product',
      objectId: String(ready),
      before: { status: 'draft' },
      after: { status: 'active' },
    })
  })

  it('unpublishes and archives: the storefront no longer shows them', async () => {
    const [first, second] = await productIds(2, 12)
    const slugs = [(await productRow(first as number)).slug, (await productRow(second as number)).slug]
    expect((await api(t.app, 'GET', `product/storefront/${slugs[0]}`)).status).toBe(200)
    const down = await bulk([first as number], { type: 'unpublish' }, manager)
    expect(down.body.data).toEqual({ changed: 1, skipped: [] })
    const gone = await bulk([first, second] as number[], { type: 'archive' })
    expect(gone.body.data).toEqual({ changed: 2, skipped: [] })
    for (const slug of slugs) expect((await api(t.app, 'GET', `product/storefront/${slug}`)).status).toBe(404)
    expect((await productRow(first as number)).status).toBe('archived')
    expect(await auditOf('product.archive', [first, second] as number[])).toHaveLength(2)
    const restored = await bulk([first, second] as number[], { type: 'publish' })
    expect(restored.body.data).toEqual({ changed: 2, skipped: [] })
  })

  it('discounts every sku in whole TK, and the card follows', async () => {
    const [id] = await productIds(1, 14)
    const before = await skusOf(id as number)
    const reply = await bulk([id as number], { type: 'discount', percent: 15 })
    expect(reply.body.data).toEqual({ changed: 1, skipped: [] })
    const after = await skusOf(id as number)
    for (const [index, sku] of after.entries()) {
      const price = before[index]?.price as number
      expect(sku.discountedPrice).toBe(Math.min(price, Math.round(price * 0.85)))
      expect(sku.discountedValue).toBeCloseTo(price - sku.discountedPrice, 2)
    }
    const cheapest = Math.min(...after.map((sku) => sku.discountedPrice))
    expect((await productRow(id as number)).discountedPrice).toBe(cheapest)
    const [entry] = await auditOf('product.discount', [id as number])
    expect(entry?.after).toMatchObject({ discountPercent: 15 })
    // the same discount again changes nothing
    expect((await bulk([id as number], { type: 'discount', percent: 15 })).body.data).toEqual({
      changed: 0,
      skipped: [],
    })
    // 0 ends it
    await bulk([id as number], { type: 'discount', percent: 0 })
    for (const sku of await skusOf(id as number)) expect(sku.discountedPrice).toBe(sku.price)
  })

  it('adds to and removes from a campaign; an unknown campaign is a 404 and nothing changes', async () => {
    const [campaign] = await t.db
      .insert(campaigns)
      .values({
        slug: 'bulk-campaign',
        name: 'Bulk',
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: campaigns.id })
    const campaignId = campaign?.id as number
    const ids = await productIds(3, 16)
    const added = await bulk(ids, { type: 'add-campaign', campaignId })
    expect(added.body.data).toEqual({ changed: 3, skipped: [] })
    expect((await list(`campaignId=${campaignId}`)).meta.total).toBe(3)
    expect((await bulk(ids, { type: 'add-campaign', campaignId })).body.data).toMatchObject({ changed: 0 })
    const removed = await bulk(ids.slice(0, 1), { type: 'remove-campaign', campaignId })
    expect(removed.body.data).toEqual({ changed: 1, skipped: [] })
    expect((await productRow(ids[0] as number)).campaignIds).not.toContain(campaignId)
    const unknown = await bulk(ids, { type: 'add-campaign', campaignId: 999_999 })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toEqual({ campaignId: ['Campaign not found'] })
  })

  it('refuses staff, empty and oversized selections, and discounts above 90%', async () => {
    const [id] = await productIds(1)
    expect((await bulk([id as number], { type: 'archive' }, staff)).status).toBe(403)
    expect((await bulk([], { type: 'archive' })).body.error).toEqual({ ids: ['Choose at least one product'] })
    const many = Array.from({ length: 501 }, (_, index) => index + 1)
    expect((await bulk(many, { type: 'archive' })).status).toBe(400)
    expect((await bulk([id as number], { type: 'discount', percent: 95 })).status).toBe(400)
    expect((await bulk([id as number], { type: 'delete' })).status).toBe(400)
    const bangla = await adminCall(t.app, 'POST', 'products/bulk', {
      as: owner,
      body: { ids: [], action: { type: 'archive' } },
      headers: { 'accept-language': 'bn' },
    })
    expect(bangla.body.error).toEqual({ ids: ['অন্তত একটি পণ্য বেছে নিন'] })
  })
})

describe('POST /admin/products/bulk-stock', () => {
  it('adds to every sku of each product, and the card’s stock follows', async () => {
    const ids = await productIds(2, 24)
    const before = await Promise.all(ids.map(skusOf))
    const reply = await bulkStock(ids, 3)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.data).toEqual({ changed: 2, skipped: [] })
    for (const [index, id] of ids.entries()) {
      const after = await skusOf(id)
      expect(after.map((sku) => sku.stockQuantity)).toEqual(
        before[index]?.map((sku) => sku.stockQuantity + 3),
      )
      expect((await productRow(id)).stockQuantity).toBe(
        after.reduce((sum, sku) => sum + sku.stockQuantity, 0),
      )
    }
    const entries = await auditOf('product.stock', ids)
    expect(entries).toHaveLength(2)
    expect(entries[0]?.after).toMatchObject({ addedToEachSku: 3 })
  })

  it('refuses the whole change when a sku would go below 0, naming the product, writing nothing', async () => {
    const ids = await productIds(2, 26)
    const [low, plenty] = ids
    await t.db
      .update(skus)
      .set({ stockQuantity: 1 })
      .where(eq(skus.productId, low as number))
    await t.db
      .update(skus)
      .set({ stockQuantity: 10 })
      .where(eq(skus.productId, plenty as number))
    const before = await Promise.all(ids.map(skusOf))
    const reply = await bulkStock(ids, -2)
    expect(reply.status).toBe(409)
    const name = (await productRow(low as number)).name
    expect(reply.body).toEqual({
      error: { by: [`Stock would go below 0 for ${name}`] },
      products: [{ id: low, name }],
    })
    expect(await Promise.all(ids.map(skusOf))).toEqual(before)
    expect(await auditOf('product.stock', [low as number])).toHaveLength(0)
  })

  it('lets only as many parallel takings through as there is stock', async () => {
    const [id] = await productIds(1, 28)
    await t.db
      .update(skus)
      .set({ stockQuantity: 5 })
      .where(eq(skus.productId, id as number))
    const replies = await Promise.all(Array.from({ length: 4 }, () => bulkStock([id as number], -2)))
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 409, 409])
    for (const sku of await skusOf(id as number)) expect(sku.stockQuantity).toBe(1)
  })

  it('refuses 0, and callers without a session', async () => {
    const [id] = await productIds(1)
    expect((await bulkStock([id as number], 0)).body.error).toEqual({ by: ['Enter a number other than 0'] })
    const none = await adminCall(t.app, 'POST', 'products/bulk-stock', { body: { ids: [id], by: 1 } })
    expect(none.status).toBe(401)
  })
})

describe('GET /admin/products/:id/stock', () => {
  it('lists the product’s skus with their stock and prices', async () => {
    const [id] = await productIds(1, 3)
    const reply = await adminCall(t.app, 'GET', `products/${id}/stock`, { as: staff })
    expect(reply.status).toBe(200)
    const stored = await skusOf(id as number)
    expect((reply.body.data as { id: number }[]).map((sku) => sku.id).sort()).toEqual(
      stored.map((sku) => sku.id).sort(),
    )
    expect((reply.body.data as unknown[])[0]).toEqual({
      id: expect.any(Number),
      sku: expect.any(String),
      size: expect.anything(),
      colour: expect.anything(),
      attributes: expect.any(Array),
      stockQuantity: expect.any(Number),
      price: expect.any(Number),
      discountedPrice: expect.any(Number),
    })
    expect((await adminCall(t.app, 'GET', 'products/999999/stock', { as: staff })).status).toBe(404)
  })
})

describe('a large catalogue', () => {
  it('counts exactly up to 1,000, then says "more than 1,000"; pages reach 10,000 deep', async () => {
    const [sample] = await t.db.select().from(products).limit(1)
    if (!sample) throw new Error('no product')
    await t.db.execute(sql`
      insert into products (slug, name, brand_id, category_id, category_path, price, discounted_price, thumbnail, search_text, status)
      select 'bulk-copy-' || g, 'Copy ' || g, ${sample.brandId}, ${sample.categoryId}, (select category_path from products where id = ${sample.id}),
             100, 100, '', 'copy ' || g, 'archived'
      from generate_series(1, 10105) g`)
    const { meta } = await list('status=archived')
    expect(meta).toMatchObject({ total: 1_000, totalCapped: true, hasNext: true })
    expect((await list('q=copy%2010004')).meta).toMatchObject({ total: 1, totalCapped: false })
    const last = await list('status=archived&perPage=100&page=100&sort=name')
    expect(last.rows).toHaveLength(100)
    expect(last.meta.hasNext).toBe(true)
    const past = await adminCall(t.app, 'GET', 'products?status=archived&perPage=100&page=101', { as: owner })
    expect(past.status).toBe(400)
    expect(past.body.error).toEqual({ page: ['Narrow the filters to see more than 10000 products'] })
  })
})
