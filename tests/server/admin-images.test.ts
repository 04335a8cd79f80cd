import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { createTestApp, type TestApp } from './helpers'

function multipart(file: Buffer, type = 'image/png') {
  const boundary = `----haat${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: ${type}\r\n\r\n`,
  )
  return {
    body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer()

let t: TestApp
let manager: StaffCredentials
let managerId: number
let staff: StaffCredentials
beforeAll(async () => {
  t = await createTestApp({ products: 2 })
  managerId = await createPerson(t.db, { phone: '01730001001', role: 'manager' })
  manager = await openSession(t.app, managerId)
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01730001002', role: 'staff' }))
}, 120_000)
afterAll(() => t?.close())

async function stored(path: string) {
  const file = await t.app.media.get(path)
  if (!file) return null
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(chunk as Buffer)
  return sharp(Buffer.concat(chunks)).metadata()
}

describe('the back office uploads catalogue images through the media store', () => {
  it('re-encodes a product photo to WebP at 480 × 600 with its 160 × 200 variant, named by its bytes', async () => {
    const upload = multipart(await photo(1200, 900))
    const reply = await adminCall(t.app, 'POST', 'images?for=product', { as: manager, ...upload })
    expect(reply.status).toBe(201)
    const data = reply.body.data as { path: string; url: string; width: number; height: number }
    expect(data.path).toMatch(/^products\/[0-9a-f]{24}\.webp$/)
    expect(data).toMatchObject({ url: `/media/${data.path}`, width: 480, height: 600 })
    expect(await stored(data.path)).toMatchObject({ format: 'webp', width: 480, height: 600 })
    expect(await stored(`xs/${data.path}`)).toMatchObject({ format: 'webp', width: 160, height: 200 })
    const again = await adminCall(t.app, 'POST', 'images?for=product', {
      as: manager,
      ...multipart(await photo(1200, 900)),
    })
    expect((again.body.data as { path: string }).path).toBe(data.path)
  })

  it('keeps a logo within its box without enlarging it', async () => {
    const reply = await adminCall(t.app, 'POST', 'images?for=brand', {
      as: manager,
      ...multipart(await photo(200, 100)),
    })
    expect(reply.status).toBe(201)
    expect(reply.body.data).toMatchObject({ width: 200, height: 100 })
  })

  it('records each upload in the audit log: who, for what and which file; nothing for a refused one', async () => {
    const audited = async () =>
      (await t.app.audit.list({ objectType: 'image', page: 1, perPage: 50 })).entries
    const before = (await audited()).length
    const reply = await adminCall(t.app, 'POST', 'images?for=category', {
      as: manager,
      ...multipart(await photo(640, 480)),
    })
    expect(reply.status).toBe(201)
    const { path } = reply.body.data as { path: string }
    const [entry] = await audited()
    expect(entry).toMatchObject({
      staff: { id: managerId },
      action: 'image.upload',
      objectType: 'image',
      objectId: path,
      before: null,
      after: { for: 'category', path, width: 480, height: 480 },
    })
    await adminCall(t.app, 'POST', 'images?for=product', {
      as: manager,
      ...multipart(Buffer.from('not an image at all'), 'image/png'),
    })
    expect(await audited()).toHaveLength(before + 1)
  })

  it('refuses what is not an image, an unknown use, and staff without the catalogue role', async () => {
    const text = await adminCall(t.app, 'POST', 'images?for=product', {
      as: manager,
      ...multipart(Buffer.from('not an image at all'), 'image/png'),
    })
    expect(text.status).toBe(415)
    expect(text.body.error).toEqual({ file: ['Only JPEG, PNG or WebP photos can be uploaded'] })
    const use = await adminCall(t.app, 'POST', 'images?for=avatar', {
      as: manager,
      ...multipart(await photo(10, 10)),
    })
    expect(use.status).toBe(400)
    const role = await adminCall(t.app, 'POST', 'images?for=product', {
      as: staff,
      ...multipart(await photo(10, 10)),
    })
    expect(role.status).toBe(403)
  })
})

describe('the back office’s pickers read the catalogue’s categories, brands and campaigns', () => {
  it('answers every staff role with each list, a parent category before its children', async () => {
    const reply = await adminCall(t.app, 'GET', 'catalogue-refs', { as: staff })
    expect(reply.status).toBe(200)
    const data = reply.body.data as {
      categories: { id: number; parentId: number | null }[]
      brands: { name: string }[]
      campaigns: unknown[]
    }
    expect(data.categories.length).toBeGreaterThan(1)
    const seen = new Set<number>()
    for (const category of data.categories) {
      if (category.parentId !== null) expect(seen.has(category.parentId)).toBe(true)
      seen.add(category.id)
    }
    expect(data.brands.length).toBeGreaterThan(1)
    expect(data.campaigns.length).toBeGreaterThan(0)
  })
})
