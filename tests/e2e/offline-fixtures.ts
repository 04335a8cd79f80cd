import { createServer, type Server, Socket } from 'node:net'
import { test as base, expect, type Page } from '@playwright/test'

const serverPort = Number(process.env.E2E_PORT ?? 4300)
/** Proxy ports: one per parallel worker, next to the server's own port. */
const proxyBasePort = Number(process.env.E2E_PROXY_PORT ?? serverPort + 2)

/**
 * A TCP gate in front of the real server. Cutting it makes the server truly unreachable (the
 * connection is refused), which also covers requests the service worker makes on its own; Chromium's
 * `setOffline` alone does not. Hanging it is the link that is up but answers nothing ("lie-fi"):
 * connections open, requests go out, and no byte ever comes back, while the browser still says online.
 */
export class CuttableProxy {
  private server: Server | null = null
  private sockets = new Set<Socket>()
  /** Connections held while hung: their bytes go nowhere, and restoring closes them. */
  private held = new Set<Socket>()
  private hung = false

  constructor(
    readonly port: number,
    private readonly target: number,
  ) {}

  get origin() {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    if (this.server) return
    const server = createServer((client) => this.connect(client))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.server = server
  }

  private connect(client: Socket) {
    this.track(client)
    if (this.hung) {
      // accepted, read and never answered
      this.held.add(client)
      client.on('data', () => undefined)
      client.on('error', () => client.destroy())
      return
    }
    const upstream = new Socket()
    this.track(upstream)
    upstream.connect(this.target, '127.0.0.1')
    const pair = [client, upstream] as const
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        // a hung link swallows what is under way on the connections it had open
        if (this.hung) {
          this.held.add(client)
          this.held.add(upstream)
        } else to.write(chunk)
      })
    forward(client, upstream)
    forward(upstream, client)
    const close = () => {
      for (const socket of pair) socket.destroy()
    }
    for (const socket of pair) {
      socket.on('error', close)
      socket.on('close', close)
    }
  }

  private track(socket: Socket) {
    this.sockets.add(socket)
    socket.on('close', () => {
      this.sockets.delete(socket)
      this.held.delete(socket)
    })
  }

  /** The link stays up and answers nothing: every open and new connection hangs. */
  hang(): void {
    this.hung = true
  }

  /** The link answers again; connections that hung are closed, so the browser opens fresh ones. */
  restore(): void {
    this.hung = false
    for (const socket of this.held) socket.destroy()
    this.held.clear()
  }

  /** Stops listening and drops every open connection, keep-alive ones included. */
  async cut(): Promise<void> {
    const server = this.server
    this.server = null
    this.hung = false
    this.held.clear()
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
