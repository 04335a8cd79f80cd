import { randomBytes } from 'node:crypto'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { Redis } from 'ioredis'
import pg from 'pg'
import S3rver from 's3rver'

/** The Redis database the cluster's counters go to: far from 0, where a developer's own server keeps its own. */
export const CLUSTER_REDIS_DB = 13
export const MEDIA_BUCKET = 'haat-media'
/** s3rver accepts these and no others */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const

/** A fresh PostgreSQL database next to the one DATABASE_URL names; dropped with (force) whatever holds it. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `haat_cluster_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

/**
 * REDIS_URL's server with the cluster's own database index, emptied: counters of an earlier run (a send
 * limit of the same test number) would otherwise refuse this run's first request.
 */
export async function emptyRedis(redisUrl: string): Promise<string> {
  const url = new URL(redisUrl)
  url.pathname = `/${CLUSTER_REDIS_DB}`
  const redis = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    await redis.flushdb()
  } finally {
    redis.disconnect()
  }
  return url.toString()
}

/** An S3-protocol server in this process, on a free loopback port, with the media bucket made through the SDK. */
export async function startS3(directory: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  // made the way the servers will talk to it: path-style, signed with the configured keys
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  })
  try {
    await client.send(new CreateBucketCommand({ Bucket: MEDIA_BUCKET }))
  } finally {
    client.destroy()
  }
  return { endpoint, close: () => server.close() }
}
