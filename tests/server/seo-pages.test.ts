import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { appRoutes } from '../../server/routes/seo/app-paths'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

const ORIGIN = 'http://shop.test'
const site = mkdtempSync(join(tmpdir(), 'haat-site-'))
const shell = '<!doctype html><html><head><title>Haat</title></head><body><div id="root"></div></body></html>'
writeFileSync(join(site, 'index.html'), shell)

let t: TestApp
/** a product, category and brand a shopper can see, a draft product, and the campaigns' slugs */
const known = { product: '', draft: '', category: '', brand: '' }
beforeAll(async () => {
  t = await createTestApp({ products: 12, config: { STATIC_DIR: site, PUBLIC_URL: ORIGIN } })
  const [product, draft] = await queryRows<{ slug: string }>(
    t.db,
    sql`select slug from products where status = 'active' order by id limit 2`,
  )
  await t.db.execute(sql`update products set status = 'draft' where slug = ${draft?.slug}`)
  const [category] = await queryRows<{ slug: string }>(
    t.db,
    sql`select slug from categories order by id limit 1`,
  )
  const [brand] = await queryRows<{ slug: string }>(t.db, sql`select slug from brands order by id limit 1`)
  Object.assign(known, {
    product: product?.slug,
    draft: draft?.slug,
    category: category?.slug,
    brand: brand?.slug,
  })
  await t.db.execute(
    sql`update campaigns set starts_at = now() - interval '1 day', ends_at = now() + interval '3 days' where slug = 'eid-flash-deal'`,
  )
  await t.db.execute(
    sql`update campaigns set starts_at = now() - interval '9 days', ends_at = now() - interval '1 day' where slug = 'weekend-mega-sale'`,
  )
  await t.db.execute(sql`update pages set published = false where slug = 'faq'`)
  await t.db.execute(
    sql`insert into campaigns (slug, name, name_bn, banner, discount_percent, starts_at, ends_at)
        values ('boishakh-sale', 'Boishakh Sale', 'বৈশাখী সেল', 'banners/boishakh.jpg', 30,
                now() + interval '2 days', now() + interval '5 days')`,
  )
}, 180_000)
afterAll(async () => t?.close())

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'forged.test' } })

describe('the status of a page address', () => {
  it.each([
    ['/', 200],
    ['/cart', 200],
    ['/checkout', 200],
    ['/confirm-order', 200],
    ['/search?text=saree', 200],
    ['/auth/login', 200],
    ['/user', 200],
    ['/user/orders', 200],
    ['/user/order/123', 200],
    ['/admin', 200],
    ['/admin/orders/5', 200],
    ['/about-us', 200],
    ['/about-us?lang=bn', 200],
    ['/flash-deal/eid-flash-deal', 200],
    ['/flash-deal/boishakh-sale', 200],
    ['/no/such/page', 404],
    ['/no-such-page', 404],
    ['/faq', 404],
    ['/user/nothing-here', 404],
    ['/product', 404],
    ['/flash-deal/weekend-mega-sale', 404],
    ['/flash-deal/no-such-deal', 404],
    ['/category/no-such-category', 404],
    ['/brand/no-such-brand', 404],
    ['/product/no-such-product', 404],
  ])('%s answers %i with the app’s page', async (url, status) => {
    const response = await get(url)
    expect(response.statusCode).toBe(status)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain('<div id="root"></div>')
  })

  it('answers 200 for a product, category and brand a shopper can see, 404 for a draft product', async () => {
    expect((await get(`/product/${known.product}`)).statusCode).toBe(200)
    expect((await get(`/category/${known.category}`)).statusCode).toBe(200)
    expect((await get(`/brand/${known.brand}?lang=bn&page=2`)).statusCode).toBe(200)
    expect((await get(`/product/${known.draft}`)).statusCode).toBe(404)
  })

  it('answers the server’s own paths in JSON, never with the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: apiHeaders })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: { route: ['Not found'] } })
  })

  it('knows every route of the app (src/routes)', () => {
    const root = join(__dirname, '../../src/routes')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.tsx'),
    )
    const paths = files
      .map((file) => relative(root, join(root, file)).replace(/\.tsx$/, ''))
      .filter((file) => file !== '__root')
      .map((file) => `/${file.replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/')
    expect(appRoutes.map(([path]) => path).sort()).toEqual(paths.sort())
  })
})

describe('robots.txt', () => {
  it('points at the sitemap on PUBLIC_URL and keeps crawlers out of the private pages and the API', async () => {
    const response = await get('/robots.txt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/plain')
    const lines = response.body.split('\n')
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
    expect(lines).toContain('User-agent: *')
    for (const path of ['/admin', '/checkout', '/cart', '/user', '/confirm-order']) {
      expect(lines).toContain(`Disallow: ${path}$`)
      expect(lines).toContain(`Disallow: ${path}/`)
      expect(lines).toContain(`Disallow: ${path}?`)
    }
    // the API's private areas are closed; what the app reads to draw a page stays open to a crawler that runs it
    for (const area of ['admin', 'cart', 'user', 'orders', 'payments'])
      expect(lines).toContain(`Disallow: /api/v1/${area}`)
    expect(response.body).not.toMatch(/Disallow: \/api\/v1\/(product|menus|shop)/)
    expect(response.body).not.toContain('Disallow: /api/\n')
    expect(response.body).not.toContain('forged.test')
  })
})

/** The head's canonical link, alternates and title, as a browser reads them. */
function headOf(html: string) {
  const link = (rel: string, lang?: string) =>
    new RegExp(`<link rel="${rel}"${lang ? ` hreflang="${lang}"` : ''} href="([^"]+)" />`)
      .exec(html)?.[1]
      ?.replace(/&amp;/g, '&')
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    canonical: link('canonical'),
    en: link('alternate', 'en'),
    bn: link('alternate', 'bn'),
    titles: html.match(/<title>/g)?.length,
  }
}

describe('listing pages’ heads', () => {
  it('name a category by its name, canonical to its address without sort or filters', async () => {
    const [category] = await queryRows<{ name: string; name_bn: string }>(
      t.db,
      sql`select name, name_bn from categories where slug = ${known.category}`,
    )
    const response = await get(`/category/${known.category}?sort=price_asc&size=M&inStock=true`)
    const head = headOf(response.body)
    expect(head).toEqual({
      title: `${category?.name} | Haat`,
      canonical: `${ORIGIN}/category/${known.category}`,
      en: `${ORIGIN}/category/${known.category}`,
      bn: `${ORIGIN}/category/${known.category}?lang=bn`,
      titles: 1,
    })
    expect(response.body).not.toContain('rel="next"')
    expect(response.body).not.toContain('rel="prev"')
  })

  it('make a page past the first canonical to itself, in Bangla on the Bangla page', async () => {
    const [brand] = await queryRows<{ name: string; name_bn: string }>(
      t.db,
      sql`select name, name_bn from brands where slug = ${known.brand}`,
    )
    const response = await get(`/brand/${known.brand}?page=3&sort=newest&lang=bn`)
    const head = headOf(response.body)
    expect(head.canonical).toBe(`${ORIGIN}/brand/${known.brand}?page=3&lang=bn`)
    expect(head.en).toBe(`${ORIGIN}/brand/${known.brand}?page=3`)
    expect(head.title?.startsWith(`${brand?.name_bn || brand?.name} — পেজ ৩ | `)).toBe(true)
    expect(response.body).toMatch(/<html lang="bn"/)
  })

  it('name a running campaign, and a search by its text', async () => {
    expect(headOf((await get('/flash-deal/eid-flash-deal')).body)).toMatchObject({
      title: 'Eid Flash Deal | Haat',
      canonical: `${ORIGIN}/flash-deal/eid-flash-deal`,
    })
    expect(headOf((await get('/search?text=silk%20saree&sort=price_asc&page=2')).body)).toMatchObject({
      title: 'Search results for “silk saree” — Page 2 | Haat',
      canonical: `${ORIGIN}/search?text=silk+saree&page=2`,
    })
  })
})

describe('a campaign’s page', () => {
  const robots = (html: string) => /<meta name="robots" content="([^"]+)" \/>/.exec(html)?.[1]

  it('of an upcoming campaign answers 200, named in the page’s language, and is kept out of the indexes', async () => {
    const english = await get('/flash-deal/boishakh-sale')
    expect(english.statusCode).toBe(200)
    expect(headOf(english.body)).toMatchObject({
      title: 'Boishakh Sale | Haat',
      canonical: `${ORIGIN}/flash-deal/boishakh-sale`,
    })
    expect(robots(english.body)).toBe('noindex')
    const bangla = await get('/flash-deal/boishakh-sale?lang=bn')
    expect(bangla.statusCode).toBe(200)
    expect(headOf(bangla.body).title?.startsWith('বৈশাখী সেল | ')).toBe(true)
    expect(robots(bangla.body)).toBe('noindex')
  })

  it('of a running campaign answers 200 and may be indexed; an ended one answers 404', async () => {
    const running = await get('/flash-deal/eid-flash-deal')
    expect(running.statusCode).toBe(200)
    expect(robots(running.body)).toBeUndefined()
    const ended = await get('/flash-deal/weekend-mega-sale')
    expect(ended.statusCode).toBe(404)
    expect(headOf(ended.body).title).not.toContain('Weekend')
  })

  it('lists an upcoming campaign’s products at their regular prices, with when it starts and its banner', async () => {
    const [product] = await queryRows<{ id: number; slug: string }>(
      t.db,
      sql`select id, slug from products where status = 'active' order by id desc limit 1`,
    )
    const before = (
      await t.app.inject({ url: `/api/v1/product/storefront/${product?.slug}`, headers: apiHeaders })
    ).json<{ data: { discounted_price: number } }>().data
    await t.db.execute(
      sql`update products set campaign_ids = array_append(campaign_ids, (select id from campaigns where slug = 'boishakh-sale')) where id = ${product?.id}`,
    )
    const filters = encodeURIComponent(JSON.stringify({ campaign: 'boishakh-sale' }))
    const listing = await t.app.inject({
      url: `/api/v2/product/storefront?currentPage=1&perPage=20&filters=${filters}`,
      headers: apiHeaders,
    })
    expect(listing.statusCode).toBe(200)
    const body = listing.json<{
      data: { slug: string; discounted_price: number }[]
      scope: { campaign: { name: string; startsAt: string; banner: string | null } | null }
    }>()
    const [starts] = await queryRows<{ starts_at: Date | string }>(
      t.db,
      sql`select starts_at from campaigns where slug = 'boishakh-sale'`,
    )
    expect(body.scope.campaign).toMatchObject({
      name: 'Boishakh Sale',
      startsAt: new Date(starts?.starts_at ?? '').toISOString(),
      banner: 'banners/boishakh.jpg',
    })
    expect(body.data.map((card) => card.slug)).toEqual([product?.slug])
    expect(body.data[0]?.discounted_price).toBe(before.discounted_price)
  })
})
