import { createServer, type Server, Socket } from 'node:net'
import { test as base, expect, type Page } from '@playwright/test'

const serverPort = Number(process.env.E2E_PORT ?? 4300)
/** Proxy ports: one per parallel worker, next to the server's own port. */
const proxyBasePort = Number(process.env.E2E_PROXY_PORT ?? serverPort + 2)

/**
 * A TCP gate in front of the real server. Cutting it makes the server truly unreachable (the
 * connection is refused), which also covers requests the service worker makes on its own; Chromium's
 * `setOffline` alone does not.
 */
export class CuttableProxy {
  private server: Server | null = null
  private sockets = new Set<Socket>()

  constructor(
    readonly port: number,
    private readonly target: number,
  ) {}

  get origin() {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    if (this.server) return
    const server = createServer((client) => {
      const upstream = new Socket()
      this.track(client)
      this.track(upstream)
      upstream.connect(this.target, '127.0.0.1')
      client.pipe(upstream).pipe(client)
      const close = () => {
        client.destroy()
        upstream.destroy()
      }
      client.on('error', close)
      upstream.on('error', close)
      client.on('close', close)
      upstream.on('close', close)
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.server = server
  }

  private track(socket: Socket) {
    this.sockets.add(socket)
    socket.on('close', () => this.sockets.delete(socket))
  }

  /** Stops listening and drops every open connection, keep-alive ones included. */
  async cut(): Promise<void> {
    const server = this.server
    this.server = null
    for (const socket of this.sockets) socket.destroy()
    this.sockets.clear()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

type Fixtures = { gate: CuttableProxy }

/** Tests of this file talk to the server through the gate, so they can take the network away. */
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
  gate: async ({}, use, testInfo) => {
    const gate = new CuttableProxy(proxyBasePort + testInfo.parallelIndex, serverPort)
    await gate.start()
    await use(gate)
    await gate.cut()
  },
  baseURL: async ({ gate }, use) => {
    await use(gate.origin)
  },
})

export { expect }

/** Resolves once the service worker controls the page (it claims the page on first install). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
  })
}

/** Lets the throttled IndexedDB persister write what the page just loaded. */
export async function waitForPersistedCache(page: Page): Promise<void> {
  await page.waitForTimeout(1500)
}

/** Network gone for real: the server unreachable and the browser told it is offline. */
export async function goOffline(page: Page, gate: CuttableProxy): Promise<void> {
  await gate.cut()
  await page.context().setOffline(true)
}

export async function goOnline(page: Page, gate: CuttableProxy): Promise<void> {
  await gate.start()
  await page.context().setOffline(false)
}

/** True when the image finished loading with real pixels (not a broken-image icon). */
export async function imageLoaded(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate(
      (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
    )
}
