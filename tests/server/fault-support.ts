import net from 'node:net'
import { expect } from 'vitest'

// Faults of the services the API leans on, made on loopback: a TCP proxy that can stop or freeze a real
// service for one test, and listeners that refuse or never answer.

export type FaultProxy = {
  port: number
  /** connections end at once, new ones are refused: the service is stopped */
  cut(): void
  /** connections stay open and nothing goes through either way: the service hangs */
  freeze(): void
  /** traffic flows again (held bytes are delivered) */
  restore(): void
  close(): Promise<void>
}

/** A TCP proxy in front of a real service, so one test can stop "it" without touching the shared one. */
export async function tcpProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: 'open' | 'cut' | 'frozen' = 'open'
  const sockets = new Set<net.Socket>()
  let held: [net.Socket, Buffer][] = []
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  }
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (mode === 'frozen') held.push([to, chunk])
      else to.write(chunk)
    })
    from.on('close', () => to.destroy())
  }
  const server = net.createServer((client) => {
    track(client)
    if (mode === 'cut') return client.destroy()
    const upstream = net.connect(target.port, target.host)
    track(upstream)
    forward(client, upstream)
    forward(upstream, client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      mode = 'cut'
      held = []
      for (const socket of sockets) socket.destroy()
    },
    freeze() {
      mode = 'frozen'
    },
    restore() {
      mode = 'open'
      for (const [to, chunk] of held) if (!to.destroyed) to.write(chunk)
      held = []
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** A "server" that accepts connections and never says a word. */
export async function silentListener(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now()
  const value = await work()
  return { value, ms: Date.now() - started }
}

export async function eventually(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`not recovered within ${ms} ms`)
}

export const unavailableAnswer = { error: { service: [expect.stringMatching(/try again in a moment/)] } }
