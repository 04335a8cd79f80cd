import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { prepareDatabase } from './db/setup'

const config = loadConfig()
const database = await openDatabase(config)
await prepareDatabase(database, config, (message) => console.log(message))
const app = await buildApp(config, { database })

await app.listen({ host: config.HOST, port: config.PORT })
const bound = app.server.address()
const port = bound && typeof bound === 'object' ? bound.port : config.PORT
const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
console.log(`Haat is ready at http://${host}:${port}`)

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info(`${signal}: closing`)
  const timer = setTimeout(() => process.exit(1), 10_000)
  timer.unref()
  try {
    // requests in flight finish first; the database closes after the server
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
