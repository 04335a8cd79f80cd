import { parseArgs } from 'node:util'
import { startFakeBkash } from './bkash'

/**
 * `npx tsx tests/fakes/bkash-main.ts --port N`: the fake bKash as Playwright's web server, ready when
 * `GET /healthz` answers; its merchant credentials are FAKE_BKASH_CREDENTIALS.
 */
const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } })
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`fake bKash: --port must be a port number, not ${values.port}`)
  process.exit(2)
}

const fake = await startFakeBkash({ port })
console.log(`fake bKash on ${fake.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    fake.close().finally(() => process.exit(0))
  })
}
