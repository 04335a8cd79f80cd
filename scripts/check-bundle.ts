/**
 * `npm test`, after the build: the shopper's first visit stays within its budget, and the back office
 * never reaches a shopper — neither the first visit's scripts nor the service worker's precache name or
 * import its chunks (`assets/admin-*`). Exits non-zero with the reasons.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { homeJsGzip } from '../tests/bench/js-size'

/** gzip bytes of the JS the home page loads on a first visit */
export const FIRST_VISIT_JS_BUDGET = 140 * 1024

const dist = process.argv[2] ?? 'dist'
const problems: string[] = []

const home = homeJsGzip(dist)
if (!home) {
  problems.push(`${dist}/index.html is missing: build first`)
} else {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`
  console.log(`first-visit JS: ${kib(home.total)} gzip of ${kib(FIRST_VISIT_JS_BUDGET)}`)
  if (home.total > FIRST_VISIT_JS_BUDGET) {
    const files = home.files.map((file) => `${file.path} ${kib(file.gzip)}`).join(', ')
    problems.push(
      `the first visit's JS is ${kib(home.total)} gzip, over ${kib(FIRST_VISIT_JS_BUDGET)} (${files})`,
    )
  }
  for (const file of home.files) {
    if (/\/admin-/.test(file.path)) problems.push(`the first visit loads the back office's ${file.path}`)
  }
}

const worker = join(dist, 'sw.js')
if (existsSync(worker)) {
  const precached = [...readFileSync(worker, 'utf8').matchAll(/"url":"([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  )
  if (precached.length === 0)
    problems.push('the service worker precaches nothing: the manifest was not found')
  for (const url of precached) {
    if (/(^|\/)admin-/.test(url)) problems.push(`the precache holds the back office's ${url}`)
    if (!url.endsWith('.js')) continue
    const code = readFileSync(join(dist, url), 'utf8')
    // a static import ties the file to the back office: loading it would load the back office's chunk
    if (/(?:from|import)\s*["']\.\/admin-/.test(code))
      problems.push(`the precached ${url} imports the back office`)
  }
} else {
  problems.push(`${worker} is missing`)
}

if (problems.length > 0) {
  console.error(`Bundle check failed:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log('bundle check: the back office stays out of the first visit and the precache')
