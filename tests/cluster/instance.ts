import { type Supervised, stopProcess, supervise, tailOf, waitUntil } from './processes'

export type InstanceName = 'a' | 'b'
export type Exit = { code: number | null; signal: NodeJS.Signals | null }

/** One API server process of the cluster, which a test may stop, kill and start again. */
export type Instance = {
  name: InstanceName
  port: number
  /** the instance itself, bypassing the balancer */
  url: string
  logFile: string
  readonly running: boolean
  /** starts the server and resolves once it printed `ready at` and /readyz answers 200 */
  start(): Promise<void>
  /** sends `signal` (SIGTERM: a graceful stop) and resolves with the exit */
  stop(signal?: NodeJS.Signals): Promise<Exit>
  /** SIGKILL: the process is gone at once, requests in flight included */
  kill(): Promise<Exit>
  tail(lines?: number): string
}

/** How long a start may take: the first instance migrates and seeds an empty database (images included). */
const START_TIMEOUT_MS = 240_000

export function createInstance(options: {
  name: InstanceName
  port: number
  entry: string
  env: NodeJS.ProcessEnv
  logFile: string
}): Instance {
  const url = `http://127.0.0.1:${options.port}`
  let current: Supervised | null = null
  let lastExit: Exit = { code: null, signal: null }

  const isRunning = () =>
    current !== null && current.child.exitCode === null && current.child.signalCode === null

  async function start() {
    if (isRunning()) throw new Error(`instance ${options.name} is already running`)
    const launched = supervise(process.execPath, [options.entry], options.env, options.logFile)
    current = launched
    void launched.exited.then((exit) => {
      lastExit = exit
    })
    try {
      await launched.printed('ready at', START_TIMEOUT_MS)
      await waitUntil(
        `instance ${options.name} answering /readyz with 200`,
        async () => (await fetch(`${url}/readyz`)).status === 200,
        { timeoutMs: 10_000, everyMs: 50 },
      )
    } catch (error) {
      await stopProcess(launched, 'SIGKILL')
      throw new Error(
        `instance ${options.name} did not start: ${(error as Error).message}\n${tailOf(options.logFile)}`,
      )
    }
  }

  async function stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> {
    if (!current || !isRunning()) return lastExit
    lastExit = await stopProcess(current, signal)
    return lastExit
  }

  return {
    name: options.name,
    port: options.port,
    url,
    logFile: options.logFile,
    get running() {
      return isRunning()
    },
    start,
    stop,
    kill: () => stop('SIGKILL'),
    tail: (lines) => tailOf(options.logFile, lines),
  }
}
