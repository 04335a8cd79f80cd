import { readFileSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stopProcess, supervise, tailOf, waitUntil } from './processes'

/** The committed configuration (quoted by the deployment guide); its "${NAME}" values are filled in here. */
export const HAPROXY_TEMPLATE = fileURLToPath(new URL('./haproxy.cfg', import.meta.url))
const BACKEND = 'haat_api'

/** A server's state as HAProxy's statistics say it: `UP`, `DOWN`, `UP 1/2` (going down), `MAINT`… */
export type ServerStates = Record<string, string>

export type Balancer = {
  url: string
  configFile: string
  logFile: string
  /** each API server's state in the backend */
  states(): Promise<ServerStates>
  /** waits until HAProxy's health checks put `server` in `state` */
  waitFor(server: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>
  tail(lines?: number): string
  stop(): Promise<void>
}

/** The template with every `${NAME}` replaced; a name left without a value fails loudly. */
export function renderConfig(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`haproxy.cfg: no value for \${${name}}`)
    return value
  })
}

/** One admin command on the stats socket; HAProxy answers and closes the connection. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = ''
    const connection = createConnection(socket, () => connection.write(`${command}\n`))
    connection.setEncoding('utf8')
    connection.on('data', (chunk: string) => {
      answer += chunk
    })
    connection.on('end', () => resolve(answer))
    connection.on('error', reject)
  })
}

/** The `status` of every server of the API backend, from `show stat` (CSV whose header starts with `# `). */
export function parseStates(csv: string): ServerStates {
  const [header = '', ...rows] = csv.trim().split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const at = (name: string) => columns.indexOf(name)
  const states: ServerStates = {}
  for (const row of rows) {
    const cells = row.split(',')
    const server = cells[at('svname')] ?? ''
    if (cells[at('pxname')] !== BACKEND || server === 'BACKEND' || server === 'FRONTEND') continue
    states[server] = cells[at('status')] ?? ''
  }
  return states
}

/** Starts `haproxy -db` over the template with the given frontend port and API servers. */
export async function startBalancer(options: {
  binary: string
  dir: string
  port: number
  servers: { a: string; b: string }
}): Promise<Balancer> {
  const socket = join(options.dir, 'haproxy.sock')
  const configFile = join(options.dir, 'haproxy.cfg')
  const logFile = join(options.dir, 'haproxy.log')
  writeFileSync(
    configFile,
    renderConfig(readFileSync(HAPROXY_TEMPLATE, 'utf8'), {
      HAAT_LB_BIND: `127.0.0.1:${options.port}`,
      HAAT_API_A: options.servers.a,
      HAAT_API_B: options.servers.b,
      HAAT_LB_STATS_SOCKET: socket,
    }),
  )
  const haproxy = supervise(options.binary, ['-db', '-f', configFile], process.env, logFile)
  const states = async () => parseStates(await ask(socket, 'show stat'))
  try {
    await Promise.race([
      waitUntil('HAProxy answering on its stats socket', async () => Object.keys(await states()).length > 0, {
        timeoutMs: 10_000,
        everyMs: 50,
      }),
      haproxy.exited.then(({ code }) => {
        throw new Error(`haproxy exited (${code}):\n${tailOf(logFile)}`)
      }),
    ])
  } catch (error) {
    await stopProcess(haproxy, 'SIGKILL')
    throw error
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    configFile,
    logFile,
    states,
    async waitFor(server, state, timeoutMs = 20_000) {
      let seen = ''
      await waitUntil(
        `HAProxy seeing server ${server} ${state}`,
        async () => {
          seen = (await states())[server] ?? '(no such server)'
          return seen === state
        },
        { timeoutMs, everyMs: 50 },
      ).catch((error: Error) => {
        throw new Error(`${error.message}; last state ${seen}`)
      })
    },
    tail: (lines) => tailOf(logFile, lines),
    async stop() {
      await stopProcess(haproxy, 'SIGTERM', 5_000)
    },
  }
}
