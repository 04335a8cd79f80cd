import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { menuDocument, menuTypes, pageDocument } from '../../src/contract/menu'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp
const site = mkdtempSync(join(tmpdir(), 'haat-site-'))
const BUILT_SCRIPT = `export const sizes = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `size-${i}`))}\n`
/** as the build writes them: brotli at its best quality, gzip at its best level */
const BUILT_BROTLI = brotliCompressSync(BUILT_SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
const BUILT_GZIP = gzipSync(BUILT_SCRIPT, { level: 9 })

beforeAll(async () => {
  mkdirSync(join(site, 'assets'), { recursive: true })
  writeFileSync(
    join(site, 'index.html'),
    `<!doctype html><html><body>${'<p>Haat</p>'.repeat(200)}</body></html>`,
  )
  writeFileSync(join(site, 'assets', 'index-abc123.js'), 'console.log("haat")')
  // a built asset with the build's compressed copies (scripts/precompress.mjs)
  writeFileSync(join(site, 'assets', 'app-def456.js'), BUILT_SCRIPT)
  writeFileSync(join(site, 'assets', 'app-def456.js.br'), BUILT_BROTLI)
  writeFileSync(join(site, 'assets', 'app-def456.js.gz'), BUILT_GZIP)
  writeFileSync(join(site, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  t = await createTestApp({ products: 20, config: { STATIC_DIR: site } })
  mkdirSync(join(t.config.DATA_DIR, 'media', 'xs', 'products'), { recursive: true })
  mkdirSync(join(t.config.DATA_DIR, 'media', 'products'), { recursive: true })
  writeFileSync(join(t.config.DATA_DIR, 'media', 'products', 'sample.webp'), 'RIFF')
  writeFileSync(join(t.config.DATA_DIR, 'media', 'xs', 'products', 'sample.webp'), 'RIFF')
})
afterAll(async () => {
  await t?.close()
  rmSync(site, { recursive: true, force: true })
})

describe('menus and pages', () => {
  it('serves the main menu with every menu type and one level of submenus, without an api key', async () => {
    const response = await t.app.inject({ url: '/storage/haat/menus/main_menu.json' })
    expect(response.statusCode).toBe(200)
    // asked again each time, and answered 304 while unchanged: an owner's edit shows on the next view
    expect(response.headers['cache-control']).toBe('no-cache')
    const etag = String(response.headers.etag)
    const again = await t.app.inject({
      url: '/storage/haat/menus/main_menu.json',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const other = await t.app.inject({
      url: '/storage/haat/menus/main_menu.json',
      headers: { 'if-none-match': '"another"' },
    })
    expect(other.statusCode).toBe(200)
    expect(other.headers.etag).toBe(etag)
    const { menu } = menuDocument.parse(response.json())
    const types = new Set(menu.flatMap((item) => [item.type, ...item.submenu.map((s) => s.type)]))
    expect([...types].sort()).toEqual([...menuTypes].sort())
    expect(menu.some((item) => item.type === 'category' && item.submenu.length > 0)).toBe(true)
    expect(menu.every((item) => item.submenu.every((sub) => sub.submenu.length === 0))).toBe(true)
  })

  it('serves a footer menu of pages that all exist', async () => {
    const { menu } = menuDocument.parse(
      (await t.app.inject({ url: '/storage/haat/menus/footer_menu.json' })).json(),
    )
    expect(menu.length).toBeGreaterThanOrEqual(5)
    for (const item of menu) {
      const page = await t.app.inject({ url: `/storage/haat/pages/${item.url}.json` })
      expect(page.statusCode).toBe(200)
      expect(pageDocument.parse(page.json()).title).toBe(item.name)
    }
  })

  it.each([
    '/storage/haat/pages/nothing-here.json',
    '/storage/other-shop/menus/main_menu.json',
    '/storage/haat/menus/side_menu.json',
  ])('answers 404 JSON for %s', async (url) => {
    const response = await t.app.inject({ url })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/json')
    expect(Object.keys((response.json() as { error: object }).error)).toHaveLength(1)
  })
})

describe('media and the built app', () => {
  it.each(['/media/products/sample.webp', '/media/xs/products/sample.webp'])(
    'serves %s with a year-long immutable cache',
    async (url) => {
      const response = await t.app.inject({ url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    },
  )

  it('answers 404 JSON for a missing image', async () => {
    const response = await t.app.inject({ url: '/media/products/missing.webp' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/json')
  })

  it('serves hashed assets immutable and the shell and service worker revalidated', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' })
    expect(asset.headers['cache-control']).toContain('immutable')
    const worker = await t.app.inject({ url: '/sw.js' })
    expect(worker.headers['cache-control']).toBe('no-cache')
    const home = await t.app.inject({ url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.headers['cache-control']).toBe('no-cache')
  })

  it('sends an asset as the build compressed it, in the encoding the browser prefers, else as it is', async () => {
    const ask = (encoding?: string) =>
      t.app.inject({ url: '/assets/app-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} })
    const brotli = await ask('gzip, deflate, br')
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toContain('javascript')
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(String(brotli.headers.vary)).toContain('accept-encoding')
    // the build's very bytes, not compressed again on the way out
    expect(brotli.rawPayload.equals(BUILT_BROTLI)).toBe(true)
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BUILT_SCRIPT)
    const gzipped = await ask('gzip')
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.rawPayload.equals(BUILT_GZIP)).toBe(true)
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(BUILT_SCRIPT)
    const plain = await ask()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(BUILT_SCRIPT)
  })

  it('answers page navigations with the app shell, compressed', async () => {
    const response = await t.app.inject({
      url: '/category/men?page=2',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(['br', 'gzip']).toContain(response.headers['content-encoding'])
  })

  it.each(['/api/v1/nothing', '/storage/haat/nothing', '/assets/missing.js'])(
    'never answers %s with the app shell',
    async (url) => {
      const response = await t.app.inject({ url, headers: apiHeaders })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toContain('application/json')
    },
  )
})

describe('service endpoints', () => {
  it('answers the health check without an api key', async () => {
    const response = await t.app.inject({ url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ ok: true })
  })

  it('publishes an OpenAPI document of the product routes', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> }
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/product/storefront', '/api/v1/product/storefront/get-by-ids']),
    )
    const page = await t.app.inject({ url: '/api/docs' })
    expect([200, 302]).toContain(page.statusCode)
  })
})
