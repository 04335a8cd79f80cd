import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INLINE_SCRIPT_HASHES, inlineScriptSources } from '../../server/plugins/security-headers'
import { register, tokenOf } from './auth-support'
import { sellableSkus } from './commerce-support'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

const themeScript = "document.documentElement.dataset.theme = 'dark'"
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** A built site: index.html with one inline script, and the hashes the build writes beside it. */
function builtSite() {
  const site = mkdtempSync(join(tmpdir(), 'haat-site-'))
  const html = `<!doctype html><html><head><title>Haat</title><meta name="description" content="Shop" /><script>${themeScript}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`
  writeFileSync(join(site, 'index.html'), html)
  writeFileSync(join(site, INLINE_SCRIPT_HASHES), JSON.stringify({ scriptSrc: inlineScriptSources(html) }))
  return site
}

/** The Content-Security-Policy header as directive → sources. */
function policyOf(header: unknown): Map<string, string[]> {
  const policy = new Map<string, string[]>()
  for (const directive of String(header ?? '').split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/)
    if (name) policy.set(name, sources)
  }
  return policy
}

let t: TestApp
let proxied: TestApp
let slug: string
beforeAll(async () => {
  const site = builtSite()
  t = await createTestApp({ products: 4, config: { STATIC_DIR: site } })
  proxied = await createTestApp({
    products: 4,
    config: {
      STATIC_DIR: site,
      PUBLIC_URL: 'https://shop.example.com',
      TRUST_PROXY: '127.0.0.1',
      FIREBASE_AUTH_DOMAIN: 'login.shop.example.com',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    },
  })
  const [item] = await sellableSkus(t.db, 1)
  slug = item?.slug ?? ''
}, 180_000)
afterAll(async () => Promise.all([t?.close(), proxied?.close()]))

describe('the app’s pages', () => {
  it.each(['/', '/category/panjabi', '/product/no-such-thing'])(
    '%s carries a policy that runs the build’s inline script by its hash and no other inline code',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.headers['content-type']).toContain('text/html')
      const policy = policyOf(response.headers['content-security-policy'])
      expect(policy.get('script-src')).toEqual(["'self'", sha256(themeScript), 'https://apis.google.com'])
      expect(policy.get('default-src')).toEqual(["'self'"])
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
      expect(policy.get('connect-src')).toEqual([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
      ])
      expect(policy.get('frame-src')).toEqual(['https://demo-haat.firebaseapp.com'])
      expect(policy.get('object-src')).toEqual(["'none'"])
      expect(policy.get('base-uri')).toEqual(["'self'"])
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect(policy.get('form-action')).toEqual(["'self'"])
      expect(policy.get('worker-src')).toEqual(["'self'"])
      expect(policy.get('manifest-src')).toEqual(["'self'"])
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(response.headers['permissions-policy']).toContain('camera=()')
      expect(response.headers['permissions-policy']).toContain('geolocation=()')
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
      expect(response.headers['strict-transport-security']).toBeUndefined()
    },
  )

  it('product heads carry the same policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/product/${slug}` })
    expect(response.body).toContain('og:title')
    expect(policyOf(response.headers['content-security-policy']).get('script-src')).toContain(
      sha256(themeScript),
    )
  })

  it('let sign-in reach the configured Firebase auth domain and Auth emulator', async () => {
    const response = await proxied.app.inject({ method: 'GET', url: '/' })
    const policy = policyOf(response.headers['content-security-policy'])
    expect(policy.get('frame-src')).toEqual(['https://login.shop.example.com', 'http://127.0.0.1:9099'])
    expect(policy.get('connect-src')).toContain('http://127.0.0.1:9099')
  })

  it('send HSTS only to requests that came over https through a trusted proxy', async () => {
    const https = { 'x-forwarded-proto': 'https' }
    const viaProxy = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: https,
      remoteAddress: '127.0.0.1',
    })
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const forged = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: https,
      remoteAddress: '203.0.113.9',
    })
    expect(forged.headers['strict-transport-security']).toBeUndefined()
    const untrusted = await t.app.inject({ method: 'GET', url: '/', headers: https })
    expect(untrusted.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('the build’s inline script hashes', () => {
  it('name each inline script as the browser reads it, and nothing that is not inline code', () => {
    const html = [
      '<script>one()</script>',
      '<script type="module">two()\r\n</script>',
      '<script type="module" src="/assets/app.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
    ].join('\n')
    expect(inlineScriptSources(html)).toEqual([sha256('one()'), sha256('two()\n')])
  })
})

describe('the product head', () => {
  it('never names a forged Host: canonical, og:url and JSON-LD use the public origin', async () => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: `/product/${slug}`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    })
    expect(response.body).not.toContain('evil.example')
    const url = `https://shop.example.com/product/${slug}`
    expect(response.body).toContain(`<link rel="canonical" href="${url}" />`)
    expect(response.body).toContain(`<meta property="og:url" content="${url}" />`)
    const jsonLd = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(response.body)?.[1] ?? '{}'
    expect((JSON.parse(jsonLd) as { url: string }).url).toBe(url)
  })

  it('falls back to this machine’s port, not the Host, when no public origin is set', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/product/${slug}`,
      headers: { host: 'evil.example' },
    })
    expect(response.body).not.toContain('evil.example')
    expect(response.body).toContain(`<link rel="canonical" href="http://localhost:8080/product/${slug}" />`)
  })
})

describe('API answers', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...apiHeaders, ...headers } })

  it('are never stored when they depend on who asks', async () => {
    const signedIn = await register(t.app, '01711000042')
    expect(signedIn.headers['cache-control']).toBe('no-store')
    const cookie = `haat_session=${tokenOf(signedIn)}`
    for (const url of [
      '/api/v1/cart',
      '/api/v1/user/customer/profile',
      '/api/v1/user/addresses',
      '/api/v1/orders',
    ]) {
      const response = await get(url, { cookie })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('no-store')
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
      expect(response.headers['content-security-policy'], url).toBeUndefined()
    }
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/lookup',
      headers: apiHeaders,
      payload: { number: 'HT-000000', phone: '01711000042' },
    })
    expect(lookup.headers['cache-control']).toBe('no-store')
  })

  it('of the public catalogue keep the caching their routes choose', async () => {
    const listing = await get('/api/v1/product/storefront?currentPage=1&perPage=4')
    expect(listing.statusCode).toBe(200)
    expect(listing.headers['cache-control']).toBeUndefined()
    expect(listing.headers['x-content-type-options']).toBe('nosniff')
    const reviews = await get(`/api/v1/review?product_slug=${slug}`)
    expect(reviews.statusCode).toBe(200)
    expect(reviews.headers['cache-control']).toBeUndefined()
    const locations = await get('/api/v1/locations')
    expect(locations.headers['cache-control']).toBe('public, max-age=3600')
  })
})
