import { basename } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { authLimits } from '../../server/routes/auth/limits'
import type { ListingResponse, Product } from '../../src/contract/product'
import { API_KEY, call, changeSku, type Reply } from './client'
import { S3_CREDENTIALS } from './services'
import { alternated, clusterForThisFile, freshAddress, freshPhone } from './support'

const cluster = clusterForThisFile()

/** Polls every `everyMs` until `seen` says yes; the time it took from `since`, or null past `timeoutMs`. */
async function timeUntil(seen: () => Promise<boolean>, since: number, everyMs: number, timeoutMs: number) {
  while (performance.now() - since < timeoutMs) {
    if (await seen()) return Math.round(performance.now() - since)
    await sleep(everyMs)
  }
  return null
}

describe('what the instances share', () => {
  it('shows a stock change made through a in a product and a listing read through b within 1 s', async () => {
    const { instances, adminToken } = cluster()
    const [a, b] = instances
    const first = await call<ListingResponse>(b.url, 'GET', 'product/storefront?perPage=48')
    const card = first.body.data.find((p) => p.in_stock)
    if (!card) throw new Error('no product in stock on the first page')
    const readProduct = () => call<{ data: Product }>(b.url, 'GET', `product/storefront/${card.slug}`)
    const { skus, category } = (await readProduct()).body.data
    const filters = encodeURIComponent(JSON.stringify({ category: category.slug }))
    const readCard = async () =>
      (
        await call<ListingResponse>(b.url, 'GET', `product/storefront?perPage=100&filters=${filters}`)
      ).body.data.find((p) => p.id === card.id)

    // b reads both twice, so that it keeps them: what must change is what b holds
    for (let i = 0; i < 2; i++) {
      expect((await readProduct()).body.data.skus.some((s) => s.stockQuantity > 0)).toBe(true)
      expect((await readCard())?.in_stock).toBe(true)
    }

    // the shop owner sells out every sku of the product through a
    for (const sku of skus) await changeSku(a.url, adminToken, sku.id, { stockQuantity: 0 })
    const changedAt = performance.now()
    const [productMs, listingMs] = await Promise.all([
      timeUntil(
        async () => (await readProduct()).body.data.skus.every((s) => s.stockQuantity === 0),
        changedAt,
        25,
        8_000,
      ),
      timeUntil(async () => (await readCard())?.in_stock === false, changedAt, 25, 8_000),
    ])
    const shown = (ms: number | null) => (ms === null ? 'not within 8 s' : `after ${ms} ms`)
    console.log(`stock change on a, seen on b: product ${shown(productMs)}, listing ${shown(listingMs)}`)
    expect(productMs ?? Number.POSITIVE_INFINITY, `product on b ${shown(productMs)}`).toBeLessThanOrEqual(
      1_000,
    )
    expect(listingMs ?? Number.POSITIVE_INFINITY, `listing on b ${shown(listingMs)}`).toBeLessThanOrEqual(
      1_000,
    )
  })

  it('shows a price changed in plain SQL, through no instance, in a product and a listing read through a and b within 1 s', async () => {
    const { instances, query } = cluster()
    const first = await call<ListingResponse>(instances[1].url, 'GET', 'product/storefront?perPage=48')
    const card = first.body.data.at(-1)
    if (!card) throw new Error('no product on the first page')
    const lower = Math.max(1, Math.floor(card.discounted_price / 2))
    const filters = encodeURIComponent(JSON.stringify({ category: card.category.slug }))
    const shows = async (base: string) => {
      const [product, listing] = await Promise.all([
        call<{ data: Product }>(base, 'GET', `product/storefront/${card.slug}`),
        call<ListingResponse>(base, 'GET', `product/storefront?perPage=100&filters=${filters}`),
      ])
      return (
        product.body.data.skus.every((s) => s.discountedPrice === lower) &&
        listing.body.data.find((p) => p.id === card.id)?.discounted_price === lower
      )
    }
    // each instance reads both twice, so that it keeps them
    for (const { url } of instances) for (let i = 0; i < 2; i++) expect(await shows(url)).toBe(false)

    // what an operator's psql would run: one statement for the skus, one for the product's card
    await query(
      'update skus set discounted_price = $1, discounted_value = price - $1 where product_id = $2',
      [lower, card.id],
    )
    await query('update products set discounted_price = $1 where id = $2', [lower, card.id])
    const changedAt = performance.now()
    const [aMs, bMs] = await Promise.all(
      instances.map(({ url }) => timeUntil(() => shows(url), changedAt, 25, 8_000)),
    )
    const shown = (ms: number | null | undefined) => (ms == null ? 'not within 8 s' : `after ${ms} ms`)
    console.log(`price changed in SQL, seen on a ${shown(aMs)}, on b ${shown(bMs)}`)
    expect(aMs ?? Number.POSITIVE_INFINITY, `on a ${shown(aMs)}`).toBeLessThanOrEqual(1_000)
    expect(bMs ?? Number.POSITIVE_INFINITY, `on b ${shown(bMs)}`).toBeLessThanOrEqual(1_000)
  })

  it('serves a review photo uploaded through a from b, the same bytes, kept in the S3 bucket', async () => {
    const { instances, s3 } = cluster()
    const [a, b] = instances
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c85028' } })
      .jpeg()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg')
    const uploaded = await fetch(`${a.url}/api/v1/file-uploader?for=review`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'x-forwarded-for': freshAddress() },
      body: form,
    })
    expect(uploaded.status).toBe(201)
    const { data } = (await uploaded.json()) as { data: { path: string; url: string } }

    const fromB = await fetch(new URL(data.url, b.url))
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('content-type')).toBe('image/webp')
    const bytesFromB = Buffer.from(await fromB.arrayBuffer())
    const fromA = await fetch(new URL(data.url, a.url))
    expect(fromA.status).toBe(200)
    expect(bytesFromB.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true)
    expect((await sharp(bytesFromB).metadata()).format).toBe('webp')

    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3_CREDENTIALS,
    })
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
      const keys = (listed.Contents ?? []).map((object) => object.Key ?? '')
      expect(
        keys.filter((key) => key.endsWith(basename(data.path))),
        `bucket keys: ${keys.slice(0, 10).join(', ')}`,
      ).toHaveLength(1)
    } finally {
      client.destroy()
    }
  })
})

type Attempt = (base: string) => Promise<Reply>

/** Sends attempts one after another until the first 429; how many were let through before it, and by whom. */
async function countUntilRefused(base: string, attempt: Attempt, most: number) {
  const statuses: number[] = []
  const answeredBy: (string | null)[] = []
  let refusal: Reply | undefined
  while (statuses.length < most && !refusal) {
    const reply = await attempt(base)
    answeredBy.push(reply.instance)
    if (reply.status === 429) refusal = reply
    else statuses.push(reply.status)
  }
  return { accepted: statuses.length, statuses, answeredBy, refusal }
}

const sendCode = (phone: string, ip: string) => (base: string) =>
  call(base, 'POST', 'auth/customer/send-otp', { ip, body: { phone, type: 'login' } })

const limits: { name: string; max: number; allowed: number; attempts: () => Attempt }[] = [
  {
    name: 'one-time codes asked from one address for many numbers',
    max: authLimits.send.address.max,
    allowed: 200,
    attempts: () => {
      const ip = freshAddress()
      return (base) => sendCode(freshPhone('018'), ip)(base)
    },
  },
  {
    name: 'one-time codes asked for one number from many addresses',
    max: authLimits.send.number.max,
    allowed: 200,
    attempts: () => {
      const phone = freshPhone('018')
      return (base) => sendCode(phone, freshAddress())(base)
    },
  },
  {
    name: 'wrong passwords for one number from one address',
    max: authLimits.password.pair.max,
    allowed: 401,
    attempts: () => {
      const phone = freshPhone('016')
      const ip = freshAddress()
      return (base) =>
        call(base, 'POST', 'auth/customer/login', { ip, body: { phone, password: 'not-the-password' } })
    },
  },
]

describe('limits count the requests to both instances as one', () => {
  it.each(limits)('$name: refused after $max, through the balancer as on one instance', async (limit) => {
    const { lbUrl, instances } = cluster()
    const one = await countUntilRefused(instances[0].url, limit.attempts(), limit.max + 5)
    const both = await countUntilRefused(lbUrl, limit.attempts(), limit.max + 5)

    expect(one.statuses.every((status) => status === limit.allowed)).toBe(true)
    expect(one.accepted).toBe(limit.max)
    expect(both.statuses.every((status) => status === limit.allowed)).toBe(true)
    expect(alternated(both.answeredBy), `answered by ${both.answeredBy.join(' ')}`).toBe(true)
    expect(both.accepted, `through the balancer: ${both.statuses.join(' ')}`).toBe(limit.max)
    expect(Number(both.refusal?.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
