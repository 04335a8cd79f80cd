import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { parse } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { createSitemaps } from '../../server/routes/seo/sitemap'
import { createTestApp, type TestApp } from './helpers'

const ORIGIN = 'http://shop.test'
const site = mkdtempSync(join(tmpdir(), 'haat-site-'))
writeFileSync(
  join(site, 'index.html'),
  '<!doctype html><html><head><title>Haat</title></head><body></body></html>',
)

type Link = { rel: string; hreflang: string; href: string }
type UrlEntry = {
  loc: string
  lastmod?: string
  'xhtml:link': Link[]
  'image:image'?: { 'image:loc': string }[]
}

const lists = new Set(['url', 'sitemap', 'xhtml:link', 'image:image'])
/** The XML parsed (and checked well-formed: an invalid document throws), its repeated elements as arrays. */
const parseXml = (xml: string) =>
  parse(
    xml,
    {
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseNodeValue: false,
      arrayMode: (tag) => lists.has(tag),
    },
    true,
  )

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 30, config: { STATIC_DIR: site, PUBLIC_URL: ORIGIN } })
}, 180_000)
afterAll(async () => t?.close())

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { host: 'forged.test', ...headers } })
}

/** The sitemap index's files, by address. */
async function indexFiles(): Promise<string[]> {
  const response = await get('/sitemap.xml')
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toContain('application/xml')
  const index = parseXml(response.body).sitemapindex
  expect(index.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  return (index.sitemap as { loc: string }[]).map((file) => file.loc)
}

/** A sitemap file's entries, as a crawler reads it (its address on PUBLIC_URL). */
async function entriesAt(address: string): Promise<UrlEntry[]> {
  expect(address.startsWith(`${ORIGIN}/`)).toBe(true)
  const response = await get(address.slice(ORIGIN.length))
  expect(response.statusCode).toBe(200)
  const urlset = parseXml(response.body).urlset
  expect(urlset.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  return (urlset.url as UrlEntry[] | undefined) ?? []
}

const kindOf = (address: string) => /\/sitemap-([a-z]+)-\d+\.xml$/.exec(address)?.[1]

async function entriesOf(kind: string): Promise<UrlEntry[]> {
  const files = (await indexFiles()).filter((address) => kindOf(address) === kind)
  return (await Promise.all(files.map(entriesAt))).flat()
}

/** The English addresses of a kind's pages, each checked to come in both languages with its alternates. */
function pagesOf(entries: UrlEntry[]): string[] {
  const english = entries.filter((entry) => !entry.loc.includes('lang=bn'))
  expect(entries).toHaveLength(english.length * 2)
  for (const entry of entries) {
    const links = Object.fromEntries(entry['xhtml:link'].map((link) => [link.hreflang, link]))
    const en = links.en?.href ?? ''
    expect(links.bn?.href).toBe(`${en}${en.includes('?') ? '&' : '?'}lang=bn`)
    expect(links['x-default']?.href).toBe(en)
    expect(entry['xhtml:link'].every((link) => link.rel === 'alternate')).toBe(true)
    expect([links.en?.href, links.bn?.href]).toContain(entry.loc)
  }
  return english.map((entry) => entry.loc).sort()
}

describe('GET /sitemap.xml', () => {
  it('indexes a file of each kind of page, every address on PUBLIC_URL whatever the Host', async () => {
    const files = await indexFiles()
    expect(files.map(kindOf)).toEqual(['products', 'categories', 'brands', 'campaigns', 'pages'])
    expect(files.every((address) => address.startsWith(`${ORIGIN}/sitemap-`))).toBe(true)
  })

  it('lists every active product in both languages, with its last save and its pictures', async () => {
    const active = await queryRows<{ slug: string; updated_at: Date | string; thumbnail: string }>(
      t.db,
      sql`select slug, updated_at, thumbnail from products where status = 'active' order by slug`,
    )
    const entries = await entriesOf('products')
    expect(pagesOf(entries)).toEqual(
      active.map((p) => `${ORIGIN}/product/${encodeURIComponent(p.slug)}`).sort(),
    )
    for (const product of active) {
      const entry = entries.find((e) => e.loc === `${ORIGIN}/product/${encodeURIComponent(product.slug)}`)
      expect(entry?.lastmod).toBe(new Date(product.updated_at).toISOString())
      const pictures = product.thumbnail.split(',').map((path) => `${ORIGIN}/media/${path.trim()}`)
      expect(entry?.['image:image']?.map((image) => image['image:loc'])).toEqual(pictures)
    }
  })

  it('leaves out a product made a draft once the files written after the change are in', async () => {
    const sitemaps = createSitemaps(t.app, { origin: ORIGIN })
    const productAddresses = async () => {
      const files = parseXml(await sitemaps.index()).sitemapindex.sitemap as { loc: string }[]
      const count = files.filter((file) => kindOf(file.loc) === 'products').length
      const entries = await Promise.all(
        Array.from({ length: count }, async (_, at) => {
          const file = await sitemaps.file('products', at + 1)
          return (
            (parseXml(gunzipSync(file?.gzip ?? Buffer.alloc(0)).toString()).urlset.url as UrlEntry[]) ?? []
          )
        }),
      )
      return entries.flat().map((entry) => entry.loc)
    }
    await productAddresses()
    const [draft] = await queryRows<{ slug: string }>(
      t.db,
      sql`update products set status = 'draft' where id = (select min(id) from products where status = 'active') returning slug`,
    )
    // the first answer after the change is the kept files'; it starts the write awaited here
    await productAddresses()
    await sitemaps.rebuilding()
    const addresses = await productAddresses()
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.some((loc) => loc.includes(`/product/${draft?.slug}`))).toBe(false)
  })

  it('answers from the files written before a change, at once, and from the new ones once they are written', async () => {
    const sitemaps = createSitemaps(t.app, { origin: ORIGIN })
    const count = async () => {
      const files = parseXml(await sitemaps.index()).sitemapindex.sitemap as { loc: string }[]
      return files.filter((file) => kindOf(file.loc) === 'products').length
    }
    /** every product file's entries, each asked for at once (as parallel crawlers would), by address */
    const entries = async (files: number) => {
      const read = await Promise.all(
        Array.from({ length: files }, (_, at) => sitemaps.file('products', at + 1)),
      )
      const parsed = read.map(
        (file) =>
          (parseXml(gunzipSync(file?.gzip ?? Buffer.alloc(0)).toString()).urlset.url as UrlEntry[]) ?? [],
      )
      return new Map(parsed.flat().map((entry) => [entry.loc, entry.lastmod]))
    }
    // the very first answer waits for the first write
    expect(sitemaps.rebuilding()).toBeNull()
    const files = await count()
    expect(sitemaps.rebuilding()).toBeNull()
    const before = await entries(files)
    expect(before.size).toBeGreaterThan(0)

    const [renamed] = await queryRows<{ old_slug: string; slug: string; updated_at: Date | string }>(
      t.db,
      sql`update products p set slug = p.slug || '-renamed', updated_at = now() + interval '1 hour'
          from (select id, slug as old_slug from products where status = 'active' order by id desc limit 1) o
          where p.id = o.id returning o.old_slug, p.slug, p.updated_at`,
    )
    const oldAddress = `${ORIGIN}/product/${encodeURIComponent(renamed?.old_slug ?? '')}`
    const newAddress = `${ORIGIN}/product/${encodeURIComponent(renamed?.slug ?? '')}`
    const oldLastmod = before.get(oldAddress)
    expect(oldLastmod).toBeDefined()

    // three crawlers at once after the change: each answered from the kept files, one write started for all
    const asked = [entries(files), entries(files), entries(files)]
    const write = sitemaps.rebuilding()
    expect(write).not.toBeNull()
    for (const answer of await Promise.all(asked)) {
      expect(answer.get(oldAddress)).toBe(oldLastmod)
      expect(answer.has(newAddress)).toBe(false)
    }

    await write
    expect(sitemaps.rebuilding()).toBeNull()
    const after = await entries(files)
    expect(after.has(oldAddress)).toBe(false)
    expect(after.get(newAddress)).toBe(new Date(renamed?.updated_at ?? '').toISOString())
    // nothing changed since: the new files are kept, no write starts
    expect(sitemaps.rebuilding()).toBeNull()
  })

  it('lists every category and brand, and only the campaigns running now', async () => {
    const categories = await queryRows<{ slug: string }>(t.db, sql`select slug from categories`)
    const brands = await queryRows<{ slug: string }>(t.db, sql`select slug from brands`)
    expect(pagesOf(await entriesOf('categories'))).toEqual(
      categories.map((c) => `${ORIGIN}/category/${c.slug}`).sort(),
    )
    expect(pagesOf(await entriesOf('brands'))).toEqual(brands.map((b) => `${ORIGIN}/brand/${b.slug}`).sort())
    await t.db.execute(
      sql`update campaigns set ends_at = now() - interval '1 day', starts_at = now() - interval '9 days' where slug = 'weekend-mega-sale'`,
    )
    await t.db.execute(
      sql`update campaigns set starts_at = now() - interval '1 day', ends_at = now() + interval '3 days' where slug = 'eid-flash-deal'`,
    )
    expect(pagesOf(await entriesOf('campaigns'))).toEqual([`${ORIGIN}/flash-deal/eid-flash-deal`])
  })

  it('lists the home page and the published content pages, with their last save', async () => {
    await t.db.execute(sql`update pages set published = false where slug = 'faq'`)
    const published = await queryRows<{ slug: string; updated_at: Date | string }>(
      t.db,
      sql`select slug, updated_at from pages where published`,
    )
    const entries = await entriesOf('pages')
    expect(pagesOf(entries)).toEqual([`${ORIGIN}/`, ...published.map((p) => `${ORIGIN}/${p.slug}`)].sort())
    const about = entries.find((entry) => entry.loc === `${ORIGIN}/about-us`)
    const saved = published.find((page) => page.slug === 'about-us')?.updated_at ?? ''
    expect(about?.lastmod).toBe(new Date(saved).toISOString())
  })

  it('sends its files gzipped to whoever accepts gzip, the same XML as plain', async () => {
    const [address] = await indexFiles()
    const path = (address ?? '').slice(ORIGIN.length)
    const zipped = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip' } })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    const plain = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body)
  })

  it('answers 404 for a file past the last', async () => {
    const response = await get('/sitemap-products-99.xml')
    expect(response.statusCode).toBe(404)
  })
})

describe('splitting', () => {
  /** Every file of a kind written with `limits`, read back: its entries and its size. */
  async function split(limits: { maxUrls: number; maxBytes: number }) {
    const sitemaps = createSitemaps(t.app, { origin: ORIGIN, limits })
    const files = parseXml(await sitemaps.index()).sitemapindex.sitemap as { loc: string }[]
    const products = files.filter((file) => kindOf(file.loc) === 'products')
    return Promise.all(
      products.map(async (_file, at) => {
        const file = await sitemaps.file('products', at + 1)
        const xml = gunzipSync(file?.gzip ?? Buffer.alloc(0)).toString()
        return { bytes: Buffer.byteLength(xml), entries: (parseXml(xml).urlset.url as UrlEntry[]) ?? [] }
      }),
    )
  }

  it('splits the products into files of at most maxUrls addresses, each product once, in both languages', async () => {
    const [{ count }] = (await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from products where status = 'active'`,
    )) as [{ count: number }]
    const files = await split({ maxUrls: 10, maxBytes: 50 * 1024 * 1024 })
    expect(files).toHaveLength(Math.ceil((count * 2) / 10))
    for (const file of files) expect(file.entries.length).toBeLessThanOrEqual(10)
    const all = files.flatMap((file) => file.entries)
    expect(new Set(pagesOf(all)).size).toBe(count)
  })

  it('splits them so that no file passes maxBytes', async () => {
    const files = await split({ maxUrls: 50_000, maxBytes: 6_000 })
    expect(files.length).toBeGreaterThan(1)
    for (const file of files) expect(file.bytes).toBeLessThanOrEqual(6_000)
  })
})
