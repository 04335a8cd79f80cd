import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type ServerProcess = {
  child: ChildProcess
  origin: string
  /** everything it printed so far */
  output(): string
  exited: Promise<number | null>
  /** kills it if it still runs and removes its data folder (one it made) */
  dispose(): void
}

/**
 * The server as `npm start` runs it (its entry point, with only the settings given and a data folder of
 * its own unless DATA_DIR names one, which it then leaves in place), started and ready.
 */
export async function startServerProcess(settings: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const ownData = !settings.DATA_DIR
  const dataDir = settings.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'haat-process-'))
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-site'),
    SEED_PRODUCTS: '0',
    ...settings,
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'pipe' })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const started = Date.now()
  let origin = ''
  while (!origin) {
    const ready = /Haat is ready at (http:\/\/\S+)/.exec(output)
    if (ready?.[1]) origin = ready[1]
    else if (child.exitCode !== null || Date.now() - started > 90_000) {
      child.kill('SIGKILL')
      throw new Error(`the server did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    child,
    origin,
    output: () => output,
    exited,
    dispose() {
      child.kill('SIGKILL')
      if (ownData) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
