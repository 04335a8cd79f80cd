// `npm run test:cluster`: two API instances behind a real HAProxy (tests/cluster/*.test.ts), once the services
// they need are there. `-- --if-configured` (what `npm test` passes) skips the run quietly when DATABASE_URL or
// REDIS_URL is unset; a missing HAProxy always fails, since the URLs say the cluster was meant to run.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { missingForCluster } from './prerequisites'

const args = process.argv.slice(2)
const ifConfigured = args.includes('--if-configured')
const missing = missingForCluster()

if (missing.urls.length > 0) {
  const unset = missing.urls.join(' and ')
  if (ifConfigured) {
    console.log(`Cluster tests not run: they need DATABASE_URL and REDIS_URL (${unset} unset).`)
    process.exit(0)
  }
  console.error(
    `Cluster tests need DATABASE_URL and REDIS_URL; ${unset} unset, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379`,
  )
  process.exit(1)
}
if (missing.haproxy) {
  console.error(`Cluster tests not run: ${missing.haproxy}`)
  process.exit(1)
}

const vitest = fileURLToPath(new URL('../../node_modules/.bin/vitest', import.meta.url))
const child = spawn(vitest, ['run', '--project', 'cluster', ...args.filter((a) => a !== '--if-configured')], {
  stdio: 'inherit',
})
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
