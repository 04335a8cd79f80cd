import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

// Meta's Graph API, the Conversions API's one endpoint (`POST /{version}/{pixel-id}/events`), on loopback, as
// Meta's developer pages document it: the `data` array of server events with their required fields, hashed
// customer information, `access_token`, the optional `test_event_code`; a success answers `events_received`,
// a refusal Meta's error object (`{ error: { message, type, code, error_subcode, fbtrace_id } }`).
// `npx tsx tests/fakes/meta-graph.ts --port N` runs it on its own (the browser journeys' server sends to it);
// there `GET /healthz` answers once it listens and `GET /_received` lists the events it took.

export const FAKE_META = { pixelId: '1234567890123456', accessToken: 'EAAfake-conversions-token-5c1e9b' }

const ACTION_SOURCES = [
  'email',
  'website',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
]
const SEVEN_DAYS_S = 7 * 24 * 3600
const SHA256 = /^[0-9a-f]{64}$/

export type ReceivedEvent = Record<string, unknown> & {
  event_name: string
  event_id?: string
  user_data: Record<string, unknown>
  custom_data?: Record<string, unknown>
}
export type MetaRequest = {
  pixelId: string
  version: string
  events: ReceivedEvent[]
  testEventCode?: string
}

/** Why an event is refused, as Meta says it; null when it is one Meta takes. */
function eventProblem(event: Record<string, unknown>, nowS: number): string | null {
  if (typeof event.event_name !== 'string' || event.event_name === '') return 'event_name is required'
  if (!Number.isInteger(event.event_time)) return 'event_time must be a Unix timestamp in seconds'
  const time = event.event_time as number
  if (time < nowS - SEVEN_DAYS_S) return 'event_time is more than 7 days in the past'
  if (time > nowS + 60) return 'event_time is in the future'
  if (!ACTION_SOURCES.includes(String(event.action_source))) return 'action_source is not a valid value'
  const user = event.user_data
  if (!user || typeof user !== 'object') return 'user_data is required'
  const data = user as Record<string, unknown>
  for (const hashed of ['em', 'ph', 'fn', 'ln', 'ct', 'st', 'zp', 'country', 'external_id']) {
    const value = data[hashed]
    if (value === undefined) continue
    const list = Array.isArray(value) ? value : [value]
    if (!list.every((item) => typeof item === 'string' && SHA256.test(item)))
      return `user_data.${hashed} must be SHA-256 hashed (64 lowercase hex characters)`
  }
  if (event.action_source === 'website') {
    if (typeof data.client_user_agent !== 'string') return 'client_user_agent is required for website events'
    if (typeof event.event_source_url !== 'string') return 'event_source_url is required for website events'
  }
  if (event.event_name === 'Purchase') {
    const custom = event.custom_data as Record<string, unknown> | undefined
    if (typeof custom?.currency !== 'string' || !/^[A-Z]{3}$/.test(custom.currency))
      return 'custom_data.currency is required for Purchase events (ISO 4217)'
    if (typeof custom.value !== 'number') return 'custom_data.value is required for Purchase events'
  }
  return null
}

export async function startFakeMetaGraph(
  options: { port?: number; credentials?: Partial<typeof FAKE_META>; now?: () => number } = {},
) {
  const creds = { ...FAKE_META, ...options.credentials }
  const now = options.now ?? Date.now
  /** every request the endpoint took (events received) */
  const received: MetaRequest[] = []
  /** every request that reached the endpoint, taken or not, as sent: what a test reads for leaks */
  const bodies: string[] = []
  const failures: { status: number; times: number }[] = []

  const error = (status: number, code: number, message: string, subcode?: number) => ({
    status,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
  })

  function answer(path: string, raw: string): { status: number; body: unknown } {
    const route = /^\/(v\d+\.\d+)\/([^/]+)\/events$/.exec(path)
    if (!route) return error(400, 2500, 'Unknown path components')
    const [, version = '', pixelId = ''] = route
    let body: Record<string, unknown>
    try {
      body = JSON.parse(raw) as Record<string, unknown>
    } catch {
      return error(400, 100, 'Invalid parameter')
    }
    if (typeof body.access_token !== 'string' || body.access_token === '')
      return error(400, 2500, 'An access token is required to request this resource.')
    if (body.access_token !== creds.accessToken)
      return error(400, 190, 'Invalid OAuth access token - Cannot parse access token')
    if (pixelId !== creds.pixelId)
      return error(400, 100, `Unsupported post request. Object with ID '${pixelId}' does not exist`, 33)
    const failure = failures[0]
    if (failure) {
      failure.times -= 1
      if (failure.times <= 0) failures.shift()
      return error(failure.status, 2, 'An unexpected error has occurred. Please retry your request later.')
    }
    const data = body.data
    if (!Array.isArray(data) || data.length === 0 || data.length > 1000)
      return error(400, 100, 'Invalid parameter: data must be an array of 1 to 1000 events')
    for (const [index, event] of data.entries()) {
      const problem = eventProblem(event as Record<string, unknown>, Math.floor(now() / 1000))
      if (problem) return error(400, 100, `Invalid parameter: data[${index}]: ${problem}`, 2804050)
    }
    received.push({
      pixelId,
      version,
      events: data as ReceivedEvent[],
      ...(typeof body.test_event_code === 'string' ? { testEventCode: body.test_event_code } : {}),
    })
    return {
      status: 200,
      body: { events_received: data.length, messages: [], fbtrace_id: randomBytes(8).toString('base64url') },
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      bodies.push(raw)
      const path = new URL(request.url ?? '/', 'http://fake').pathname
      if (request.method === 'GET' && (path === '/healthz' || path === '/_received')) {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(path === '/healthz' ? { ok: true } : received.flatMap((r) => r.events)))
        return
      }
      const { status, body } =
        request.method === 'POST' ? answer(path, raw) : error(400, 100, 'Unsupported get request')
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    bodies,
    /** every event taken, across requests */
    events: () => received.flatMap((request) => request.events),
    /** the next `times` well-formed requests are answered with `status` and Meta's transient error */
    failNext(times: number, status = 500) {
      failures.push({ status, times })
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FakeMetaGraph = Awaited<ReturnType<typeof startFakeMetaGraph>>

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } })
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`fake Meta Graph API: --port must be a port number, not ${values.port}`)
    process.exit(2)
  }
  const fake = await startFakeMetaGraph({ port })
  console.log(fake.url)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      fake.close().finally(() => process.exit(0))
    })
  }
}
