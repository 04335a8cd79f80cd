import { type App, buildApp } from './app'
import { type Config, loadConfig, localOrigin } from './config'
import type { Database } from './db/client'
import { isServiceUnavailable, oneLineReason } from './db/unavailable'
import { FIRST_OWNER_TTL_MS } from './domain/staff'
import { openPreparedDatabase } from './prepare-database'

/** How long requests in flight may take to finish once the server is asked to stop. */
const SHUTDOWN_GRACE_MS = 10_000
const HOUR_MS = 60 * 60 * 1000

async function start(): Promise<{ app: App; database: Database }> {
  const config = loadConfig()
  const database = await openPreparedDatabase(config, (message) => console.log(message))
  try {
    const app = await buildApp(config, { database })
    // written before the server answers: once it does, the link works
    const firstOwnerToken = await app.firstOwner.issue()
    await app.listen({ host: config.HOST, port: config.PORT })
    const bound = app.server.address()
    const local = localOrigin(config, bound && typeof bound === 'object' ? bound.port : config.PORT)
    console.log(`Haat is ready at ${local}`)
    if (firstOwnerToken) console.log(firstOwnerNotice(config, local, firstOwnerToken))
    return { app, database }
  } catch (error) {
    database.close().catch(() => {})
    throw error
  }
}

/** What an operator reads at a start while the shop has no owner: where to make the first one. */
function firstOwnerNotice(config: Config, local: string, token: string): string {
  const lines = [
    `The shop has no owner yet. Open this one-time link within ${FIRST_OWNER_TTL_MS / HOUR_MS} hours to choose the first`,
    "owner's mobile number, name and password (each start prints a new link until an owner exists):",
    `  ${config.PUBLIC_URL ?? local}/admin/setup?owner=${token}`,
  ]
  if (!config.PUBLIC_URL && config.NODE_ENV === 'production') {
    lines.push("Set PUBLIC_URL to the shop's address: staff invitations are refused without it.")
  }
  return lines.join('\n')
}

let started: { app: App; database: Database }
try {
  started = await start()
} catch (error) {
  // one line that says which service and why; the stack only for a fault that is not a service away
  console.error(`Haat could not start: ${oneLineReason(error)}`)
  if (
    !isServiceUnavailable(error) &&
    !String((error as Error)?.message).startsWith('Invalid configuration')
  ) {
    console.error(error)
  }
  process.exit(1)
}
const { app, database } = started

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  const drainMs = app.config.SHUTDOWN_DRAIN_MS
  app.log.info(`${signal}: ${drainMs > 0 ? `draining for ${drainMs} ms, then closing` : 'closing'}`)
  const timer = setTimeout(() => {
    console.error(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: stopping anyway`)
    process.exit(1)
  }, drainMs + SHUTDOWN_GRACE_MS)
  timer.unref()
  try {
    // a load balancer sees readiness fail and stops sending new requests; those already sent are served
    app.startDraining()
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs))
    // readiness answers 503 from here on; no new connections; requests in flight finish; then the
    // database and Redis close
    await app.close()
    await database.close()
    process.exit(0)
  } catch (error) {
    console.error(error)
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
