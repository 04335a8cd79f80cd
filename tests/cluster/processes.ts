import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** The last lines of a log file, for a failure's report. */
export function tailOf(file: string, lines = 40): string {
  if (!existsSync(file)) return '(no log)'
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
}

export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  { timeoutMs = 30_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      const value = await check()
      if (value !== undefined && value !== false) return value
    } catch (error) {
      lastError = error
    }
    await sleep(everyMs)
  }
  throw new Error(
    `${what}: not within ${timeoutMs} ms${lastError ? ` (last error: ${String(lastError)})` : ''}`,
  )
}

/**
 * A child process whose output goes to a log file (appended to across restarts), which can wait for a line
 * on its standard output and for its exit.
 */
export type Supervised = {
  child: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** resolves once a line containing `text` was printed; rejects if the process exits first */
  printed(text: string, timeoutMs: number): Promise<void>
}

const running = new Set<ChildProcess>()
// a test run that ends abruptly must not leave servers holding the database or the ports
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

export function supervise(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
): Supervised {
  const log = createWriteStream(logFile, { flags: 'a' })
  log.write(`--- ${new Date().toISOString()} ${command} ${args.join(' ')}\n`)
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let output = ''
  const waiters = new Set<() => void>()
  child.stdout?.on('data', (chunk: Buffer) => {
    log.write(chunk)
    // only the recent output is needed to find a line; the log keeps it all
    output = (output + chunk.toString()).slice(-4096)
    for (const wake of waiters) wake()
  })
  child.stderr?.on('data', (chunk: Buffer) => log.write(chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child)
      log.write(`--- exited ${code ?? signal}\n`)
      log.end()
      for (const wake of waiters) wake()
      resolve({ code, signal })
    })
  })
  const printed = (text: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`"${text}" not printed within ${timeoutMs} ms`))
      }, timeoutMs)
      function check() {
        const gone = child.exitCode !== null || child.signalCode !== null
        if (!output.includes(text) && !gone) return
        clearTimeout(timer)
        waiters.delete(check)
        if (output.includes(text)) resolve()
        else reject(new Error(`exited (${child.exitCode ?? child.signalCode}) before printing "${text}"`))
      }
      waiters.add(check)
      check()
    })
  return { child, exited, printed }
}

/** Sends a signal and waits for the exit; SIGKILL after `graceMs` if it is still there. */
export async function stopProcess(supervised: Supervised, signal: NodeJS.Signals, graceMs = 15_000) {
  const { child } = supervised
  if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  try {
    return await supervised.exited
  } finally {
    clearTimeout(timer)
  }
}
