import { createServer, type Server, Socket } from 'node:net'

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
  private requestsArrive = false

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
    if (this.hung && !this.requestsArrive) {
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
        // a hung link swallows what is under way on the connections it had open: everything, or only the
        // answers when requests still reach the server
        if (this.hung && !(this.requestsArrive && from === client)) {
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

  /**
   * The link stays up and answers nothing: every open and new connection hangs. With `requestsArrive`,
   * requests still reach the server and only its answers are lost (the server did the work; the browser
   * never learns it).
   */
  hang(options: { requestsArrive?: boolean } = {}): void {
    this.hung = true
    this.requestsArrive = options.requestsArrive === true
  }

  /** The link answers again; connections that hung are closed, so the browser opens fresh ones. */
  restore(): void {
    this.hung = false
    this.requestsArrive = false
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
