import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plannedImages } from '../../server/db/seed/image-plan'
import { ensureImages } from '../../server/media/demo-images'
import { folderStore } from '../../server/media/folder-store'
import { s3Store } from '../../server/media/s3-store'
import type { MediaStore } from '../../server/media/store'
import { createTestApp, type TestApp } from './helpers'

/** A real S3-protocol server on loopback, with one bucket. */
async function startS3(bucket: string) {
  const directory = mkdtempSync(join(tmpdir(), 'haat-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory })
  const { port } = await server.run()
  const settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  await client.send(new (await import('@aws-sdk/client-s3')).CreateBucketCommand({ Bucket: bucket }))
  return {
    settings,
    client,
    async close() {
      client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

let s3: Awaited<ReturnType<typeof startS3>>
const folders: string[] = []
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'haat-media-'))
  folders.push(folder)
  return folder
}
beforeAll(async () => {
  s3 = await startS3('haat-media')
})
afterAll(async () => {
  await s3?.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

const readAll = async (body: NodeJS.ReadableStream) => {
  const parts: Buffer[] = []
  for await (const part of body) parts.push(Buffer.from(part as Buffer))
  return Buffer.concat(parts)
}

describe.each([
  ['a folder', () => folderStore(newFolder())],
  ['an S3 bucket', () => s3Store(s3.settings)],
])('media in %s', (_name, open: () => MediaStore) => {
  it('gives back what was put, with its type, size and a validator; nothing for a missing key', async () => {
    const store = open()
    const bytes = Buffer.from(`photo ${Math.random()}`)
    await store.put('products/shirts/blue-front.webp', bytes, 'image/webp')
    const found = await store.get('products/shirts/blue-front.webp')
    expect(found).not.toBeNull()
    expect(found?.contentType).toBe('image/webp')
    expect(found?.bytes).toBe(bytes.length)
    expect(found?.etag).toMatch(/^"[^"]+"$/)
    expect(await readAll(found?.body as NodeJS.ReadableStream)).toEqual(bytes)
    expect(await store.get('products/shirts/none.webp')).toBeNull()
    await store.close()
  })

  it('lists keys under a prefix, and nothing half-written', async () => {
    const store = open()
    await store.put('xs/products/a.webp', Buffer.from('a'), 'image/webp')
    await store.put('uploads/b.webp', Buffer.from('b'), 'image/webp')
    expect([...(await store.keys('xs/'))]).toEqual(['xs/products/a.webp'])
    const all = await store.keys()
    expect(all.has('uploads/b.webp')).toBe(true)
    expect([...all].every((key) => !key.includes('.part') && !key.startsWith('.'))).toBe(true)
    await store.close()
  })

  it('refuses keys the code would never choose', async () => {
    const store = open()
    for (const key of [
      '../etc/passwd.webp',
      'uploads/../../x.webp',
      'Uploads/X.webp',
      'a/b.txt',
      '/abs.webp',
      '',
    ]) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/not a media key/)
      await expect(store.get(key)).rejects.toThrow(/not a media key/)
    }
    await store.close()
  })
})

describe('media in a folder, while a file is being written', () => {
  // An S3 PUT is atomic by the protocol (an object appears once its upload is complete); the test
  // server writes in place, so this is shown for the folder, whose writes are our own doing.
  it('never serves a file half-written: readers see nothing or the whole file', async () => {
    const store = folderStore(newFolder())
    const big = Buffer.alloc(3 * 1024 * 1024, 7)
    const key = `uploads/${Math.random().toString(16).slice(2)}.webp`
    let writing = true
    const written = store.put(key, big, 'image/webp').finally(() => {
      writing = false
    })
    const seen: number[] = []
    while (writing) {
      const found = await store.get(key)
      if (found) seen.push((await readAll(found.body)).length)
      else seen.push(0)
    }
    await written
    expect(seen.every((length) => length === 0 || length === big.length)).toBe(true)
    const last = await store.get(key)
    expect((await readAll(last?.body as NodeJS.ReadableStream)).length).toBe(big.length)
    await store.close()
  })
})

describe('the seed puts its images into the configured store', () => {
  it('renders or copies every catalogue image and its small variant into the bucket, then keeps them', async () => {
    const store = s3Store({ ...s3.settings })
    const first = await ensureImages(store, join(process.cwd(), '.tmp', 'media-cache'))
    const planned = plannedImages()
    expect(first.rendered + first.copied + first.kept).toBe(planned.length)
    const keys = await store.keys()
    for (const item of planned) {
      expect(keys.has(item.path)).toBe(true)
      expect(keys.has(`xs/${item.path}`)).toBe(true)
    }
    const again = await ensureImages(store)
    expect(again).toEqual({ rendered: 0, copied: 0, kept: planned.length })
    await store.close()
  }, 300_000)
})

/** A built site of one page, for the headers pages get. */
function site() {
  const folder = newFolder()
  writeFileSync(join(folder, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  return folder
}

describe('an API whose media live in a bucket', () => {
  let t: TestApp
  let other: TestApp
  beforeAll(async () => {
    const settings = {
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: 'haat-media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    }
    t = await createTestApp({ products: 2, config: settings })
    // a second instance with a disk of its own, the same bucket, and a CDN address for media
    other = await createTestApp({
      products: 0,
      config: { ...settings, MEDIA_PUBLIC_URL: 'https://cdn.example.com/media', STATIC_DIR: site() },
    })
  }, 180_000)
  afterAll(async () => {
    await t?.close()
    await other?.close()
  })

  async function uploadPhoto(app: TestApp) {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer()
    const boundary = '----haatmedia'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/v1/file-uploader?for=review',
      headers: { 'x-api-key': 'haat-demo-key', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(response.statusCode).toBe(201)
    return (response.json() as { data: { path: string; url: string } }).data
  }

  it('stores an uploaded photo in the bucket, not on the instance disk, and any instance serves it', async () => {
    const { path, url } = await uploadPhoto(t)
    expect(path).toMatch(/^uploads\/[0-9a-f-]{36}\.webp$/)
    expect(url).toBe(`/media/${path}`)
    const object = await s3.client.send(new GetObjectCommand({ Bucket: 'haat-media', Key: path }))
    expect(object.ContentType).toBe('image/webp')
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable')
    const stored = Buffer.from(
      await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    )
    expect(readdirSync(t.config.DATA_DIR).includes('uploads')).toBe(false)

    const served = await other.app.inject({ url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.rawPayload).toEqual(stored)
    const etag = served.headers.etag as string
    expect(etag).toMatch(/^"[^"]+"$/)

    const unchanged = await t.app.inject({ url, headers: { 'if-none-match': etag } })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.rawPayload.length).toBe(0)
  })

  it('answers 404 in the error shape for a missing or unlikely name', async () => {
    for (const url of [
      '/media/uploads/00000000-0000-0000-0000-000000000000.webp',
      '/media/../config.webp',
      '/media/A.webp',
    ]) {
      const response = await t.app.inject({ url })
      expect(response.statusCode).toBe(404)
      expect(Object.keys((response.json() as { error: object }).error)).toHaveLength(1)
    }
  })

  it('with MEDIA_PUBLIC_URL, hands out addresses at the CDN and lets pages load images from it', async () => {
    const { path, url } = await uploadPhoto(other)
    expect(url).toBe(`https://cdn.example.com/media/${path}`)
    const page = await other.app.inject({ url: '/', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com[ ;]/)
    expect(policy).toMatch(/connect-src [^;]*https:\/\/cdn\.example\.com[ ;]/)
  })
})
