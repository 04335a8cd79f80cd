import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
import { type Cluster, type ClusterOptions, startCluster } from './harness'

/**
 * A cluster for the test file: started before its tests over the run's build, closed after them; a failing
 * test prints the end of every log (both instances and HAProxy).
 */
export function clusterForThisFile(options: ClusterOptions = {}): () => Cluster {
  let cluster: Cluster | undefined
  beforeAll(async () => {
    cluster = await startCluster({ serverDir: inject('clusterServerDir'), ...options })
  })
  afterAll(async () => {
    await cluster?.close()
  })
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      if (cluster) console.error(`logs at the failure:\n${cluster.tails(60)}`)
    })
  })
  return () => {
    if (!cluster) throw new Error('the cluster did not start')
    return cluster
  }
}

/** Different instances answered each request and the one before it (round robin, both instances up). */
export function alternated(instances: (string | null)[]): boolean {
  return instances.every((name, i) => name !== null && (i === 0 || name !== instances[i - 1]))
}

let addressCounter = Math.floor(Math.random() * 1_000_000)
/** A client address (10.x.y.z) no other request of this file has used: per-address limits count each apart. */
export function freshAddress(): string {
  addressCounter += 1
  const n = addressCounter
  return `10.${Math.floor(n / 62_500) % 250}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`
}

let phoneCounter = Math.floor(Math.random() * 90_000_000)
/** A mobile number nobody in this run has used. */
export function freshPhone(prefix = '017'): string {
  phoneCounter += 1
  return `${prefix}${String(phoneCounter).padStart(8, '0')}`
}
