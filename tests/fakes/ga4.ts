import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// GA4's Measurement Protocol (`POST /mp/collect?measurement_id=…&api_secret=…`) on loopback. Google's endpoint
// answers 2xx to anything; this fake checks what Google's validation server (`/debug/mp/collect`) checks and
// answers its `validationMessages` with a 400, so a malformed hit fails a test instead of vanishing.

export const FAKE_GA4 = { measurementId: 'G-FAKE12345', apiSecret: 'fake-ga4-secret-8d2a' }

export type Ga4Hit = { client_id: string; events: { name: string; params: Record<string, unknown> }[] }

function hitProblem(hit: Record<string, unknown>): string | null {
  if (typeof hit.client_id !== 'string' || hit.client_id === '') return 'client_id is required'
  const events = hit.events
  if (!Array.isArray(events) || events.length === 0 || events.length > 25) return 'events: 1 to 25 events'
  for (const event of events as Record<string, unknown>[]) {
    if (typeof event.name !== 'string' || !/^[A-Za-z]\w{0,39}$/.test(event.name))
      return 'event name is invalid'
    const params = (event.params ?? {}) as Record<string, unknown>
    if (event.name === 'purchase') {
      if (typeof params.transaction_id !== 'string' || params.transaction_id === '')
        return 'purchase needs transaction_id'
      if (typeof params.value === 'number' && typeof params.currency !== 'string')
        return 'a value needs its currency'
      if (!Array.isArray(params.items) || params.items.length === 0) return 'purchase needs items'
    }
  }
  return null
}

export async function startFakeGa4(options: { port?: number; credentials?: Partial<typeof FAKE_GA4> } = {}) {
  const creds = { ...FAKE_GA4, ...options.credentials }
  const hits: Ga4Hit[] = []
  /** every request's address and body, taken or not */
  const requests: { url: string; body: string }[] = []
  let failures = 0

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      requests.push({ url: request.url ?? '', body: raw })
      const url = new URL(request.url ?? '/', 'http://fake')
      const reply = (status: number, body?: unknown) => {
        response.writeHead(status, body ? { 'content-type': 'application/json' } : {})
        response.end(body ? JSON.stringify(body) : undefined)
      }
      const invalid = (description: string) =>
        reply(400, { validationMessages: [{ description, validationCode: 'VALUE_INVALID' }] })
      if (request.method !== 'POST' || url.pathname !== '/mp/collect') return reply(404)
      if (url.searchParams.get('measurement_id') !== creds.measurementId)
        return invalid('measurement_id is unknown')
      if (url.searchParams.get('api_secret') !== creds.apiSecret) return invalid('api_secret is wrong')
      if (failures > 0) {
        failures -= 1
        return reply(500)
      }
      let hit: Record<string, unknown>
      try {
        hit = JSON.parse(raw) as Record<string, unknown>
      } catch {
        return invalid('the body is not JSON')
      }
      const problem = hitProblem(hit)
      if (problem) return invalid(problem)
      hits.push(hit as Ga4Hit)
      reply(204)
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mp/collect`,
    hits,
    requests,
    failNext(times: number) {
      failures += times
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FakeGa4 = Awaited<ReturnType<typeof startFakeGa4>>
