import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'

export type WebServerOptions = {
  port: number
  staticDir: string
  /** Node's arguments for the server: the built one (dist-server/main.mjs) with `npm start`'s flags */
  serverArgs: string[]
  /** more of the server's environment (a smaller catalogue, the dev SMS outbox) */
  env?: Record<string, string>
}

export const delay = (ms: number) => new Promise((done) => setTimeout(done, ms))

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * Runs `work` against the real built server on the built app (a small catalogue on a fresh embedded
 * database), then stops the server's whole process group. For the web figures of `npm run bench`.
 */
export async function withWebServer<T>(options: WebServerOptions, work: (origin: string) => Promise<T>) {
  const origin = `http://127.0.0.1:${options.port}`
  const healthy = () =>
    fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  // another server there would be measured in place of this build
  if (await healthy()) throw new Error(`port ${options.port} is already in use`)
  const dataDir = resolve(`.tmp/bench-web-${options.port}`)
  rmSync(dataDir, { recursive: true, force: true })
  const child: ChildProcess = spawn(process.execPath, options.serverArgs, {
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
      ...options.env,
    },
    stdio: 'ignore',
    detached: true,
  })
  try {
    for (let attempt = 0; attempt < 360; attempt++) {
      if (await healthy()) break
      await delay(500)
    }
    return await work(origin)
  } finally {
    await stopGroup(child)
  }
}

/** Stops the server's whole process group, forcibly when it does not go on its own. */
async function stopGroup(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  process.kill(-child.pid, 'SIGTERM')
  const stopped = await Promise.race([exited.then(() => true), delay(5000).then(() => false)])
  if (!stopped) process.kill(-child.pid, 'SIGKILL')
}
