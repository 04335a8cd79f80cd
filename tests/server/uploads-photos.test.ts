import { crc32 } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviews, uploads } from '../../server/db/schema'
import { api, createShopper } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 2 })
}, 180_000)
afterAll(async () => t?.close())

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = `----haat${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

async function upload(
  file: Buffer,
  filename = 'photo.jpg',
  type = 'image/jpeg',
  as: { token?: string; cookie?: string } = {},
) {
  const body = multipart(file, filename, type)
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/file-uploader?for=review',
    headers: {
      'x-api-key': 'haat-demo-key',
      'content-type': body.contentType,
      ...(as.token && { authorization: `Bearer ${as.token}` }),
      ...(as.cookie && { cookie: as.cookie }),
    },
    payload: body.payload,
  })
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    cookies: response.cookies,
  }
}

/** A PNG that claims 400 megapixels in a few dozen bytes: the shape of a decompression bomb. */
function pngHeaderOnly(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(0)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })

describe('POST file-uploader?for=review', () => {
  it('re-encodes a JPEG to WebP without its EXIF and GPS data, served with nosniff', async () => {
    const jpeg = await photo(640, 480)
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' }, IFD3: { GPSLatitudeRef: 'N' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const shopper = await createShopper(t.db, '01400000001')
    const reply = await upload(jpeg, 'photo.jpg', 'image/jpeg', { token: shopper.token })
    expect(reply.status).toBe(201)
    const data = reply.body.data as { path: string; url: string }
    expect(data.path).toMatch(/^uploads\/[a-f0-9-]{36}\.webp$/)
    const served = await t.app.inject({ method: 'GET', url: data.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.exif).toBeUndefined()
    expect(served.rawPayload.includes(Buffer.from('Secret Model'))).toBe(false)

    const [product] = await t.db.query.products.findMany({ limit: 1 })
    const review = await api(t.app, 'POST', 'review', {
      token: shopper.token,
      body: { product_slug: product?.slug, rating: 5, text: 'With a photo', photos: [data.path] },
    })
    expect(review.status).toBe(201)
    expect((review.body.data as { photos: string[] }).photos).toEqual([data.path])
  })

  it('judges the type by content, not by the name', async () => {
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const reply = await upload(text, 'innocent.jpg', 'image/jpeg')
    expect(reply.status).toBe(415)
    expect(reply.body.error).toEqual({ file: ['Only JPEG, PNG or WebP photos can be uploaded'] })
    const gif = await photo(10, 10).gif().toBuffer()
    expect((await upload(gif, 'a.png', 'image/png')).status).toBe(415)
    const png = await photo(20, 20).png().toBuffer()
    expect((await upload(png, 'photo.txt', 'text/plain')).status).toBe(201)
  })

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([
      await photo(100, 100).jpeg().toBuffer(),
      Buffer.alloc(5 * 1024 * 1024 + 10, 1),
    ])
    const reply = await upload(big)
    expect(reply.status).toBe(413)
    expect(reply.body.error).toHaveProperty('file')
  })

  it('refuses a decompression bomb (small file, huge pixel count) with 413', async () => {
    const bomb = pngHeaderOnly(20_000, 20_000)
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024)
    const reply = await upload(bomb, 'bomb.png', 'image/png')
    expect(reply.status).toBe(413)
    expect(reply.body.error).toEqual({ file: ['A photo can be at most 25 megapixels'] })
  })

  it('answers a request that is not multipart with 415', async () => {
    const reply = await api(t.app, 'POST', 'file-uploader?for=review', { body: { file: 'x' } })
    expect(reply.status).toBe(415)
  })
})

describe('a review photo belongs to whoever uploaded it', () => {
  const jpeg = () => photo(64, 48).jpeg().toBuffer()
  const guestReview = (photos: string[], cookie?: string) =>
    api(t.app, 'POST', 'review/product/without-login', {
      body: { product_slug: productSlug, rating: 4, name: 'Guest Shopper', phone: nextPhone(), photos },
      ...(cookie && { headers: { cookie } }),
    })
  let productSlug = ''
  let phones = 0
  const nextPhone = () => `0140000${String(++phones).padStart(4, '0')}`
  beforeAll(async () => {
    const [product] = await t.db.query.products.findMany({ limit: 1 })
    productSlug = product?.slug ?? ''
  })

  it('keeps a guest’s photo for the browser that holds its HttpOnly upload key, stored only as a hash', async () => {
    const uploaded = await upload(await jpeg())
    expect(uploaded.status).toBe(201)
    const key = uploaded.cookies.find((cookie) => cookie.name === 'haat_upload_key')
    expect(key).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' })
    const path = (uploaded.body.data as { path: string }).path
    const [row] = await t.db.select().from(uploads).where(eq(uploads.path, path))
    expect(row?.guestKeyHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.guestKeyHash).not.toContain(key?.value)
    const cookie = `haat_upload_key=${key?.value}`

    // another guest (no key, or a key of their own) and a signed-in stranger cannot attach it
    const stranger = await createShopper(t.db, '01400000002')
    const otherGuest = await upload(await jpeg())
    const otherCookie = `haat_upload_key=${otherGuest.cookies[0]?.value}`
    for (const attempt of [
      await guestReview([path]),
      await guestReview([path], otherCookie),
      await api(t.app, 'POST', 'review', {
        token: stranger.token,
        body: { product_slug: productSlug, rating: 5, photos: [path] },
      }),
    ]) {
      expect(attempt.status).toBe(400)
      expect(attempt.body).toEqual({ error: { 'photos.0': ['Upload the photo first'] } })
    }
    expect(await t.db.select().from(reviews).where(sql`${path} = any(${reviews.photos})`)).toHaveLength(0)

    // a second upload from the same browser keeps the same key; both photos go with the guest's review
    const second = await upload(await jpeg(), 'photo.jpg', 'image/jpeg', { cookie })
    expect(second.cookies.find((c) => c.name === 'haat_upload_key')).toBeUndefined()
    const secondPath = (second.body.data as { path: string }).path
    const review = await guestReview([path, secondPath], cookie)
    expect(review.status).toBe(201)
    expect((review.body.data as { photos: string[] }).photos).toEqual([path, secondPath])
  })

  it('keeps a signed-in shopper’s photo for their account, and one chosen before signing in too', async () => {
    const owner = await createShopper(t.db, '01400000003')
    const other = await createShopper(t.db, '01400000004')
    const mine = await upload(await jpeg(), 'photo.jpg', 'image/jpeg', { token: owner.token })
    const minePath = (mine.body.data as { path: string }).path
    expect(mine.cookies).toHaveLength(0)
    const refused = await api(t.app, 'POST', 'review', {
      token: other.token,
      body: { product_slug: productSlug, rating: 3, photos: [minePath] },
    })
    expect(refused.status).toBe(400)
    const beforeSignIn = await upload(await jpeg())
    const cookie = `haat_upload_key=${beforeSignIn.cookies[0]?.value}`
    const beforePath = (beforeSignIn.body.data as { path: string }).path
    const accepted = await api(t.app, 'POST', 'review', {
      token: owner.token,
      headers: { cookie },
      body: { product_slug: productSlug, rating: 5, photos: [minePath, beforePath] },
    })
    expect(accepted.status).toBe(201)
    expect((accepted.body.data as { photos: string[] }).photos).toEqual([minePath, beforePath])
  })
})
