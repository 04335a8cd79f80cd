// The vitest project `cluster` builds the server once; each test file starts its own cluster over that build.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildServer, runFolder } from './harness'
import { missingForCluster } from './prerequisites'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the server built by scripts/build-server.mjs for this run */
    clusterServerDir: string
  }
}

export default function setup(project: TestProject) {
  const missing = missingForCluster()
  if (missing.urls.length > 0 || missing.haproxy) {
    const unset = missing.urls.map((name) => `${name} is unset`)
    throw new Error(`cluster tests: ${[...unset, missing.haproxy].filter(Boolean).join('; ')}`)
  }
  const dir = runFolder('build')
  const serverDir = join(dir, 'server')
  buildServer(serverDir)
  project.provide('clusterServerDir', serverDir)
  return () => rmSync(dir, { recursive: true, force: true })
}
