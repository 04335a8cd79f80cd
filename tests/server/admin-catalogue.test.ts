import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, skus } from '../../server/db/schema'
import { translateMessage } from '../../server/messages/translate'
import type { Product, ProductSummary } from '../../src/contract/product'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { api, newKey, orderBody, pick, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials
let items: SkuInfo[]
beforeAll(async () => {
  t = await createTestApp({ products: 16 })
  owner = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01710000001', role: 'owner', firstName: 'Rina' }),
  )
  manager = await openSession(
    t.app,
    await createPerson(t.db, { phone: '01710000002', role: 'manager', firstName: 'Karim' }),
  )
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01710000003', role: 'staff' }))
  // products in no campaign yet, one sku each picked
  await t.db.update(products).set({ campaignIds: [] })
  items = await sellableSkus(t.db, 8)
}, 180_000)
afterAll(async () => t?.close())

type Json = Record<string, unknown>
const data = (answer: { body: Json }) => answer.body.data as Json
const hour = 3_600_000

async function auditOf(objectType: string, objectId: number) {
  const answer = await adminCall(t.app, 'GET', `audit?objectType=${objectType}&objectId=${objectId}`, {
    as: owner,
  })
  return (answer.body.data as { action: string; staff: { name: string } | null }[]).map(
    (entry) => entry.action,
  )
}

async function productPage(slug: string): Promise<Product> {
  const answer = await api(t.app, 'GET', `product/storefront/${slug}`)
  expect(answer.status).toBe(200)
  return answer.body.data as Product
}

describe('categories', () => {
  it('creates a category with a slug made from its name, and refuses a taken slug', async () => {
    const made = await adminCall(t.app, 'POST', 'categories', {
      as: manager,
      body: { name: 'Winter Shawls', nameBn: 'শীতের শাল' },
    })
    expect(made.status).toBe(201)
    expect(data(made)).toMatchObject({ slug: 'winter-shawls', parentId: null, products: 0, children: 0 })
    const again = await adminCall(t.app, 'POST', 'categories', {
      as: manager,
      body: { name: 'Winter shawls' },
    })
    expect(again.status).toBe(409)
    expect(again.body.error).toEqual({ slug: ['This slug is taken'] })
    expect(await auditOf('category', data(made).id as number)).toEqual(['category.create'])
  })

  it('refuses bad input with field messages, in Bangla when asked', async () => {
    const answer = await adminCall(t.app, 'POST', 'categories', {
      as: owner,
      body: { name: '', slug: 'Not A Slug' },
      headers: { 'accept-language': 'bn' },
    })
    expect(answer.status).toBe(400)
    const error = answer.body.error as Record<string, string[]>
    const english = 'Use lower-case letters, digits and hyphens'
    expect(error.slug?.[0]).toBe(translateMessage(english, 'bn'))
    expect(error.slug?.[0]).not.toBe(english)
  })

  it('keeps one level: only a top-level parent, and a parent stays on top', async () => {
    const top = data(await adminCall(t.app, 'POST', 'categories', { as: owner, body: { name: 'Top A' } }))
    const child = data(
      await adminCall(t.app, 'POST', 'categories', {
        as: owner,
        body: { name: 'Child A', parentId: top.id },
      }),
    )
    const grandchild = await adminCall(t.app, 'POST', 'categories', {
      as: owner,
      body: { name: 'Grandchild', parentId: child.id },
    })
    expect(grandchild.status).toBe(400)
    expect(grandchild.body.error).toEqual({ parentId: ['Only a top-level category can be a parent'] })
    const other = data(await adminCall(t.app, 'POST', 'categories', { as: owner, body: { name: 'Top B' } }))
    const parentUnder = await adminCall(t.app, 'PATCH', `categories/${top.id}`, {
      as: owner,
      body: { name: 'Top A', parentId: other.id },
    })
    expect(parentUnder.status).toBe(400)
    expect(parentUnder.body.error).toEqual({ parentId: ['A category with children stays at the top level'] })
  })

  it('moving a category rewrites its products’ paths, and renaming their search text, in one save', async () => {
    const home = data(await adminCall(t.app, 'POST', 'categories', { as: owner, body: { name: 'Home One' } }))
    const away = data(await adminCall(t.app, 'POST', 'categories', { as: owner, body: { name: 'Home Two' } }))
    const leaf = data(
      await adminCall(t.app, 'POST', 'categories', {
        as: owner,
        body: { name: 'Moving Leaf', parentId: home.id },
      }),
    )
    const product = pick(items, 5)
    await t.db
      .update(products)
      .set({ categoryId: leaf.id as number, categoryPath: [home.id as number, leaf.id as number] })
      .where(eq(products.id, product.productId))

    const moved = await adminCall(t.app, 'PATCH', `categories/${leaf.id}`, {
      as: owner,
      body: { name: 'Kantha Quilts', nameBn: 'কাঁথা', parentId: away.id, slug: 'moving-leaf' },
    })
    expect(moved.status).toBe(200)
    expect(data(moved)).toMatchObject({ parentId: away.id, products: 1, name: 'Kantha Quilts' })
    const [row] = await t.db
      .select({ path: products.categoryPath, search: products.searchText })
      .from(products)
      .where(eq(products.id, product.productId))
    expect(row?.path).toEqual([away.id, leaf.id])
    expect(row?.search).toContain('kantha quilts')
    const found = await api(t.app, 'GET', 'product/storefront?currentPage=1&perPage=40&q=kantha')
    expect((found.body.data as ProductSummary[]).map((card) => card.id)).toContain(product.productId)
    expect(await auditOf('category', leaf.id as number)).toEqual(['category.update', 'category.create'])

    const refused = await adminCall(t.app, 'DELETE', `categories/${leaf.id}`, { as: owner })
    expect(refused.status).toBe(409)
    expect(refused.body.counts).toEqual({ products: 1, children: 0 })
    const parentRefused = await adminCall(t.app, 'DELETE', `categories/${away.id}`, { as: owner })
    expect(parentRefused.body.counts).toEqual({ products: 1, children: 1 })
  })

  it('reorders a parent’s children and deletes an empty category', async () => {
    const top = data(await adminCall(t.app, 'POST', 'categories', { as: owner, body: { name: 'Order Top' } }))
    const ids: number[] = []
    for (const name of ['First', 'Second', 'Third']) {
      ids.push(
        data(
          await adminCall(t.app, 'POST', 'categories', {
            as: owner,
            body: { name: `${name} kid`, parentId: top.id },
          }),
        ).id as number,
      )
    }
    const order = [ids[2], ids[0], ids[1]]
    const answer = await adminCall(t.app, 'PUT', 'categories/order', {
      as: owner,
      body: { parentId: top.id, ids: order },
    })
    expect(answer.status).toBe(200)
    const children = (answer.body.data as { id: number; parentId: number | null }[]).filter(
      (row) => row.parentId === top.id,
    )
    expect(children.map((row) => row.id)).toEqual(order)
    const partial = await adminCall(t.app, 'PUT', 'categories/order', {
      as: owner,
      body: { parentId: top.id, ids: [ids[0]] },
    })
    expect(partial.status).toBe(400)

    const tops = (answer.body.data as { id: number; parentId: number | null }[])
      .filter((row) => row.parentId === null)
      .map((row) => row.id)
    const moved = [top.id as number, ...tops.filter((id) => id !== top.id)]
    const reordered = await adminCall(t.app, 'PUT', 'categories/order', {
      as: owner,
      body: { parentId: null, ids: moved },
    })
    expect(
      (reordered.body.data as { id: number; parentId: number | null }[])
        .filter((row) => row.parentId === null)
        .map((row) => row.id),
    ).toEqual(moved)

    expect((await adminCall(t.app, 'DELETE', `categories/${ids[0]}`, { as: owner })).status).toBe(204)
    expect(await auditOf('category', ids[0] as number)).toEqual(['category.delete', 'category.create'])
  })
})

describe('brands', () => {
  it('renaming a brand rewrites its products’ search text; deleting it is refused while they use it', async () => {
    const brand = data(
      await adminCall(t.app, 'POST', 'brands', { as: owner, body: { name: 'Nakshi House' } }),
    )
    expect(brand).toMatchObject({ slug: 'nakshi-house', products: 0 })
    const product = pick(items, 4)
    await t.db
      .update(products)
      .set({ brandId: brand.id as number })
      .where(eq(products.id, product.productId))
    const renamed = await adminCall(t.app, 'PATCH', `brands/${brand.id}`, {
      as: manager,
      body: { name: 'Jamdani Loom', nameBn: 'জামদানি লুম', slug: 'nakshi-house' },
    })
    expect(renamed.status).toBe(200)
    const found = await api(t.app, 'GET', 'product/storefront?currentPage=1&perPage=40&q=jamdani%20loom')
    expect((found.body.data as ProductSummary[]).map((card) => card.id)).toContain(product.productId)
    expect((await productPage(product.slug)).brand.name).toBe('Jamdani Loom')

    const refused = await adminCall(t.app, 'DELETE', `brands/${brand.id}`, { as: owner })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ counts: { products: 1 } })
    expect(await auditOf('brand', brand.id as number)).toEqual(['brand.update', 'brand.create'])
  })
})

describe('campaigns', () => {
  const now = () => t.app.clock.now().getTime()
  /** a whole campaign, as the editor sends it (a PUT takes every field) */
  const body = (overrides: Json = {}) => ({
    slug: '',
    name: 'Flash Friday',
    nameBn: 'ফ্ল্যাশ শুক্রবার',
    description: '',
    descriptionBn: '',
    banner: '',
    startsAt: new Date(now() - hour).toISOString(),
    endsAt: new Date(now() + 3 * hour).toISOString(),
    discountPercent: 20,
    productIds: [],
    prices: [],
    rule: null,
    ...overrides,
  })

  it('a running campaign’s price reaches the listing, the product page, the cart and the order', async () => {
    const a = pick(items, 0)
    const b = pick(items, 1)
    const made = await adminCall(t.app, 'POST', 'campaigns', {
      as: owner,
      body: body({ productIds: [a.productId, b.productId], prices: [{ productId: b.productId, price: 99 }] }),
    })
    expect(made.status).toBe(201)
    const campaign = data(made)
    expect(campaign).toMatchObject({ slug: 'flash-friday', status: 'running', productCount: 2, version: 1 })

    const expectedA = Math.min(Math.round(a.price * 0.8), a.discountedPrice)
    const pageA = await productPage(a.slug)
    expect(pageA.skus.find((unit) => unit.id === a.skuId)?.discountedPrice).toBe(expectedA)
    expect(pageA.campaign).toMatchObject({ slug: 'flash-friday', endsAt: campaign.endsAt })
    expect((await productPage(b.slug)).skus.find((unit) => unit.id === b.skuId)?.discountedPrice).toBe(99)

    const filters = encodeURIComponent(JSON.stringify({ campaign: 'flash-friday' }))
    const listing = await api(t.app, 'GET', `product/storefront?currentPage=1&perPage=40&filters=${filters}`)
    const cards = listing.body.data as ProductSummary[]
    expect(cards.map((card) => card.id).sort()).toEqual([a.productId, b.productId].sort())
    expect(cards.find((card) => card.id === b.productId)?.discounted_price).toBe(99)

    const quote = await api(t.app, 'POST', 'cart/quote', {
      body: { lines: [{ skuId: a.skuId, quantity: 1 }] },
    })
    expect(
      (quote.body.data as { lines: { unitDiscountedPrice: number }[] }).lines[0]?.unitDiscountedPrice,
    ).toBe(expectedA)
    const order = await api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: b.skuId, quantity: 1 }]),
      headers: { 'idempotency-key': newKey() },
    })
    expect(order.status).toBe(201)
    expect((order.body.data as { totals: { subtotal: number; discount: number } }).totals).toMatchObject({
      subtotal: b.price,
      discount: Math.round((b.price - 99) * 100) / 100,
    })

    // a product leaving the campaign gets its own price back
    const saved = await adminCall(t.app, 'PUT', `campaigns/${campaign.id}`, {
      as: owner,
      body: body({ version: 1, productIds: [b.productId], prices: [{ productId: b.productId, price: 99 }] }),
    })
    expect(saved.status).toBe(200)
    expect(data(saved)).toMatchObject({ version: 2, productCount: 1 })
    const back = await productPage(a.slug)
    expect(back.skus.find((unit) => unit.id === a.skuId)?.discountedPrice).toBe(a.discountedPrice)
    expect(back.campaign).toBeNull()
    expect(await auditOf('campaign', campaign.id as number)).toEqual(['campaign.update', 'campaign.create'])

    // ending it (the job at its end time, or deleting it) gives every product its own price back
    expect((await adminCall(t.app, 'DELETE', `campaigns/${campaign.id}`, { as: owner })).status).toBe(204)
    expect((await productPage(b.slug)).skus.find((unit) => unit.id === b.skuId)?.discountedPrice).toBe(
      b.discountedPrice,
    )
  })

  it('a save from an older version is refused with who changed it and when, and nothing is written', async () => {
    const made = data(
      await adminCall(t.app, 'POST', 'campaigns', { as: owner, body: body({ name: 'Conflict Deal' }) }),
    )
    const first = await adminCall(t.app, 'PUT', `campaigns/${made.id}`, {
      as: manager,
      body: body({ name: 'Conflict Deal', version: 1, discountPercent: 25 }),
    })
    expect(first.status).toBe(200)
    const stale = await adminCall(t.app, 'PUT', `campaigns/${made.id}`, {
      as: owner,
      body: body({ name: 'Conflict Deal', version: 1, discountPercent: 5 }),
    })
    expect(stale.status).toBe(409)
    const updatedAt = data(first).updatedAt as string
    expect(stale.body.conflict).toEqual({ by: 'Karim manager', at: updatedAt })
    expect(stale.body.error).toEqual({ version: [`Changed by Karim manager at ${updatedAt}`] })
    const now = data(await adminCall(t.app, 'GET', `campaigns/${made.id}`, { as: owner }))
    expect(now).toMatchObject({ discountPercent: 25, version: 2 })
  })

  it('reads start and end given in Dhaka time as the same moments', async () => {
    const made = await adminCall(t.app, 'POST', 'campaigns', {
      as: owner,
      body: body({
        name: 'Pohela Falgun',
        startsAt: '2027-02-13T09:00:00+06:00',
        endsAt: '2027-02-14T23:59:00+06:00',
      }),
    })
    expect(made.status).toBe(201)
    expect(data(made)).toMatchObject({
      startsAt: '2027-02-13T03:00:00.000Z',
      endsAt: '2027-02-14T17:59:00.000Z',
      status: 'scheduled',
    })
    const backwards = await adminCall(t.app, 'POST', 'campaigns', {
      as: owner,
      body: body({
        name: 'Backwards',
        startsAt: '2027-02-13T09:00:00+06:00',
        endsAt: '2027-02-13T08:00:00+06:00',
      }),
    })
    expect(backwards.status).toBe(400)
    expect(backwards.body.error).toEqual({ endsAt: ['The end must be after the start'] })
  })

  it('a scheduled campaign labels its products but takes nothing off until it starts', async () => {
    const c = pick(items, 2)
    const made = data(
      await adminCall(t.app, 'POST', 'campaigns', {
        as: owner,
        body: body({
          name: 'Later Deal',
          startsAt: new Date(now() + 2 * hour).toISOString(),
          endsAt: new Date(now() + 5 * hour).toISOString(),
          productIds: [c.productId],
        }),
      }),
    )
    expect(made.status).toBe('scheduled')
    expect((await productPage(c.slug)).skus.find((unit) => unit.id === c.skuId)?.discountedPrice).toBe(
      c.discountedPrice,
    )
    // at its start time, the job applies it
    const real = t.app.clock.now
    t.app.clock.now = () => new Date(real().getTime() + 3 * hour)
    try {
      await t.app.adminCatalogue.applyCampaignPrices()
      const [row] = await t.db.select().from(skus).where(eq(skus.id, c.skuId))
      expect(row?.discountedPrice).toBe(Math.min(Math.round(c.price * 0.8), c.discountedPrice))
      expect(row?.regularDiscountedPrice).toBe(c.discountedPrice)
    } finally {
      t.app.clock.now = real
    }
    await t.app.adminCatalogue.applyCampaignPrices()
    const [after] = await t.db.select().from(skus).where(eq(skus.id, c.skuId))
    expect(after).toMatchObject({ discountedPrice: c.discountedPrice, regularDiscountedPrice: null })
  })

  it('an edit made while a campaign runs changes the shop’s own price: the campaign’s stays on top until its end', async () => {
    const c = pick(items, 6)
    const d = pick(items, 7)
    const made = data(
      await adminCall(t.app, 'POST', 'campaigns', {
        as: owner,
        body: body({
          name: 'Own Price Deal',
          productIds: [c.productId],
          prices: [{ productId: c.productId, price: 50 }],
        }),
      }),
    )
    const shown = async (item: SkuInfo) =>
      (await productPage(item.slug)).skus.find((unit) => unit.id === item.skuId)?.discountedPrice
    expect(await shown(c)).toBe(50)

    const own = c.price - 10
    const patched = await adminCall(t.app, 'PATCH', `skus/${c.skuId}`, {
      as: owner,
      body: { discountedPrice: own },
    })
    expect(patched.status).toBe(200)
    expect(data(patched).discountedPrice).toBe(50)
    expect(await shown(c)).toBe(50)
    // the editor shows (and a save writes back) the shop's own price, not the campaign's
    const editor = data(await adminCall(t.app, 'GET', `products/${c.productId}`, { as: owner }))
    expect(
      (editor.skus as { id: number; discountedPrice: number }[]).find((unit) => unit.id === c.skuId),
    ).toMatchObject({
      discountedPrice: own,
    })

    // a bulk discount sets the own price too
    const bulk = await adminCall(t.app, 'POST', 'products/bulk', {
      as: owner,
      body: { ids: [c.productId], action: { type: 'discount', percent: 15 } },
    })
    expect(bulk.status).toBe(200)
    expect(await shown(c)).toBe(50)
    // a product added to the running campaign by a bulk action takes its price at once
    const added = await adminCall(t.app, 'POST', 'products/bulk', {
      as: owner,
      body: { ids: [d.productId], action: { type: 'add-campaign', campaignId: made.id } },
    })
    expect(added.status).toBe(200)
    expect(await shown(d)).toBe(Math.min(Math.round(d.price * 0.8), d.discountedPrice))

    // the campaign over: the own prices written meanwhile, not the ones from before it
    expect((await adminCall(t.app, 'DELETE', `campaigns/${made.id}`, { as: owner })).status).toBe(204)
    expect(await shown(c)).toBe(Math.min(c.price, Math.round(c.price * 0.85)))
    expect(await shown(d)).toBe(d.discountedPrice)
  })

  it('chooses products by rule, applied again on every save', async () => {
    const d = pick(items, 3)
    const [product] = await t.db
      .select({ brandId: products.brandId })
      .from(products)
      .where(eq(products.id, d.productId))
    const rule = { categoryIds: [], brandIds: [product?.brandId], minDiscountPercent: 0 }
    const made = await adminCall(t.app, 'POST', 'campaigns', {
      as: owner,
      body: body({ name: 'Brand Week', rule, discountPercent: 10 }),
    })
    expect(made.status).toBe(201)
    const members = (data(made).products as { id: number }[]).map((row) => row.id)
    expect(members).toContain(d.productId)
    const brandProducts = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.brandId, product?.brandId ?? 0))
    expect(members.sort()).toEqual(brandProducts.map((row) => row.id).sort())
    expect(data(made).byRule).toBe(true)
  })

  it('finds candidates by name and lists campaigns with their status', async () => {
    const [row] = await t.db.select({ name: products.name }).from(products).limit(1)
    const word = (row?.name ?? '').split(' ')[0] ?? ''
    const found = await adminCall(t.app, 'GET', `campaigns/candidates?q=${encodeURIComponent(word)}`, {
      as: owner,
    })
    expect(found.status).toBe(200)
    expect((found.body.data as { name: string }[]).length).toBeGreaterThan(0)
    const list = await adminCall(t.app, 'GET', 'campaigns', { as: manager })
    const statuses = new Set((list.body.data as { status: string }[]).map((entry) => entry.status))
    expect(statuses).toContain('scheduled')
    expect(statuses).toContain('running')
  })

  it('staff without the catalogue role are refused', async () => {
    for (const [method, path] of [
      ['GET', 'campaigns'],
      ['POST', 'categories'],
      ['DELETE', 'brands/1'],
    ] as const) {
      expect(
        (await adminCall(t.app, method, path, { as: staff, body: method === 'GET' ? undefined : {} })).status,
      ).toBe(403)
    }
  })
})
