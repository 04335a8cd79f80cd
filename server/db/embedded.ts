import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'

/** The embedded database's thread, reached by node-postgres through a Unix socket in `socketDir`. */
export type Embedded = {
  /** node-postgres's `host`: the folder of the socket `.s.PGSQL.<port>` */
  socketDir: string
  port: number
  /** a tar of the data folder (tests start from a migrated one) */
  dump: () => Promise<Uint8Array>
  close: () => Promise<void>
}

export type EmbeddedOptions = {
  /** the data folder; none keeps the data in memory */
  dataDir?: string
  /** start from this tar of a data folder (in memory only) */
  dump?: Uint8Array
  /** postgresql.conf lines */
  conf: string
  /** SQL run once at start: PGlite has one session, so a `set` holds for every connection */
  setup?: string
}

const PORT = 5432
const CLOSE_WAIT_MS = 15_000

type Message = { type: 'ready' } | { type: 'closed' } | { type: 'dump'; bytes: Uint8Array }

/**
 * Starts PGlite in a worker thread (`pglite-worker.mjs`), listening on a Unix socket in a folder of its own
 * (mode 0700: only this user reaches it). Resolves once it accepts connections; a data folder another process
 * holds, or any failure to open, rejects.
 */
export async function startEmbedded(options: EmbeddedOptions): Promise<Embedded> {
  const socketDir = mkdtempSync(join(tmpdir(), 'haat-db-'))
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { ...options, socketPath: join(socketDir, `.s.PGSQL.${PORT}`) },
    ...(options.dump ? { transferList: [options.dump.buffer as ArrayBuffer] } : {}),
  })
  const waiters = new Map<Message['type'], (message: Message) => void>()
  const answer = <T extends Message['type']>(type: T) =>
    new Promise<Extract<Message, { type: T }>>((resolve, reject) => {
      const failed = (error: Error) => reject(error)
      const exited = (code: number) => reject(new Error(`the embedded database stopped (exit code ${code})`))
      worker.once('error', failed)
      worker.once('exit', exited)
      waiters.set(type, (message) => {
        worker.off('error', failed)
        worker.off('exit', exited)
        resolve(message as Extract<Message, { type: T }>)
      })
    })
  worker.on('message', (message: Message) => {
    const waiter = waiters.get(message.type)
    waiters.delete(message.type)
    waiter?.(message)
  })
  worker.on('error', (error) => console.error(`embedded database: ${error.message}`))
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true })
  try {
    await answer('ready')
  } catch (error) {
    await worker.terminate()
    removeSocketDir()
    throw error
  }
  let closing: Promise<void> | undefined
  return {
    socketDir,
    port: PORT,
    dump: async () => {
      const dumped = answer('dump')
      worker.postMessage({ type: 'dump' })
      return (await dumped).bytes
    },
    close: () => {
      closing ??= (async () => {
        const closed = answer('closed')
        worker.postMessage({ type: 'close' })
        // the data is flushed by PGlite's close; a thread that does not answer is stopped anyway
        await Promise.race([
          closed.catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref()),
        ])
        await worker.terminate()
        removeSocketDir()
      })()
      return closing
    },
  }
}
