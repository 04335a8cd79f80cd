import { randomBytes, randomInt } from 'node:crypto'
import { and, asc, eq, gt } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Db } from '../../server/db/client'
import { products, sessions, skus, users } from '../../server/db/schema'
import { hashSessionToken } from '../../server/domain/session'
import { apiHeaders } from './helpers'

type Json = Record<string, unknown>
export type Reply = { status: number; body: Json; headers: Record<string, unknown> }

/** A shopper with a live session, written straight to the database. */
export async function createShopper(db: Db, phone: string): Promise<{ id: number; token: string }> {
  const [user] = await db
    .insert(users)
    .values({ phone, firstName: 'Test', lastName: phone.slice(-3) })
    .returning()
  if (!user) throw new Error('no user')
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  })
  return { id: user.id, token }
}

/** One call to /api/v1 as a client makes it. */
export async function api(
  app: App,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...apiHeaders, ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const response = await app.inject({
    method,
    url: `/api/v1/${path}`,
    headers,
    ...(options.ip && { remoteAddress: options.ip }),
    ...(options.body === undefined ? {} : { payload: options.body as Json }),
  })
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as Json) : {},
    headers: response.headers,
  }
}

export type SkuInfo = {
  skuId: number
  productId: number
  slug: string
  price: number
  discountedPrice: number
  vat: number
  stock: number
}

/** The i-th of the skus a test picked; a missing one fails the test loudly. */
export function pick(items: SkuInfo[], i: number): SkuInfo {
  const found = items[i]
  if (!found) throw new Error(`no sku ${i}`)
  return found
}

/** Active skus with stock, first by id. */
export async function sellableSkus(db: Db, count: number): Promise<SkuInfo[]> {
  const rows = await db
    .select({
      skuId: skus.id,
      productId: skus.productId,
      slug: products.slug,
      price: skus.price,
      discountedPrice: skus.discountedPrice,
      vat: skus.vat,
      stock: skus.stockQuantity,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(products.status, 'active'), gt(skus.stockQuantity, 3)))
    .orderBy(asc(skus.id))
  // one sku per product, so tests that change a product do not affect each other
  const seen = new Set<number>()
  return rows.filter((row) => !seen.has(row.productId) && seen.add(row.productId)).slice(0, count)
}

export async function setStock(db: Db, skuId: number, stock: number) {
  await db.update(skus).set({ stockQuantity: stock }).where(eq(skus.id, skuId))
}

export async function stockOf(db: Db, skuId: number): Promise<number> {
  const [row] = await db.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.id, skuId))
  return row?.stock ?? -1
}

export const dhakaAddress = {
  name: 'Rahim Uddin',
  phone: '01712345678',
  division: 'Dhaka',
  district: 'Dhaka',
  area: 'Dhanmondi',
  street: 'House 12, Road 5',
  landmark: 'Near the lake',
}

let phoneCounter = randomInt(0, 50_000_000)
/** A mobile number no other order of this test file has used: each order's shopper is someone else. */
export const freshPhone = () => `017${String(++phoneCounter).padStart(8, '0')}`

/** A guest order's body; its shopper's number is fresh unless `extra.customer` says otherwise. */
export function orderBody(lines: { skuId: number; quantity: number }[], extra: Json = {}): Json {
  return {
    lines,
    customer: { name: 'Rahim Uddin', phone: freshPhone(), email: '' },
    address: dhakaAddress,
    notes: '',
    paymentMethod: 'cod',
    acceptTerms: true,
    ...extra,
  }
}

let keyCounter = 0
export const newKey = () =>
  `test-key-${Date.now().toString(36)}-${keyCounter++}-${randomBytes(4).toString('hex')}`
