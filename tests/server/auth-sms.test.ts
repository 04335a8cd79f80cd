import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { httpProvider } from '../../server/sms/http-provider'
import { SmsDeliveryError } from '../../server/sms/provider'
import { call, tokenOf } from './auth-support'
import { createTestApp, type TestApp } from './helpers'

type Received = { authorization: string | undefined; body: { to: string; message: string } }

// a stand-in SMS gateway on loopback; one port per database run so both can run at once
const port = process.env.TEST_DB === 'postgres' ? 4342 : 4341
const gatewayUrl = `http://127.0.0.1:${port}/send`
let gateway: Server
let received: Received[] = []
let failWith: number | null = null

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    request.on('data', (chunk) => {
      text += chunk
    })
    request.on('end', () => resolve(text))
  })
}

let t: TestApp
beforeAll(async () => {
  gateway = createServer(async (request, response) => {
    const text = await readBody(request)
    if (failWith) {
      response.writeHead(failWith).end('down')
      return
    }
    received.push({ authorization: request.headers.authorization, body: JSON.parse(text) })
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  })
  await new Promise<void>((resolve) => gateway.listen(port, '127.0.0.1', resolve))
  t = await createTestApp({
    products: 0,
    config: { SMS_PROVIDER: 'http', SMS_GATEWAY_URL: gatewayUrl, SMS_GATEWAY_TOKEN: 'gateway-secret' },
  })
})
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => gateway.close(resolve))
})
beforeEach(() => {
  received = []
  failWith = null
})

describe('HTTP SMS gateway', () => {
  it('posts the number in international form with the token', async () => {
    await httpProvider({ url: gatewayUrl, token: 'gateway-secret' }).send('01711000001', 'hello')
    expect(received).toEqual([
      { authorization: 'Bearer gateway-secret', body: { to: '8801711000001', message: 'hello' } },
    ])
  })

  it.each([500, 401, 429])('reports a gateway answering %i as not delivered', async (status) => {
    failWith = status
    await expect(httpProvider({ url: gatewayUrl }).send('01711000001', 'hello')).rejects.toBeInstanceOf(
      SmsDeliveryError,
    )
  })

  it('reports an unreachable gateway as not delivered', async () => {
    await expect(
      httpProvider({ url: 'http://127.0.0.1:4349/nothing-here', timeoutMs: 2000 }).send('01711000001', 'x'),
    ).rejects.toBeInstanceOf(SmsDeliveryError)
  })

  it('delivers one-time codes through the gateway, and the code logs in', async () => {
    const sent = await call(t.app, 'POST', 'auth/customer/send-otp', {
      body: { phone: '01711000002', type: 'login' },
    })
    expect(sent.status).toBe(200)
    expect(received).toHaveLength(1)
    expect(received[0]?.body.to).toBe('8801711000002')
    const code = /\b(\d{6})\b/.exec(received[0]?.body.message ?? '')?.[1]
    expect(code).toMatch(/^\d{6}$/)
    const answer = await call(t.app, 'POST', 'auth/customer/otp-login', {
      body: { phone: '01711000002', otpId: sent.body.otpId, otpCode: code },
    })
    expect(tokenOf(answer)).toBeTruthy()
  })

  it('answers 503 with a phone message when the gateway fails', async () => {
    failWith = 502
    const sent = await call(t.app, 'POST', 'auth/customer/send-otp', {
      body: { phone: '01711000003', type: 'login' },
    })
    expect(sent.status).toBe(503)
    expect(sent.body).toEqual({ error: { phone: [expect.any(String)] } })
  })

  it('offers app.sms.send to other features', async () => {
    await t.app.sms.send('01711000004', 'Your order #12 is confirmed')
    expect(received[0]?.body).toEqual({ to: '8801711000004', message: 'Your order #12 is confirmed' })
  })
})
