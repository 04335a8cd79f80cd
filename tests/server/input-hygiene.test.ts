import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiHeaders, createTestApp, rawRequest, type TestApp } from './helpers'

let t: TestApp
let port: number

beforeAll(async () => {
  t = await createTestApp({ products: 4 })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
}, 180_000)
afterAll(async () => t?.close())

const errorShape = { error: expect.any(Object) }

/** Every field of an error answer maps to a non-empty list of messages. */
function expectErrorShape(body: unknown) {
  expect(body).toEqual(errorShape)
  const fields = Object.entries((body as { error: Record<string, unknown> }).error)
  expect(fields.length).toBeGreaterThan(0)
  for (const [, messages] of fields) {
    expect(messages).toEqual(expect.arrayContaining([expect.any(String)]))
    expect((messages as unknown[]).every((message) => typeof message === 'string')).toBe(true)
  }
}

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: apiHeaders })
  return { status: response.statusCode, body: response.json() }
}

async function post(url: string, payload: string, contentType = 'application/json') {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...apiHeaders, 'content-type': contentType },
    payload,
  })
  return { status: response.statusCode, body: response.json() }
}

describe('bad input answers 4xx in the error shape', () => {
  it('refuses NUL in the search text', async () => {
    const answer = await get('/api/v1/product/storefront?search=shirt%00')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { search: ['Remove the control characters from this text'] } })
  })

  it('refuses NUL in a path parameter', async () => {
    const answer = await get('/api/v1/product/storefront/%00')
    expect(answer.status).toBe(400)
    expectErrorShape(answer.body)
  })

  it('refuses NUL in a body field', async () => {
    const answer = await post(
      '/api/v1/orders/lookup',
      JSON.stringify({ number: 'HT-1\u0000', phone: '01712345678' }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { number: ['Remove the control characters from this text'] } })
  })

  it('keeps line breaks in a review text but refuses other control characters there', async () => {
    const review = (text: string) =>
      post(
        '/api/v1/review/product/without-login',
        JSON.stringify({ product_slug: '1', rating: 5, text, name: 'Rina', phone: '01712345678' }),
      )
    const withLines = await review('Soft cloth.\r\nTrue to size.\tWould buy again.')
    expect(withLines.body.error?.text).toBeUndefined()
    const withEscape = await review('Soft \u001b[31mcloth')
    expect(withEscape.status).toBe(400)
    expect(withEscape.body.error.text).toEqual(['Remove the control characters from this text'])
  })

  it('answers a badly percent-encoded address with 400', async () => {
    const answer = await get('/api/v1/product/storefront/%E0%A4%A')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { url: ['The address is not valid'] } })
  })

  it('answers a path parameter over the router limit with 414', async () => {
    const answer = await get(`/api/v1/product/storefront/${'a'.repeat(400)}`)
    expect(answer.status).toBe(414)
    expect(answer.body).toEqual({ error: { url: ['The address is too long'] } })
  })

  it('answers malformed JSON with 400', async () => {
    const answer = await post('/api/v1/orders/lookup', '{"number": "HT-1",')
    expect(answer.status).toBe(400)
    expectErrorShape(answer.body)
  })

  it('answers a body in an unknown content type with 415', async () => {
    const answer = await post('/api/v1/orders/lookup', '<order/>', 'application/xml')
    expect(answer.status).toBe(415)
    expectErrorShape(answer.body)
  })

  it('answers a prototype key in JSON with 400', async () => {
    const answer = await post('/api/v1/cart/quote', '{"__proto__": {"admin": true}, "lines": []}')
    expect(answer.status).toBe(400)
    expectErrorShape(answer.body)
  })

  it('answers a review of a product id beyond any integer with 4xx', async () => {
    const answer = await get('/api/v1/review?product_slug=12345678901')
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expectErrorShape(answer.body)
  })
})

describe("what node's HTTP parser refuses answers in the error shape", () => {
  it('answers headers over the size limit with 431', async () => {
    const answer = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: shop\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(answer.status).toBe(431)
    expectErrorShape(answer.body)
  })

  it('answers an address over the size limit with 431', async () => {
    const answer = await rawRequest(
      port,
      `GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: shop\r\n\r\n`,
    )
    expect(answer.status).toBe(431)
    expectErrorShape(answer.body)
  })

  it('answers bytes that are not HTTP with 400', async () => {
    const answer = await rawRequest(port, 'HELLO THERE\r\n\r\n')
    expect(answer.status).toBe(400)
    expectErrorShape(answer.body)
  })

  it('answers an HTTP/1.1 request without Host with 400', async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: { headers: ['The Host header is missing'] } })
  })

  it('answers an Expect it cannot meet with 417', async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: shop\r\nExpect: teapot\r\n\r\n')
    expect(answer.status).toBe(417)
    expectErrorShape(answer.body)
  })
})
