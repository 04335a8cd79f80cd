// `npm run bench -- --only=import-load [--products N]`: what a catalogue import does to the shop while it runs,
// against the built server as `npm start` runs it (PGlite): the storefront's listing p95 idle and during the
// import (never-repeated listings, one at a time), the import's time from upload to its end, the server's
// memory (RSS) before and at its highest, the status poll and the error report. Files: the attack files of the
// issue (1,500,000 and 500,000 rows of one cell, two errors each), the largest file the import takes (100,000
// rows with errors; 100,000 good rows) and a ZIP of 400,000 empty entries. Each file gets a server of its own.
// BENCH_SERVER=<folder>/main.mjs measures another build (an earlier commit's); BENCH_IMPORT_LIMIT_S (180)
// bounds how long one import is watched.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { crc32 } from 'node:zlib'
import { IMPORT_COLUMNS } from '../../src/contract/admin-import'
import { STAFF_COOKIE } from '../../src/contract/staff'
import { type BenchTools, prepare } from './admin'
import { percentile, type Row, table } from './stats'
import { liveCatalogue, uncachedListings } from './uncached'

const LIMIT_MS = Number(process.env.BENCH_IMPORT_LIMIT_S ?? 180) * 1000
const IDLE_REQUESTS = 200
const apiKey = process.env.API_KEY ?? 'haat-demo-key'

type Upload = { name: string; csv: Buffer; zip?: Buffer }

/** `rows` rows of one cell each (a slug and nothing else: two errors a row), the issue's attack file. */
function oneCellRows(rows: number): Buffer {
  return Buffer.from(`${IMPORT_COLUMNS.join(',')}\n${'x\n'.repeat(rows)}`)
}

/** `rows` good rows, four sizes of each product, in a category and brand the catalogue has. */
function goodRows(rows: number, category: string, brand: string): Buffer {
  const lines = [IMPORT_COLUMNS.join(',')]
  for (let index = 0; index < rows; index += 1) {
    const product = Math.floor(index / 4)
    const size = ['S', 'M', 'L', 'XL'][index % 4] as string
    const cells: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {
      product_slug: `load-shirt-${product}`,
      name: `Load shirt ${product}`,
      category,
      brand,
      option1_name: 'Size',
      option1_value: size,
      sku: `LOAD-${product}-${size}`,
      price: String(1000 + (product % 50) * 10),
      stock: String(product % 30),
    }
    lines.push(IMPORT_COLUMNS.map((column) => cells[column] ?? '').join(','))
  }
  return Buffer.from(`${lines.join('\n')}\n`)
}

/** A ZIP of `count` empty stored entries: 40 MB of directory for 400,000. */
function emptyEntriesZip(count: number): Buffer {
  const parts: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  const empty = crc32(Buffer.alloc(0))
  for (let index = 0; index < count; index += 1) {
    const name = Buffer.from(`e${index}`)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(empty, 14)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(empty, 16)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    parts.push(local, name)
    directory.push(central, name)
    offset += 30 + name.length
  }
  const central = Buffer.concat(directory)
  // ZIP64 would be needed past 65,535 entries; the count field's 0xffff and a ZIP64 end record say so
  const zip64End = Buffer.alloc(56)
  zip64End.writeUInt32LE(0x06064b50, 0)
  zip64End.writeBigUInt64LE(44n, 4)
  zip64End.writeUInt16LE(45, 12)
  zip64End.writeUInt16LE(45, 14)
  zip64End.writeBigUInt64LE(BigInt(count), 24)
  zip64End.writeBigUInt64LE(BigInt(count), 32)
  zip64End.writeBigUInt64LE(BigInt(central.length), 40)
  zip64End.writeBigUInt64LE(BigInt(offset), 48)
  const locator = Buffer.alloc(20)
  locator.writeUInt32LE(0x07064b50, 0)
  locator.writeBigUInt64LE(BigInt(offset + central.length), 8)
  locator.writeUInt32LE(1, 16)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(0xffff, 8)
  end.writeUInt16LE(0xffff, 10)
  end.writeUInt32LE(0xffffffff, 12)
  end.writeUInt32LE(0xffffffff, 16)
  return Buffer.concat([...parts, central, zip64End, locator, end])
}

function multipart({ csv, zip }: Upload) {
  const boundary = `----haatload${Date.now()}`
  const part = (field: string, file: string, type: string, data: Buffer) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
  ]
  return {
    body: Buffer.concat([
      ...part('file', 'load.csv', 'text/csv', csv),
      ...(zip ? part('images', 'load.zip', 'application/zip', zip) : []),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  }
}

/** The server's longest event-loop stall since it was last asked, in ms (tests/bench/loop-delay.mjs). */
async function loopMax(child: ChildProcess, workDir: string): Promise<number> {
  const file = resolve(workDir, 'loop-delay.json')
  const read = () => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as { asked: number; max: number }
    } catch {
      return { asked: 0, max: Number.NaN }
    }
  }
  const before = read().asked
  child.kill('SIGUSR2')
  for (let tries = 0; tries < 100 && read().asked === before; tries++) await sleep(20)
  return read().max
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** Listings asked one after another until `done()`; each one's time in ms (a failure counts as its time). */
async function listingsUntil(url: string, paths: string[], done: () => boolean, from = 0) {
  const times: number[] = []
  let failed = 0
  for (let index = from; !done(); index += 1) {
    const path = paths[index % paths.length] as string
    const started = performance.now()
    try {
      const response = await fetch(`${url}${path}`, {
        headers: { 'x-api-key': apiKey },
        signal: AbortSignal.timeout(60_000),
      })
      await response.arrayBuffer()
      if (!response.ok) failed += 1
    } catch {
      failed += 1
    }
    times.push(performance.now() - started)
  }
  return { times: times.sort((a, b) => a - b), failed }
}

type Figures = Row

/** SIGTERM, then SIGKILL after 10 s: a server still busy with an import may not stop in time. */
async function stopOrKill(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

async function measureUpload(tools: BenchTools, env: Record<string, string>, token: string, upload: Upload) {
  const { child } = await tools.startServer(env)
  const url = `http://127.0.0.1:${tools.port}`
  const pid = child.pid as number
  try {
    const me = await fetch(`${url}/api/v1/admin/auth/me`, {
      headers: { 'x-api-key': apiKey, cookie: `${STAFF_COOKIE}=${token}` },
    })
    const csrfToken = ((await me.json()) as { data: { csrfToken: string } }).data.csrfToken
    const admin = {
      'x-api-key': apiKey,
      cookie: `${STAFF_COOKIE}=${token}`,
      origin: url,
      'x-csrf-token': csrfToken,
    }
    const live = await liveCatalogue(url, { 'x-api-key': apiKey })
    const paths = uncachedListings(live, 20_000, 31).map((path) => path.replace('/api/v1/', '/api/v2/'))
    // idle: as many listings as during an import, the same way, before it starts
    let idleAsked = 0
    const idle = await listingsUntil(url, paths, () => idleAsked++ >= IDLE_REQUESTS)
    const idleTimes = idle.times
    await loopMax(child, tools.workDir)
    const rssBefore = rssMb(pid)
    let peak = rssBefore
    let finished = false
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid))
    }, 200)
    const started = performance.now()
    const during = listingsUntil(url, paths, () => finished, IDLE_REQUESTS)
    let outcome = ''
    let errorCount: number | string = ''
    let pollMs: number[] = []
    let reportMs: number | string = ''
    let reportKb: number | string = ''
    try {
      const { body, type } = multipart(upload)
      const sent = await fetch(`${url}/api/v1/admin/imports?dryRun=true`, {
        method: 'POST',
        headers: { ...admin, 'content-type': type },
        body,
        signal: AbortSignal.timeout(LIMIT_MS),
      })
      const answer = (await sent.json()) as { data?: { id: string }; error?: Record<string, string[]> }
      if (sent.status !== 202 || !answer.data) {
        outcome = `${sent.status}: ${Object.values(answer.error ?? {}).flat()[0] ?? ''}`
      } else {
        const id = answer.data.id
        // the back office's page asks the state every second
        for (;;) {
          const asked = performance.now()
          const state = await fetch(`${url}/api/v1/admin/imports/${id}`, {
            headers: admin,
            signal: AbortSignal.timeout(LIMIT_MS),
          }).then((response) => response.json() as Promise<{ data: { status: string; errorCount: number } }>)
          pollMs.push(performance.now() - asked)
          if (state.data.status !== 'running') {
            outcome = state.data.status
            errorCount = state.data.errorCount
            break
          }
          if (performance.now() - started > LIMIT_MS) {
            outcome = `still running after ${LIMIT_MS / 1000} s`
            break
          }
          await sleep(1000)
        }
        if (outcome === 'done' || outcome === 'failed') {
          const asked = performance.now()
          const report = await fetch(`${url}/api/v1/admin/imports/${id}/errors.csv`, {
            headers: admin,
            signal: AbortSignal.timeout(LIMIT_MS),
          })
          reportKb = Math.round((await report.arrayBuffer()).byteLength / 1024)
          reportMs = Math.round(performance.now() - asked)
        }
      }
    } catch (error) {
      outcome = `no answer after ${((performance.now() - started) / 1000).toFixed(0)} s (${(error as Error).name})`
    }
    const seconds = (performance.now() - started) / 1000
    finished = true
    const { times, failed } = await during
    clearInterval(sampler)
    const stalled = await loopMax(child, tools.workDir)
    pollMs = pollMs.sort((a, b) => a - b)
    const figures: Figures = {
      file: upload.name,
      outcome,
      errors: errorCount,
      's to end': seconds.toFixed(1),
      'idle p95': percentile(idleTimes, 95).toFixed(1),
      'during p95': times.length ? percentile(times, 95).toFixed(1) : '',
      'during max': times.length ? (times[times.length - 1] as number).toFixed(0) : '',
      listings: times.length,
      'failed/slow': failed,
      'loop max ms': stalled,
      'poll max ms': pollMs.length ? (pollMs[pollMs.length - 1] as number).toFixed(0) : '',
      'report ms': reportMs,
      'report KB': reportKb,
      'rss MB before': Math.round(rssBefore),
      'rss MB peak': Math.round(peak),
      'rss MB growth': Math.round(peak - rssBefore),
    }
    console.log(`   ${JSON.stringify(figures)}`)
    return figures
  } finally {
    await stopOrKill(child)
  }
}

export async function benchImportLoad(tools: BenchTools) {
  const dataDir = resolve(tools.workDir, 'import-load')
  rmSync(dataDir, { recursive: true, force: true })
  const env = {
    HOST: '127.0.0.1',
    PORT: String(tools.port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_PRODUCTS: String(tools.products),
    MEDIA_CACHE_DIR: resolve(tools.workDir, 'media-cache'),
    STATIC_DIR: resolve(tools.workDir, 'no-site'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SECRETS_KEY: randomBytes(32).toString('hex'),
  }
  console.log(`\n== import under load: seeding ${tools.products} products`)
  await tools.seed(env)
  const { token } = await prepare('', dataDir)
  const { child } = await tools.startServer(env)
  const live = await liveCatalogue(`http://127.0.0.1:${tools.port}`, { 'x-api-key': apiKey })
  await tools.stopServer(child)
  const only = process.env.BENCH_IMPORT_FILES?.split(',')
  const uploads: (() => Upload)[] = [
    () => ({ name: '1,500,000 rows, 2 errors each', csv: oneCellRows(1_500_000) }),
    () => ({ name: '500,000 rows, 2 errors each', csv: oneCellRows(500_000) }),
    () => ({ name: '100,000 rows, 2 errors each', csv: oneCellRows(100_000) }),
    () => ({
      name: '100,000 good rows',
      csv: goodRows(100_000, live.categories[0] ?? '', live.brands[0] ?? ''),
    }),
    () => ({
      name: 'ZIP of 400,000 empty entries',
      csv: goodRows(4, live.categories[0] ?? '', live.brands[0] ?? ''),
      zip: emptyEntriesZip(400_000),
    }),
  ]
  const rows: Row[] = []
  for (const [index, upload] of uploads.entries()) {
    if (only && !only.includes(String(index + 1))) continue
    const file = upload()
    console.log(
      `\n== ${file.name}: ${(file.csv.length / 1e6).toFixed(1)} MB CSV${file.zip ? `, ${(file.zip.length / 1e6).toFixed(1)} MB ZIP` : ''}`,
    )
    rows.push(await measureUpload(tools, env, token, file))
  }
  console.log(
    `\nA dry run of each file on a catalogue of ${tools.products} products (PGlite), the storefront's never-repeated listings asked one at a time meanwhile (ms)\n`,
  )
  console.log(table(rows))
}
