import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_API_KEY } from '../../src/contract/common'
import { eventually } from './fault-support'
import { type ServerProcess, startServerProcess } from './process-support'

// Behind a load balancer: on SIGTERM the server first says it is not ready, so the balancer moves traffic
// away, and goes on serving what still comes for SHUTDOWN_DRAIN_MS; only then does it stop.

const DRAIN_MS = 1_500
let server: ServerProcess
beforeAll(async () => {
  server = await startServerProcess({ SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SEED_PRODUCTS: '4' })
}, 120_000)
afterAll(() => server?.dispose())

const read = (path: string) =>
  fetch(`${server.origin}${path}`, { headers: { 'x-api-key': DEMO_API_KEY } }).then(
    async (response) => ({ status: response.status, connection: response.headers.get('connection') }),
    (error: Error) => ({ status: 0, connection: (error.cause as { code?: string } | undefined)?.code ?? '' }),
  )

describe('a server asked to stop while behind a load balancer', () => {
  it('fails readiness at once, serves requests while it drains, then stops and exits 0', async () => {
    expect((await read('/readyz')).status).toBe(200)
    const signalled = Date.now()
    server.child.kill('SIGTERM')
    await eventually(async () => (await read('/readyz')).status === 503, DRAIN_MS)

    const listing = await read('/api/v1/product/storefront?perPage=2')
    expect(listing.status).toBe(200)
    // each answer while draining ends its connection, so no kept-alive connection holds the stop up
    expect(listing.connection).toBe('close')
    expect((await read('/healthz')).status).toBe(200)
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS)

    const code = await server.exited
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS)
    expect(code).toBe(0)
    expect((await read('/healthz')).connection).toBe('ECONNREFUSED')
    expect(server.output()).toMatch(/draining for 1500 ms/)
  })
})
