import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

/** `http-check send` (how the health check is written) came with HAProxy 2.2. */
const OLDEST_HAPROXY = [2, 2] as const

export const HAPROXY_INSTALL = 'apt-get install haproxy'

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The haproxy binary: on PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
export function findHaproxy(): string | null {
  const folders = [
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
    '/usr/sbin',
    '/usr/local/sbin',
  ]
  return folders.map((folder) => join(folder, 'haproxy')).find(executable) ?? null
}

/** What is missing for the cluster tests to run, in one line each (empty when nothing is). */
export function missingForCluster(env: NodeJS.ProcessEnv = process.env): {
  urls: string[]
  haproxy: string | null
} {
  const urls = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !env[name])
  const binary = findHaproxy()
  if (!binary) {
    return { urls, haproxy: `haproxy is not installed (not on PATH nor in /usr/sbin): ${HAPROXY_INSTALL}` }
  }
  const version = spawnSync(binary, ['-v'], { encoding: 'utf8' }).stdout ?? ''
  const [, major = '0', minor = '0'] = /version (\d+)\.(\d+)/.exec(version) ?? []
  const tooOld =
    Number(major) < OLDEST_HAPROXY[0] ||
    (Number(major) === OLDEST_HAPROXY[0] && Number(minor) < OLDEST_HAPROXY[1])
  return {
    urls,
    haproxy: tooOld
      ? `${binary} is HAProxy ${major}.${minor}; the cluster tests need ${OLDEST_HAPROXY.join('.')} or newer: ${HAPROXY_INSTALL}`
      : null,
  }
}
