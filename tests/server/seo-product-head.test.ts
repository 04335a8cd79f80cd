import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { productRedirects, products } from '../../server/db/schema'
import { sellableSkus } from './commerce-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

const site = mkdtempSync(join(tmpdir(), 'haat-site-'))
/** index.html's shape: a boot skeleton in `<main>` that the app replaces on its first render */
const skeleton = '<main class="site-main container" aria-busy="true"><div class="product-grid"></div></main>'
writeFileSync(
  join(site, 'index.html'),
  `<!doctype html><html><head><title>Haat</title><meta name="description" content="Shop" /></head><body><div id="root">${skeleton}</div></body></html>`,
)

/** The product's answer from the API, as the app reads it. */
async function productAnswer(slug: string, language = 'en') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/product/storefront/${slug}`,
    headers: { ...apiHeaders, 'accept-language': language },
  })
  return response.json<{ data: { name: string; thumbnail: string; categoryPath: { name: string }[] } }>().data
}

/** What the outline on a page says of its product (data-product-outline). */
function outlineData(html: string) {
  const attribute = /<article class="product-outline__page" data-product-outline="([^"]+)">/.exec(html)?.[1]
  return attribute ? JSON.parse(attribute.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) : undefined
}

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
      sku: string
      offers: { priceCurrency: string; price: string }
    }
    expect(product['@type']).toBe('Product')
    // the product's first sku
    const [first] = await queryRows<{ sku: string }>(
      t.db,
      sql`select s.sku from skus s join products p on p.id = s.product_id where p.slug = ${item?.slug} order by s.id limit 1`,
    )
    expect(product.sku).toBe(first?.sku)
    expect(product.offers.priceCurrency).toBe('BDT')
    expect(Number(product.offers.price)).toBeGreaterThan(0)
    // the app renders into an empty root; the shell's boot markup, with the outline, waits beside it
    expect(html).toContain('<div id="root"></div>\n    <div class="product-outline">')
  })

  it('draws the page’s breadcrumb and main picture in place of the skeleton, the picture the one preloaded', async () => {
    const [item] = await sellableSkus(t.db, 1)
    const slug = item?.slug ?? ''
    const html = (await t.app.inject({ method: 'GET', url: `/product/${slug}` })).body
    const product = await productAnswer(slug)
    const image = product.thumbnail.split(',')[0]?.trim()
    expect(html).not.toContain('product-grid')
    expect(html).toMatch(
      /<main class="site-main container" aria-busy="true">\s*<article class="product-outline__page"/,
    )
    const preload = /<link rel="preload" as="image" href="([^"]+)"/.exec(html)?.[1]
    expect(preload).toBe(`/media/${image}`)
    expect(html).toContain(`<img src="${preload}" alt="${product.name}" width="480" height="600"`)
    const trail = /<nav aria-label="Breadcrumb"><ol>(.+?)<\/ol><\/nav>/.exec(html)?.[1] ?? ''
    expect(
      trail
        .replace(/<[^>]+>/g, '|')
        .split('|')
        .filter(Boolean),
    ).toEqual(['Home', ...product.categoryPath.map((category) => category.name), product.name])
    // its styles come with the page, so the picture is in place at the first paint
    expect(html).toMatch(/<style>[^<]*\.product-outline__picture\{[^}]*aspect-ratio:4\/5/)
    expect(outlineData(html)).toEqual({
      key: slug,
      name: product.name,
      image,
      categoryPath: product.categoryPath,
    })
  })

  it('draws the Bangla page’s outline in Bangla, and names the product as its address does', async () => {
    const [item] = await sellableSkus(t.db, 1)
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, item?.slug ?? ''))
    const html = (await t.app.inject({ method: 'GET', url: `/product/${row?.id}?lang=bn` })).body
    const product = await productAnswer(item?.slug ?? '', 'bn')
    expect(html).toMatch(/<html lang="bn"/)
    expect(html).toContain('<li><a href="/">হোম</a></li>')
    expect(html).toContain(`<li aria-current="page">${product.name}</li>`)
    expect(outlineData(html)).toMatchObject({ key: String(row?.id), name: product.name })
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

  it('answers an unknown product 404 with the plain app shell (the app shows its not-found page)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/product/no-such-thing' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('<title>Haat</title>')
    expect(response.body).not.toContain('og:title')
    expect(response.body).toContain(skeleton)
  })
})
