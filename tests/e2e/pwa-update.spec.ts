import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { waitForServiceWorker } from './offline-fixtures'

/**
 * A release while shoppers have the app open: build A is served and controls two tabs, the server
 * switches to build B (a deploy replaces the static folder: A's files are gone), one tab accepts the
 * update, the other declines and keeps using A's lazily loaded routes.
 */
const buildA = resolve(process.env.E2E_STATIC_DIR ?? 'dist')
/**
 * Build B goes under the ignored .tmp/ (never beside dist/, where lint and git would see it), one per
 * Playwright project so the projects' workers never build into the same folder at once.
 */
const buildBFor = (project: string) =>
  resolve(process.env.E2E_STATIC_DIR_B ?? `.tmp/${basename(buildA)}-b-${project}`)
const serverPort = Number(process.env.E2E_PORT ?? 4300)

function ensureBuildB(buildB: string) {
  if (existsSync(resolve(buildB, 'sw.js'))) return
  execFileSync('npx', ['vite', 'build', '--outDir', buildB, '--emptyOutDir'], {
    env: { ...process.env, HAAT_BUILD_ID: `next-${Date.now()}` },
    stdio: 'ignore',
  })
}

/** Replaces the served folder's content the way a deploy does. */
function deploy(from: string, to: string) {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(to)) rmSync(resolve(to, entry), { recursive: true, force: true })
  cpSync(from, to, { recursive: true })
}

async function startServer(port: number, staticDir: string): Promise<ChildProcess> {
  const dataDir = resolve(`.tmp/e2e-update-${port}`)
  rmSync(dataDir, { recursive: true, force: true })
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      MEDIA_CACHE_DIR: '.tmp/media-cache',
      SEED_PRODUCTS: '60',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', openSync(`${dataDir}.log`, 'w'), openSync(`${dataDir}.log`, 'a')],
    detached: true,
  })
  for (let attempt = 0; attempt < 360; attempt++) {
    // an early exit (the port taken by a stray server) must not pass for a healthy start
    if (child.exitCode !== null) break
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return child
    await new Promise((done) => setTimeout(done, 500))
  }
  throw new Error(`the server for the update test did not start: see ${dataDir}.log`)
}

/** The build id the controlling worker serves. */
async function workerBuild(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((answer) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = (event: MessageEvent<{ buildId?: string }>) =>
          answer(event.data.buildId ?? '')
        navigator.serviceWorker.controller?.postMessage({ type: 'GET_VERSION' }, [channel.port2])
      }),
  )
}

test.describe('releasing a new version', () => {
  let server: ChildProcess | undefined
  let live = ''
  let origin = ''
  let buildB = ''

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook needs from this pattern
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(240_000)
    buildB = buildBFor(testInfo.project.name)
    ensureBuildB(buildB)
    const port = serverPort + 4 + testInfo.parallelIndex
    live = resolve(`.tmp/pwa-live-${port}`)
    deploy(buildA, live)
    server = await startServer(port, live)
    origin = `http://127.0.0.1:${port}`
  })

  test.afterAll(() => {
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
    if (live) rmSync(live, { recursive: true, force: true })
  })

  test('the update toast reloads into B; a tab that declined keeps lazy-loading A', async ({ context }) => {
    test.setTimeout(120_000)
    const accepting = await context.newPage()
    const declining = await context.newPage()
    const errors: string[] = []
    declining.on('pageerror', (error) => errors.push(error.message))
    declining.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/') && !response.ok())
        errors.push(response.url())
    })

    await accepting.goto(`${origin}/`)
    await waitForServiceWorker(accepting)
    const versionA = await workerBuild(accepting)
    await declining.goto(`${origin}/`)
    await waitForServiceWorker(declining)
    await expect(declining.locator('main a[href^="/product/"]').first()).toBeVisible()

    deploy(buildB, live)
    // a tab checks for a new worker on focus, on reconnect and every half hour; ask now
    await accepting.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())

    const toast = (page: Page) => page.getByText('A new version is ready.')
    await expect(toast(accepting)).toBeVisible({ timeout: 30_000 })
    await expect(toast(declining)).toBeVisible()
    await declining.getByRole('button', { name: 'Later' }).click()
    await expect(toast(declining)).toHaveCount(0)

    const reloaded = accepting.waitForEvent('load')
    await accepting.getByRole('button', { name: 'Update' }).click()
    await reloaded
    await expect.poll(() => workerBuild(accepting)).not.toBe(versionA)
    await expect(accepting.locator('main a[href^="/product/"]').first()).toBeVisible()

    // the declined tab runs A's code; B's worker now controls it and A's own files (those B changed,
    // the app's code with its build id among them) are gone from the server
    const startupA = await declining.evaluate(() =>
      [
        ...document.querySelectorAll('script[src*="/assets/"], link[rel="modulepreload"][href*="/assets/"]'),
      ].map((element) =>
        element instanceof HTMLScriptElement ? element.src : (element as HTMLLinkElement).href,
      ),
    )
    const liveFiles = readdirSync(resolve(live, 'assets'))
    const goneA = startupA
      .map((url) => url.split('/').pop() ?? '')
      .filter((file) => !liveFiles.includes(file))
    expect(goneA.length).toBeGreaterThan(0)
    // client-side navigations to routes this tab has not loaded yet: each needs one of A's chunks
    await declining.evaluate(() => {
      ;(window as Window & { stillBuildA?: boolean }).stillBuildA = true
    })
    const steps = [
      { link: 'main a[href="/category/men"]', url: /\/category\/men$/ },
      { link: 'main a[href^="/product/"]', url: /\/product\// },
      { link: 'footer a[href="/about-us"]', url: /\/about-us$/ },
    ]
    for (const step of steps) {
      await declining.locator(step.link).first().click()
      await expect(declining).toHaveURL(step.url)
      await expect(declining.locator('main h1').first()).toBeVisible()
    }
    // no reload happened: the tab is still the page of build A
    expect(await declining.evaluate(() => (window as Window & { stillBuildA?: boolean }).stillBuildA)).toBe(
      true,
    )
    expect(errors).toEqual([])
  })
})
