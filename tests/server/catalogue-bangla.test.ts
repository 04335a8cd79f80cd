import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { foldBangla, searchAlternatives } from '../../server/domain/synonyms'
import {
  type ListingResponse,
  listingResponse,
  productDetailsResponse,
  productResponse,
  productSummariesResponse,
  productsResponse,
} from '../../src/contract/product'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

const site = mkdtempSync(join(tmpdir(), 'haat-site-'))
writeFileSync(
  join(site, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Haat</title><meta name="description" content="Shop" /></head><body><div id="root"></div></body></html>',
)

type Named = { name: string; name_bn: string }
type ProductRow = Named & {
  id: number
  slug: string
  brand_id: number
  category_id: number
  short_description: string
  short_description_bn: string
  long_description: string
  long_description_bn: string
}

let t: TestApp
/** What the database says, the truth the answers are checked against. */
let products: Map<number, ProductRow>
let brands: Map<string, Named>
let categories: Map<string, Named>
let campaigns: Map<string, Named>
/** The product whose own Bangla, and its brand's and category's, has been left out. */
let untranslated: ProductRow

const bangla = (row: Named) => row.name_bn || row.name
const BANGLA = /[\u0980-\u09ff]/
type Summary = ListingResponse['data'][number]

async function readTruth() {
  const bySlug = <T extends Named & { slug: string }>(rows: T[]) => new Map(rows.map((r) => [r.slug, r]))
  const productRows = await queryRows<ProductRow>(
    t.db,
    sql`select id, slug, name, name_bn, brand_id, category_id, short_description, short_description_bn,
          long_description, long_description_bn from products`,
  )
  products = new Map(productRows.map((p) => [p.id, p]))
  brands = bySlug(await queryRows(t.db, sql`select slug, name, name_bn from brands`))
  categories = bySlug(await queryRows(t.db, sql`select slug, name, name_bn from categories`))
  campaigns = bySlug(await queryRows(t.db, sql`select slug, name, name_bn from campaigns`))
}

beforeAll(async () => {
  t = await createTestApp({ products: 60, config: { STATIC_DIR: site, PUBLIC_URL: 'http://shop.test' } })
  // a product, a brand and a category the shop has not put in Bangla yet, before anything is read
  await t.db.execute(
    sql`update products set name_bn = '', short_description_bn = '', long_description_bn = '' where id = 2`,
  )
  await t.db.execute(
    sql`update brands set name_bn = '' where id = (select brand_id from products where id = 2)`,
  )
  await t.db.execute(
    sql`update categories set name_bn = '' where id = (select category_id from products where id = 2)`,
  )
  await readTruth()
  untranslated = products.get(2) as ProductRow
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...apiHeaders, ...headers } })
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...apiHeaders, ...headers } })
const inBangla = { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' }

/** A card's names are the Bangla ones, the English one wherever the Bangla is empty. */
function expectBanglaCard(card: Summary) {
  const product = products.get(card.id) as ProductRow
  expect(card.name).toBe(bangla(product))
  expect(card.brand.name).toBe(bangla(brands.get(card.brand.slug) as Named))
  expect(card.category.name).toBe(bangla(categories.get(card.category.slug) as Named))
}

function expectEnglishCard(card: Summary) {
  expect(card.name).toBe(products.get(card.id)?.name)
  expect(card.brand.name).toBe(brands.get(card.brand.slug)?.name)
  expect(card.category.name).toBe(categories.get(card.category.slug)?.name)
}

async function listing(query: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await get(`/api/v1/product/storefront?${new URLSearchParams(query)}`, headers)
  expect(response.statusCode, response.body).toBe(200)
  return listingResponse.parse(response.json())
}

describe('one product in Bangla', () => {
  it.each([
    ['Accept-Language: bn', '', inBangla],
    ['?lang=bn', '?lang=bn', {}],
    ['?lang=bn over an English Accept-Language', '?lang=bn', { 'accept-language': 'en' }],
  ])('has Bangla names and descriptions with %s', async (_how, query, headers) => {
    const row = [...products.values()].find((p) => p.id !== untranslated.id && p.name_bn) as ProductRow
    const response = await get(`/api/v1/product/storefront/${row.slug}${query}`, headers)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-language']).toBe('bn')
    expect(String(response.headers.vary)).toMatch(/accept-language/i)
    const product = productResponse.parse(response.json()).data
    expect(product.name).toBe(row.name_bn)
    expect(product.name).toMatch(BANGLA)
    expect(product.shortDescription).toBe(row.short_description_bn)
    expect(product.longDescription).toBe(row.long_description_bn)
    expectBanglaCard(product)
    expect(product.brand.name).toMatch(BANGLA)
    for (const step of product.categoryPath) {
      expect(step.name).toBe(bangla(categories.get(step.slug) as Named))
      expect(step.name).toMatch(BANGLA)
    }
  })

  it('has the same shape and the same facts as in English: only the words differ', async () => {
    const english = productResponse.parse((await get('/api/v1/product/storefront/1')).json()).data
    const local = productResponse.parse((await get('/api/v1/product/storefront/1?lang=bn')).json()).data
    const facts = ({
      name,
      shortDescription,
      longDescription,
      category,
      brand,
      categoryPath,
      campaign,
      skus,
      ...rest
    }: typeof english) => ({
      ...rest,
      // a size or colour keeps its English value; only its label is in the page's language
      skus: skus.map((sku) => ({ ...sku, attributes: sku.attributes.map(({ label: _label, ...a }) => a) })),
      category: category.slug,
      brand: brand.slug,
      categoryPath: categoryPath.map((c) => c.slug),
      campaign: campaign && { ...campaign, name: undefined },
    })
    expect(Object.keys(local)).toEqual(Object.keys(english))
    expect(facts(local)).toEqual(facts(english))
  })

  it('names its running campaign in Bangla', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from products where campaign_ids <> '{}' and status = 'active' order by id limit 1`,
    )
    const product = productResponse.parse(
      (await get(`/api/v1/product/storefront/${row?.id}`, inBangla)).json(),
    ).data
    expect(product.campaign).not.toBeNull()
    expect(product.campaign?.name).toBe(bangla(campaigns.get(product.campaign?.slug ?? '') as Named))
    expect(product.campaign?.name).toMatch(BANGLA)
  })

  it('falls back to English where the shop has no Bangla', async () => {
    const product = productResponse.parse(
      (await get(`/api/v1/product/storefront/${untranslated.slug}?lang=bn`)).json(),
    ).data
    expect(product.name).toBe(untranslated.name)
    expect(product.shortDescription).toBe(untranslated.short_description)
    expect(product.longDescription).toBe(untranslated.long_description)
    expect(product.brand.name).toBe(brands.get(product.brand.slug)?.name)
    expect(product.category.name).toBe(categories.get(product.category.slug)?.name)
  })

  it('gives the long description in Bangla', async () => {
    const row = products.get(1) as ProductRow
    const response = await get('/api/v1/product/storefront/product-details/1', inBangla)
    expect(response.headers['content-language']).toBe('bn')
    expect(productDetailsResponse.parse(response.json()).data.longDescription).toBe(row.long_description_bn)
  })
})

describe('English reads', () => {
  it('are the same without a language, with Accept-Language: en, ?lang=en or a language the shop does not speak', async () => {
    const plain = await get('/api/v1/product/storefront/1')
    expect(plain.headers['content-language']).toBe('en')
    for (const headers of [{ 'accept-language': 'en-US' }, { 'accept-language': 'fr, de;q=0.5' }]) {
      expect((await get('/api/v1/product/storefront/1', headers)).body).toBe(plain.body)
    }
    expect((await get('/api/v1/product/storefront/1?lang=en', inBangla)).body).toBe(plain.body)
    const product = productResponse.parse(plain.json()).data
    expectEnglishCard(product)
    expect(product.longDescription).toBe(products.get(1)?.long_description)
    expect(plain.body).not.toMatch(BANGLA)
  })

  it('answers 400 for ?lang= of a language the shop does not speak', async () => {
    const response = await get('/api/v1/product/storefront?lang=fr')
    expect(response.statusCode).toBe(400)
    expect(Object.keys((response.json() as { error: object }).error)).toEqual(['lang'])
  })
})

describe('listings and product groups in Bangla', () => {
  it('name the products, the facets and the scope in Bangla', async () => {
    const found = await listing({ perPage: '100', filters: JSON.stringify({ category: 'men' }) }, inBangla)
    expect(found.data.length).toBeGreaterThan(0)
    for (const card of found.data) expectBanglaCard(card)
    expect(found.scope.category?.name).toBe('পুরুষ')
    for (const facet of found.facets.categories)
      expect(facet.label).toBe(bangla(categories.get(facet.value) as Named))
    for (const facet of found.facets.brands)
      expect(facet.label).toBe(bangla(brands.get(facet.value) as Named))
    expect(found.facets.brands.some((facet) => BANGLA.test(facet.label))).toBe(true)
    const english = await listing({ perPage: '100', filters: JSON.stringify({ category: 'men' }) })
    expect(found.total).toBe(english.total)
    expect(found.data.map((p) => p.id)).toEqual(english.data.map((p) => p.id))
  })

  it('name a single brand and a campaign in the scope in Bangla', async () => {
    const brand = [...brands.entries()].find(([, b]) => b.name_bn) as [string, Named]
    const byBrand = await listing({ filters: JSON.stringify({ brand: [brand[0]] }), lang: 'bn' })
    expect(byBrand.scope.brand?.name).toBe(brand[1].name_bn)
    const deals = await listing({ filters: JSON.stringify({ campaign: 'eid-flash-deal' }), lang: 'bn' })
    expect(deals.scope.campaign?.name).toBe('ঈদ ফ্ল্যাশ ডিল')
    for (const card of deals.data) expectBanglaCard(card)
  })

  it('answer get-by-logic, get-by-ids and related products in Bangla', async () => {
    const group = productSummariesResponse.parse(
      (
        await post('/api/v1/product/storefront/get-by-logic', { logic: 'best_sellers', limit: 48 }, inBangla)
      ).json(),
    ).data
    expect(group.length).toBeGreaterThan(10)
    for (const card of group) expectBanglaCard(card)
    const campaign = productSummariesResponse.parse(
      (
        await post('/api/v1/product/storefront/get-by-logic?lang=bn', {
          logic: 'campaign',
          slug: 'eid-flash-deal',
        })
      ).json(),
    ).data
    for (const card of campaign) expectBanglaCard(card)
    const byIds = productsResponse.parse(
      (await post('/api/v1/product/storefront/get-by-ids', { ids: [3, 2, 1] }, inBangla)).json(),
    ).data
    expect(byIds.map((p) => p.id)).toEqual([3, 2, 1])
    for (const product of byIds) expectBanglaCard(product)
    expect(byIds[1]?.name).toBe(untranslated.name)
    const related = productSummariesResponse.parse(
      (await get('/api/v1/product/storefront/related-products/1?lang=bn')).json(),
    ).data
    for (const card of related) expectBanglaCard(card)
    const found = productSummariesResponse.parse(
      (await post('/api/v1/related-product/find?lang=bn', { product_ids: [1] })).json(),
    ).data
    for (const card of found) expectBanglaCard(card)
  })
})

describe('kept answers', () => {
  it('never answer one language for another: Bangla, English, Bangla again', async () => {
    const url = '/api/v1/product/storefront/5'
    const list = '/api/v1/product/storefront?perPage=10'
    for (const [headers, check] of [
      [inBangla, expectBanglaCard],
      [{}, expectEnglishCard],
      [inBangla, expectBanglaCard],
      [{ 'accept-language': 'en' }, expectEnglishCard],
    ] as const) {
      check(productResponse.parse((await get(url, headers)).json()).data)
      for (const card of listingResponse.parse((await get(list, headers)).json()).data) check(card)
      const byIds = await post('/api/v1/product/storefront/get-by-ids', { ids: [5, 6] }, headers)
      for (const product of productsResponse.parse(byIds.json()).data) check(product)
    }
  })

  it('are dropped in both languages when the product changes', async () => {
    const before = productResponse.parse((await get('/api/v1/product/storefront/7?lang=bn')).json()).data
    productResponse.parse((await get('/api/v1/product/storefront/7')).json())
    await listing({ perPage: '100', lang: 'bn' })
    await t.db.execute(
      sql`update products set name = 'Renamed Panjabi', name_bn = 'নতুন নামের পাঞ্জাবি' where id = 7`,
    )
    const local = productResponse.parse((await get('/api/v1/product/storefront/7?lang=bn')).json()).data
    const english = productResponse.parse((await get('/api/v1/product/storefront/7')).json()).data
    expect(local.name).not.toBe(before.name)
    expect(local.name).toBe('নতুন নামের পাঞ্জাবি')
    expect(english.name).toBe('Renamed Panjabi')
    const page = await listing({ perPage: '100', lang: 'bn' })
    expect(page.data.find((p) => p.id === 7)?.name).toBe('নতুন নামের পাঞ্জাবি')
    const row = products.get(7) as ProductRow
    await t.db.execute(sql`update products set name = ${row.name}, name_bn = ${row.name_bn} where id = 7`)
  })
})

describe('search in both languages', () => {
  const ids = async (term: string, headers: Record<string, string> = {}) =>
    (await listing({ search: term, perPage: '100' }, headers)).data.map((p) => p.id).sort((a, b) => a - b)
  const slugsOf = (found: number[]) => found.map((id) => products.get(id)?.slug ?? '')
  const leafOf = async (leaf: string) =>
    (
      await queryRows<{ id: number }>(
        t.db,
        sql`select p.id from products p join categories c on c.id = p.category_id where c.slug = ${leaf} order by p.id`,
      )
    ).map((r) => r.id)

  it.each([['পাঞ্জাবি'], ['পাঞ্জাবী'], ['panjabi'], ['punjabi'], ['Panjabee']])(
    'finds every panjabi, men’s and boys’, by "%s"',
    async (term) => {
      const panjabis = [...(await leafOf('panjabi')), ...(await leafOf('boys'))].sort((a, b) => a - b)
      expect(panjabis.length).toBeGreaterThan(2)
      expect(await ids(term)).toEqual(expect.arrayContaining(panjabis))
    },
  )

  it.each([['saree'], ['sari'], ['shari'], ['শাড়ি'], ['শাড়ী'], ['শা\u09dcি']])(
    'finds the sarees by "%s"',
    async (term) => {
      const sarees = await leafOf('saree')
      expect(sarees.length).toBeGreaterThan(0)
      expect(await ids(term)).toEqual(sarees)
    },
  )

  it.each([
    ['three piece', 'three-piece'],
    ['থ্রি পিস', 'three-piece'],
    ['kurti', 'kurti'],
    ['কুর্তি', 'kurti'],
  ])('finds by "%s" the %s', async (term, leaf) => {
    const expected = await leafOf(leaf)
    expect(expected.length).toBeGreaterThan(0)
    expect(await ids(term)).toEqual(expected)
  })

  it.each([['jutta'], ['juta'], ['জুতা']])('finds all footwear by "%s"', async (term) => {
    const footwear = [
      ...(await leafOf('sandals')),
      ...(await leafOf('sneakers')),
      ...(await leafOf('formal-shoes')),
    ]
    expect(await ids(term)).toEqual(footwear.sort((a, b) => a - b))
  })

  it('finds a brand by its Bangla name', async () => {
    const slug = productResponse.parse((await get('/api/v1/product/storefront/1')).json()).data.brand.slug
    const brand = brands.get(slug) as Named
    expect(brand.name_bn).toMatch(BANGLA)
    const found = await listing({ search: brand.name_bn, perPage: '100' }, inBangla)
    expect(found.total).toBeGreaterThan(0)
    expect(found.data.every((p) => p.brand.slug === slug)).toBe(true)
  })

  it('answers a Bangla search with Bangla names, those starting with the term first', async () => {
    const term = 'প্রিন্টেড'
    const found = await listing({ search: term, perPage: '100' }, inBangla)
    expect(found.total).toBeGreaterThan(0)
    for (const card of found.data) {
      expectBanglaCard(card)
      expect(card.name).toContain(term)
    }
    const starts = found.data.map((p) => p.name.startsWith(term))
    expect(starts[0]).toBe(true)
    const firstLater = starts.indexOf(false)
    if (firstLater >= 0) expect(starts.slice(firstLater)).not.toContain(true)
  })

  it.each([
    ['পাঞ্জবি', 'panjabi'],
    ['শাড়ির', 'saree'],
    ['panjbi', 'panjabi'],
  ])('tolerates the typo "%s"', async (typo, meant) => {
    const found = await listing({ search: typo, perPage: '10' })
    expect(found.total).toBeGreaterThan(0)
    expect(slugsOf(found.data.map((p) => p.id))[0]).toContain(meant)
  })

  it('keeps an English search as it was: the products whose English words hold the term', async () => {
    const found = await listing({ search: 'silk', perPage: '100' })
    for (const card of found.data) {
      const row = products.get(card.id) as ProductRow
      const english = `${row.name} ${card.brand.name} ${card.category.name}`.toLowerCase()
      expect(english).toContain('silk')
    }
  })
})

describe('search spellings', () => {
  it.each([
    ['panjabi', ['panjabi']],
    ['punjabi', ['punjabi', 'panjabi']],
    ['red sari', ['red sari', 'red saree']],
    ['three piece', ['three piece', 'three-piece']],
    ['পাঞ্জাবী', [foldBangla('পাঞ্জাবি'), 'panjabi']],
    ['সিল্ক শাড়ী', [foldBangla('সিল্ক শাড়ি'), 'silk saree']],
  ])('searches "%s" as %o', (term, expected) => {
    expect(searchAlternatives(term)).toEqual(expected)
  })

  it('folds the Bangla spellings shoppers mix up into one', () => {
    expect(foldBangla('পাঞ্জাবী')).toBe(foldBangla('পাঞ্জাবি'))
    expect(foldBangla('শা\u09a1\u09bcি')).toBe(foldBangla('শা\u09dcি'))
    expect(foldBangla('তাঁত')).toBe(foldBangla('তাত'))
    expect(foldBangla('Silk Panjabi')).toBe('Silk Panjabi')
  })
})

describe('GET /product/:slug in Bangla', () => {
  const page = async (query: string) => {
    const row = products.get(1) as ProductRow
    const response = await t.app.inject({ url: `/product/${row.slug}${query}` })
    expect(response.statusCode).toBe(200)
    return { html: response.body, row, response }
  }

  it('names the English and Bangla pages as alternates of each other', async () => {
    const { html, row } = await page('')
    const address = `http://shop.test/product/${row.slug}`
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${address}" />`)
    expect(html).toContain(`<link rel="alternate" hreflang="bn" href="${address}?lang=bn" />`)
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${address}" />`)
    expect(html).toContain(`<link rel="canonical" href="${address}" />`)
    expect(html).toContain('<html lang="en">')
    expect(html).toMatch(new RegExp(`<title>${row.name} — TK [\\d,]+\\.\\d\\d \\| Haat</title>`))
  })

  it('with ?lang=bn has a Bangla title, description and Open Graph tags and <html lang="bn">', async () => {
    const { html, row, response } = await page('?lang=bn')
    const address = `http://shop.test/product/${row.slug}`
    expect(response.headers['content-language']).toBe('bn')
    expect(html).toContain('<html lang="bn">')
    expect(html).toMatch(new RegExp(`<title>${row.name_bn} — ৳ [০-৯,]+\\.[০-৯]{2} \\| হাট</title>`))
    expect(html).toContain(`<meta name="description" content="${row.short_description_bn}" />`)
    expect(html).toContain(`<meta property="og:title" content="${row.name_bn}" />`)
    expect(html).toContain(`<meta property="og:url" content="${address}?lang=bn" />`)
    expect(html).toContain(`<link rel="canonical" href="${address}?lang=bn" />`)
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${address}" />`)
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1] ?? '{}')
    expect(jsonLd.name).toBe(row.name_bn)
    expect(jsonLd.brand.name).toMatch(BANGLA)
  })

  it('shortens a long Bangla description between letters, never inside one', async () => {
    const row = products.get(3) as ProductRow
    await t.db.execute(sql`update products set short_description_bn = ${'কুর্তি '.repeat(40)} where id = 3`)
    const html = (await t.app.inject({ url: `/product/${row.slug}?lang=bn` })).body
    await t.db.execute(
      sql`update products set short_description_bn = ${row.short_description_bn} where id = 3`,
    )
    const description = /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1] ?? ''
    expect(description.length).toBeLessThanOrEqual(160)
    expect(description).toMatch(/(কুর্তি|কু)…$/)
  })
})
