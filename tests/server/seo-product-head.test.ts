import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productRedirects, products } from '../../server/db/schema'
import { sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

const site = mkdtempSync(join(tmpdir(), 'haat-site-'))
writeFileSync(
  join(site, 'index.html'),
  '<!doctype html><html><head><title>Haat</title><meta name="description" content="Shop" /></head><body><div id="root"></div></body></html>',
)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 4, config: { STATIC_DIR: site, PUBLIC_URL: 'http://shop.test' } })
}, 180_000)
afterAll(async () => t?.close())

describe('GET /product/:slug', () => {
  it('answers the app shell with the product’s title, description, Open Graph, JSON-LD and LCP preload', async () => {
    const [item] = await sellableSkus(t.db, 1)
    const response = await t.app.inject({
      method: 'GET',
      url: `/product/${item?.slug}`,
      // a forged Host never reaches the page's links: they are built from PUBLIC_URL
      headers: { host: 'forged.test' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    const html = response.body
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toMatch(/<title>[^<]+ — TK [\d,]+\.\d\d \| Haat<\/title>/)
    expect(html).toMatch(/<meta property="og:title" content="[^"]+" \/>/)
    expect(html).toContain(`<meta property="og:url" content="http://shop.test/product/${item?.slug}" />`)
    expect(html).not.toContain('forged.test')
    expect(html).toMatch(/<link rel="preload" as="image" href="\/media\/[^"]+" fetchpriority="high" \/>/)
    const jsonLd = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1] ?? '{}'
    const product = JSON.parse(jsonLd) as {
      '@type': string
      offers: { priceCurrency: string; price: string }
    }
    expect(product['@type']).toBe('Product')
    expect(product.offers.priceCurrency).toBe('BDT')
    expect(Number(product.offers.price)).toBeGreaterThan(0)
    expect(html).toContain('<div id="root"></div>')
  })

  it('moves a former address of a product to its address now, for good, in the language asked', async () => {
    const [item] = await sellableSkus(t.db, 1)
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, item?.slug ?? ''))
    await t.db.insert(productRedirects).values({ slug: 'old-panjabi-address', productId: product?.id ?? 0 })
    const moved = await t.app.inject({ method: 'GET', url: '/product/old-panjabi-address' })
    expect(moved.statusCode).toBe(301)
    expect(moved.headers.location).toBe(`/product/${item?.slug}`)
    const bangla = await t.app.inject({ method: 'GET', url: '/product/old-panjabi-address?lang=bn' })
    expect(bangla.headers.location).toBe(`/product/${item?.slug}?lang=bn`)
    const now = await t.app.inject({ method: 'GET', url: `/product/${item?.slug}` })
    expect(now.statusCode).toBe(200)
  })

  it('answers an unknown product with the plain app shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/product/no-such-thing' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>Haat</title>')
    expect(response.body).not.toContain('og:title')
  })
})
