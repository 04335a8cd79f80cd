import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiHeaders, createTestApp, rawRequest, type TestApp } from './helpers'

let t: TestApp
let port: number

beforeAll(async () => {
  t = await createTestApp({ products: 2 })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
}, 180_000)
afterAll(async () => t?.close())

type Request = { method?: 'GET' | 'POST'; url: string; body?: unknown; language?: string; ip?: string }

async function ask({ method = 'GET', url, body, language, ip }: Request) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...apiHeaders, ...(language === undefined ? {} : { 'accept-language': language }) },
    ...(body === undefined ? {} : { payload: body as object }),
    ...(ip ? { remoteAddress: ip } : {}),
  })
  return { status: response.statusCode, body: response.json(), headers: response.headers }
}

const BANGLA = 'bn'
const BROWSER_BANGLA = 'bn-BD,bn;q=0.9,en;q=0.8'

const codeFor = (phone: string) =>
  ({ method: 'POST', url: '/api/v1/auth/customer/send-otp', body: { phone, type: 'login' } }) as const
const badPhone = codeFor('12345')
const unknownProduct = { url: '/api/v1/product/storefront/no-such-product' } as const
const privateRoute = { url: '/api/v1/orders' } as const

describe('error answers in Bangla when the request asks for it', () => {
  it.each([BANGLA, BROWSER_BANGLA])('a validation error (Accept-Language: %s)', async (language) => {
    const answer = await ask({ ...badPhone, language })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { phone: ['সঠিক মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮'] } })
    expect(answer.headers['content-language']).toBe('bn')
    expect(answer.headers.vary).toMatch(/accept-language/i)
  })

  it.each([BANGLA, BROWSER_BANGLA])(
    'a product that does not exist (Accept-Language: %s)',
    async (language) => {
      const answer = await ask({ ...unknownProduct, language })
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({ error: { product: ['পণ্যটি পাওয়া যায়নি'] } })
      expect(answer.headers['content-language']).toBe('bn')
    },
  )

  it.each([BANGLA, BROWSER_BANGLA])(
    'a private route without a session (Accept-Language: %s)',
    async (language) => {
      const answer = await ask({ ...privateRoute, language })
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ error: { auth: ['চালিয়ে যেতে লগ ইন করুন'] } })
      expect(answer.headers['content-language']).toBe('bn')
    },
  )

  it.each([
    [BANGLA, '01711000101'],
    [BROWSER_BANGLA, '01711000102'],
  ])('too many codes, with the wait in Bengali digits (Accept-Language: %s)', async (language, phone) => {
    const send = codeFor(phone)
    expect((await ask(send)).status).toBe(200)
    const refused = await ask({ ...send, language })
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      error: {
        phone: [
          expect.stringMatching(/^এইমাত্র একটি কোড পাঠানো হয়েছে। [০-৯]+ (সেকেন্ড|মিনিট) পরে আবার চেষ্টা করুন।$/),
        ],
      },
    })
    expect(refused.headers['content-language']).toBe('bn')
  })

  it('a path no route answers', async () => {
    const answer = await ask({ url: '/api/v1/no-such-thing', language: BANGLA })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ error: { route: ['পাওয়া যায়নি'] } })
    expect(answer.headers['content-language']).toBe('bn')
  })

  it('a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/lookup',
      headers: { ...apiHeaders, 'content-type': 'application/json', 'accept-language': BANGLA },
      payload: '{"number": "HT-1",',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: { body: ["content-type 'application/json', কিন্তু বডি সঠিক JSON নয়"] },
    })
  })

  it("zod's own message for a check that carries none of ours", async () => {
    const answer = await ask({
      ...badPhone,
      body: { phone: '01712345678', type: 'login', extra: 1 },
      language: BANGLA,
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { body: ['অজানা ফিল্ড: "extra"'] } })
  })

  it('?lang=bn in the address wins over Accept-Language', async () => {
    const answer = await ask({ url: `${unknownProduct.url}?lang=bn`, language: 'en' })
    expect(answer.body).toEqual({ error: { product: ['পণ্যটি পাওয়া যায়নি'] } })
    expect(answer.headers['content-language']).toBe('bn')
  })

  it('an address the router refuses', async () => {
    const answer = await ask({ url: '/api/v1/product/storefront/%E0%A4%A', language: BANGLA })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { url: ['লিংকটি সঠিক নয়'] } })
    expect(answer.headers['content-language']).toBe('bn')
  })

  it('an Expect the server cannot meet, answered before Fastify sees the request', async () => {
    const answer = await rawRequest(
      port,
      'GET /api/health HTTP/1.1\r\nHost: shop\r\nAccept-Language: bn\r\nExpect: teapot\r\n\r\n',
    )
    expect(answer.status).toBe(417)
    expect(answer.head).toMatch(/^content-language: bn$/im)
    expect(answer.body).toEqual({ error: { expect: ['শুধু "Expect: 100-continue" বোঝা যায়'] } })
  })
})

describe('error answers in English otherwise, as they always were', () => {
  it.each([['en'], [undefined], ['fr-FR,fr;q=0.9']])('Accept-Language: %s', async (language) => {
    const validation = await ask({ ...badPhone, language })
    expect(validation.body).toEqual({ error: { phone: ['Enter a valid mobile number, e.g. 01712345678'] } })
    expect(validation.headers['content-language']).toBe('en')
    expect(validation.headers.vary).toMatch(/accept-language/i)

    const missing = await ask({ ...unknownProduct, language })
    expect(missing.body).toEqual({ error: { product: ['Product not found'] } })
    expect(missing.headers['content-language']).toBe('en')

    const guest = await ask({ ...privateRoute, language })
    expect(guest.body).toEqual({ error: { auth: ['Please log in to continue'] } })
    expect(guest.headers['content-language']).toBe('en')
  })

  it('a rate-limit answer', async () => {
    const send = codeFor('01711000103')
    expect((await ask(send)).status).toBe(200)
    const refused = await ask({ ...send, language: 'en' })
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      error: {
        phone: [expect.stringMatching(/^A code was just sent\. Try again in \d+ (seconds?|minute)\.$/)],
      },
    })
    expect(refused.headers['content-language']).toBe('en')
  })

  it('keeps a Vary another hook set, adding Accept-Language once', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: unknownProduct.url,
      headers: { ...apiHeaders, 'accept-language': BANGLA, 'accept-encoding': 'gzip' },
    })
    const vary = String(answer.headers.vary)
      .toLowerCase()
      .split(/\s*,\s*/)
    expect(vary.filter((name) => name === 'accept-language')).toHaveLength(1)
  })

  it('leaves successful answers alone', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-language': BANGLA },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-language']).toBeUndefined()
  })
})
