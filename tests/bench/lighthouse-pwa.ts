// The storefront's repeat visit with a warm service worker, measured by Lighthouse (mobile, simulated throttling).
import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export type RepeatVisitFigures = {
  url: string
  /** Largest Contentful Paint of each measured run, ms */
  lcpMs: number[]
  medianLcpMs: number
  medianFcpMs: number
  medianPerformance: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * Loads `url` once to install the service worker and fill its caches and the persisted query cache,
 * then measures `runs` repeat visits without Lighthouse clearing storage between them
 * (`disableStorageReset`), as a returning shopper opens the app.
 */
export async function lighthouseRepeatVisit(url: string, runs = 5): Promise<RepeatVisitFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    const flags = {
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      disableStorageReset: true,
    }
    const config = { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } }
    // warm-up: the first visit installs the worker; the second finds it controlling and warm
    await lighthouse(url, flags, config)
    await lighthouse(url, flags, config)
    const lcpMs: number[] = []
    const fcpMs: number[] = []
    const scores: number[] = []
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, flags, config)
      if (result?.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`)
      const audits = result?.lhr.audits
      lcpMs.push(Math.round(audits?.['largest-contentful-paint']?.numericValue ?? Number.NaN))
      fcpMs.push(Math.round(audits?.['first-contentful-paint']?.numericValue ?? Number.NaN))
      scores.push(Math.round((result?.lhr.categories.performance?.score ?? 0) * 100))
    }
    return {
      url,
      lcpMs,
      medianLcpMs: median(lcpMs),
      medianFcpMs: median(fcpMs),
      medianPerformance: median(scores),
    }
  } finally {
    chrome.kill()
  }
}

/** Starts the real server on the built app (a small catalogue), measures, stops it. For `npm run bench`. */
export async function benchLighthousePwa(options: { port: number; staticDir: string; runs?: number }) {
  const dataDir = resolve(`.tmp/bench-lighthouse-${options.port}`)
  rmSync(dataDir, { recursive: true, force: true })
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: options.staticDir,
      MEDIA_CACHE_DIR: '.tmp/media-cache',
      SEED_PRODUCTS: '200',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: 'ignore',
    detached: true,
  })
  try {
    const origin = `http://127.0.0.1:${options.port}`
    for (let attempt = 0; attempt < 360; attempt++) {
      if (
        await fetch(`${origin}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break
      await new Promise((done) => setTimeout(done, 500))
    }
    const figures = await lighthouseRepeatVisit(`${origin}/`, options.runs ?? 5)
    console.log(
      `\n== Lighthouse repeat visit (warm service worker, mobile throttling): LCP median ${figures.medianLcpMs} ms ` +
        `(runs ${figures.lcpMs.join(', ')}), FCP median ${figures.medianFcpMs} ms, performance ${figures.medianPerformance}`,
    )
    return figures
  } finally {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLighthousePwa({
    port: Number(process.env.LIGHTHOUSE_PORT ?? 4366),
    staticDir: process.env.BENCH_DIST ?? 'dist',
    runs: Number(process.env.LIGHTHOUSE_RUNS ?? 5),
  })
}
