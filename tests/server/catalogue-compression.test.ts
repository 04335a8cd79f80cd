import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptedEncoding, compressed } from '../../server/plugins/precompressed'
import { ownedJson } from '../../server/repositories/catalogue/product-json'
import { listingResponse } from '../../src/contract/product'
import { apiHeaders, createTestApp, type TestApp } from './helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ products: 60 })
})
afterAll(async () => {
  await t?.close()
})

const listing = (acceptEncoding?: string) =>
  t.app.inject({
    url: '/api/v1/product/storefront',
    query: { perPage: '24' },
    headers: { ...apiHeaders, ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }) },
  })

describe('compressed catalogue answers', () => {
  it('answers a listing in brotli, gzip or as it is, as the request accepts, with the same JSON', async () => {
    const plain = await listing('identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    const json = listingResponse.parse(plain.json())
    expect(json.data).toHaveLength(24)

    const br = await listing('gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())

    const gzip = await listing('gzip;q=1, br;q=0')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json())
  })

  it('answers a kept page asked again with the very bytes compressed the first time', async () => {
    const first = await listing('br')
    const again = await listing('br')
    expect(again.headers['content-encoding']).toBe('br')
    expect(Buffer.compare(first.rawPayload, again.rawPayload)).toBe(0)
  })

  it('compresses a product page and a list by ids too', async () => {
    const product = await t.app.inject({
      url: '/api/v1/product/storefront/1',
      headers: { ...apiHeaders, 'accept-encoding': 'gzip' },
    })
    expect(product.statusCode).toBe(200)
    expect(product.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(product.rawPayload).toString()).data.id).toBe(1)
  })

  it('keeps a compressed answer in its own bytes, not in the 16 KB zlib wrote it into', () => {
    // 2,000 kept product answers of about 2 KB: with zlib's chunks they would hold 32 MB, on their own a few hundred KB
    const answers = Array.from({ length: 2000 }, (_, id) =>
      ownedJson(JSON.stringify({ data: { id, name: `Product ${id}`, description: 'cotton '.repeat(300) } })),
    )
    for (const encoding of ['br', 'gzip'] as const) {
      const forms = answers.map((json) => compressed(json, encoding))
      const held = forms.reduce((sum, form) => sum + form.buffer.byteLength, 0)
      const bytes = forms.reduce((sum, form) => sum + form.length, 0)
      expect(held).toBe(bytes)
      expect(bytes).toBeLessThan(answers.length * 1024)
      // kept: asked again, the same form
      expect(compressed(answers[7] as Buffer, encoding)).toBe(forms[7])
    }
  })

  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', null],
  ])('picks the encoding %j accepts: %j', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected)
  })
})
