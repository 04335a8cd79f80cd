// The embedded database (PGlite) in its own thread, behind a PostgreSQL wire-protocol socket: the server's
// thread only sends and reads bytes, so a long catalogue query never stalls its event loop, and the same
// node-postgres code path serves PGlite and PostgreSQL. Plain JavaScript: a worker thread loads it without
// a TypeScript loader, in tests as in the built server (`scripts/build-server.mjs` copies it).
import { createServer } from 'node:net'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/**
 * @typedef {{ dataDir?: string, dump?: Uint8Array, conf: string, setup?: string, socketPath: string }} Options
 * @type {Options}
 */
const options = workerData
const SSL_REQUEST = 80877103
const CANCEL_REQUEST = 80877102
const PROTOCOL_3 = 196608
/** a client's Terminate message: the session is PGlite's only one, so it is not passed on */
const TERMINATE = 0x58

const db = await PGlite.create({
  dataDir: options.dataDir,
  extensions: { pg_trgm },
  postgresqlconf: options.conf,
  ...(options.dump ? { loadDataDir: new Blob([options.dump]) } : {}),
})
if (options.setup) await db.exec(options.setup)

/**
 * PGlite has one session: the connections take turns, each holding it from its first message until it
 * closes (the server's pool keeps one connection, so in practice there is one). A connection that leaves in
 * the middle of a transaction has it rolled back before the next one starts.
 */
let turn = Promise.resolve()

/** @param {import('node:net').Socket} socket */
function serve(socket) {
  socket.setNoDelay(true)
  /** @type {() => void} */
  let release = () => {}
  const ended = new Promise((resolve) => {
    release = () => resolve(undefined)
  })
  // this connection's messages run once the one before it has closed
  let chain = turn
  turn = turn.then(() => ended)
  let pending = Buffer.alloc(0)
  let started = false
  let closed = false

  /** The next whole message of the stream: before the startup message, messages have no type byte. */
  const next = () => {
    if (!started) {
      if (pending.length < 8) return null
      const length = pending.readInt32BE(0)
      if (pending.length < length) return null
      if (pending.readInt32BE(4) === PROTOCOL_3) started = true
      return { bytes: pending.subarray(0, length), untyped: true }
    }
    if (pending.length < 5) return null
    const length = 1 + pending.readInt32BE(1)
    return pending.length < length ? null : { bytes: pending.subarray(0, length), untyped: false }
  }

  socket.on('data', (data) => {
    pending = pending.length ? Buffer.concat([pending, data]) : data
    const messages = []
    for (let message = next(); message; message = next()) {
      messages.push(message)
      pending = pending.subarray(message.bytes.length)
    }
    if (messages.length) chain = chain.then(() => run(socket, messages)).catch(() => socket.destroy())
  })
  socket.on('error', () => socket.destroy())
  socket.on('close', () => {
    if (closed) return
    closed = true
    chain
      .then(async () => {
        if (db.isInTransaction()) await db.exec('rollback')
      })
      .catch(() => {})
      .finally(release)
  })
}

/**
 * Passes a connection's messages to PGlite one by one and streams its answers back.
 * @param {import('node:net').Socket} socket
 * @param {{ bytes: Buffer, untyped: boolean }[]} messages
 */
async function run(socket, messages) {
  for (const { bytes, untyped } of messages) {
    if (socket.destroyed) return
    const code = untyped ? bytes.readInt32BE(4) : 0
    if (untyped && code === SSL_REQUEST) {
      // no TLS on a socket only this process can reach
      socket.write('N')
      continue
    }
    if ((untyped && code === CANCEL_REQUEST) || (!untyped && bytes[0] === TERMINATE)) {
      socket.end()
      return
    }
    await db.execProtocolRawStream(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), {
      onRawData: (data) => {
        if (data.length && !socket.destroyed) socket.write(Buffer.from(data))
      },
    })
  }
}

const server = createServer(serve)
server.listen(options.socketPath, () => parentPort?.postMessage({ type: 'ready' }))

parentPort?.on('message', async (/** @type {{ type: string }} */ message) => {
  if (message.type === 'dump') {
    const dump = await db.dumpDataDir('none')
    const bytes = new Uint8Array(await dump.arrayBuffer())
    parentPort?.postMessage({ type: 'dump', bytes }, [bytes.buffer])
  } else if (message.type === 'close') {
    server.close()
    await turn
    await db.close()
    parentPort?.postMessage({ type: 'closed' })
  }
})
