import type { Readable } from 'node:stream'
import {
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { assertMediaKey, MEDIA_CACHE_CONTROL, type MediaStore } from './store'

export type S3Settings = {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** `bucket.host/key` (AWS) or `host/bucket/key` (MinIO, s3rver, some others) */
  forcePathStyle: boolean
}

const notFound = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)

/**
 * Media in a bucket of S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces,
 * Backblaze B2), shared by every instance. An object appears whole once its upload is complete (the
 * protocol's own promise), with the year-long cache header, so a CDN or the bucket can answer it directly.
 */
export function s3Store(settings: S3Settings): MediaStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // a store that does not answer fails the request rather than hold it
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    maxAttempts: 3,
  })
  const Bucket = settings.bucket
  return {
    kind: 's3',
    async put(key, data, contentType) {
      assertMediaKey(key)
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      )
    },
    async get(key) {
      assertMediaKey(key)
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return {
          body: answer.Body as Readable,
          bytes: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
          etag: answer.ETag ?? `"${key}"`,
        }
      } catch (error) {
        if (notFound(error)) return null
        throw error
      }
    },
    async keys(prefix = '') {
      const found = new Set<string>()
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        )
        for (const item of page.Contents ?? []) if (item.Key) found.add(item.Key)
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return found
    },
    async close() {
      client.destroy()
    },
  }
}
