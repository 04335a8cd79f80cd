import type { Readable } from 'node:stream'

/** One stored file as it is read back: its bytes as a stream, with what an HTTP answer needs. */
export type StoredMedia = {
  body: Readable
  bytes: number
  contentType: string
  /** a strong validator of these bytes, quoted (`"…"`) */
  etag: string
}

/**
 * Where product images, their size variants and shoppers' photos are kept: a folder on this machine
 * (the embedded default) or a bucket in S3-compatible object storage shared by every instance.
 * Keys are the path under `/media/` (`products/…webp`, `xs/products/…webp`, `uploads/<uuid>.webp`): chosen
 * by the code (content-addressed or random), never by a user. A write is atomic: a reader sees the old
 * state or the whole new file, never a part of it.
 */
export interface MediaStore {
  readonly kind: 'folder' | 's3'
  put(key: string, data: Buffer, contentType: string): Promise<void>
  /** the file under `key`, or null when there is none */
  get(key: string): Promise<StoredMedia | null>
  /** every key under `prefix` (all keys when it is empty) */
  keys(prefix?: string): Promise<Set<string>>
  /** lets go of connections (S3) */
  close(): Promise<void>
}

/** Every media file has this lifetime in caches: its name changes when its bytes do. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** What a key may look like: lower-case path segments, no dot segments, a file name with an image extension. */
const KEY = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9._-]*\.(?:webp|jpe?g|png|avif)$/

export function isMediaKey(key: string): boolean {
  return key.length <= 300 && KEY.test(key) && !key.includes('..')
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`)
}

export const contentTypeOf = (key: string) =>
  key.endsWith('.webp')
    ? 'image/webp'
    : key.endsWith('.png')
      ? 'image/png'
      : key.endsWith('.avif')
        ? 'image/avif'
        : 'image/jpeg'
