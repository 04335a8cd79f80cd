import { createHmac } from 'node:crypto'
import { and, asc, eq, like } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Db } from '../../server/db/client'
import { jobs, orderLines, orderStatusHistory, orders } from '../../server/db/schema'
import type { PaymentProvider } from '../../server/payments/providers'
import type { AdminOrder, StatusChangeBody } from '../../src/contract/admin-orders'
import type { OrderStatus } from '../../src/contract/orders'
import type { ShopSettings } from '../../src/contract/settings'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import {
  api,
  dhakaAddress,
  newKey,
  orderBody,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

export type Staff = { owner: StaffCredentials; manager: StaffCredentials; staff: StaffCredentials }

/** One staff member of each role, signed in; the owner is called Rahima, the manager Karim. */
export async function staffTeam(app: App, db: Db, prefix = '0173100'): Promise<Staff> {
  const person = async (role: 'owner' | 'manager' | 'staff', n: number, firstName: string) =>
    openSession(app, await createPerson(db, { phone: `${prefix}000${n}`, role, firstName }))
  return {
    owner: await person('owner', 1, 'Rahima'),
    manager: await person('manager', 2, 'Karim'),
    staff: await person('staff', 3, 'Salma'),
  }
}

let address = 0
/** A guest order placed through the API (each from its own client address); answers the order as placed. */
/**
 * What the order tests start from: an app of `products` products, its owner, manager and staff (numbers from
 * `phones`), and `skus` sellable skus with `stock` pieces each.
 */
export async function orderTestApp(options: {
  products: number
  phones: string
  skus: number
  stock: number
}) {
  const t: TestApp = await createTestApp({ products: options.products })
  const team = await staffTeam(t.app, t.db, options.phones)
  const items = await sellableSkus(t.db, options.skus)
  for (const item of items) await setStock(t.db, item.skuId, options.stock)
  return { t, team, items }
}

export async function placeOrder(
  app: App,
  lines: { skuId: number; quantity: number }[],
  extra: Record<string, unknown> = {},
) {
  address += 1
  const reply = await api(app, 'POST', 'orders', {
    body: orderBody(lines, extra),
    headers: { 'idempotency-key': newKey() },
    ip: `10.${60 + Math.floor(address / 250)}.${address % 250}.1`,
  })
  if (reply.status !== 201) throw new Error(`order answered ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.data as { id: number; number: string; status: string; phone: string }
}

export async function orderDetail(app: App, id: number, as: StaffCredentials): Promise<AdminOrder> {
  const reply = await adminCall(app, 'GET', `orders/${id}`, { as })
  if (reply.status !== 200) throw new Error(`detail answered ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.data as AdminOrder
}

export const changeStatus = (app: App, id: number, body: StatusChangeBody, as: StaffCredentials) =>
  adminCall(app, 'POST', `orders/${id}/status`, { as, body })

/** Moves an order along the usual road, from where it is, up to `to` (confirmed, packed, shipped, delivered). */
export async function moveAlong(
  app: App,
  id: number,
  to: 'confirmed' | 'packed' | 'shipped' | 'delivered',
  as: StaffCredentials,
) {
  const road = ['confirmed', 'packed', 'shipped', 'delivered'] as const
  const { status } = await orderDetail(app, id, as)
  const from = road.indexOf(status as (typeof road)[number]) + 1
  for (const step of road.slice(from, road.indexOf(to) + 1)) {
    const { version } = await orderDetail(app, id, as)
    const body: StatusChangeBody =
      step === 'shipped'
        ? { to: step, version, courier: 'Pathao', trackingNumber: 'PT123456' }
        : { to: step, version }
    const reply = await changeStatus(app, id, body, as)
    if (reply.status !== 200)
      throw new Error(`${step} answered ${reply.status} ${JSON.stringify(reply.body)}`)
  }
}

/** A sku's stock as the shop's product page reads it. */
export async function shopStock(app: App, slug: string, skuId: number): Promise<number> {
  const reply = await api(app, 'GET', `product/storefront/${slug}`)
  const skus = (reply.body.data as { skus: { id: number; stockQuantity: number }[] }).skus
  const sku = skus.find((s) => s.id === skuId)
  if (!sku) throw new Error(`no sku ${skuId} on ${slug}`)
  return sku.stockQuantity
}

/** The order's texts in the queue: their keys and words, in the order they were queued. */
export async function queuedTexts(db: Db, orderId: number) {
  const rows = await db
    .select({ key: jobs.key, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'sms'), like(jobs.key, `order-text:${orderId}:%`)))
    .orderBy(asc(jobs.id))
  return rows.map((row) => ({ key: row.key, text: (row.payload as { text: string }).text }))
}

/** The texts a number got, as the dev outbox keeps them. */
export async function outbox(app: App, phone: string): Promise<string[]> {
  const reply = await api(app, 'GET', `dev/sms-outbox?phone=${phone}`)
  return (reply.body.data as { body: string }[]).map((message) => message.body)
}

/** A redirect gateway whose orders wait for payment (pending_payment), confirmed by a signed callback. */
const SECRET = 'orders-test-gateway'
export const testGateway: PaymentProvider = {
  method: 'ordertestpay',
  label: 'OrderTestPay',
  initial: () => ({ status: 'pending_payment', paymentStatus: 'pending' }),
  redirectUrl: async (order) => `https://gateway.test/pay?order=${order.number}`,
  async confirm({ body }) {
    const message = body as { order: string; amount: string; status: string; txn: string; signature: string }
    if (gatewaySignature(message) !== message.signature) return null
    return {
      orderNumber: message.order,
      outcome: message.status === 'VALID' ? 'paid' : 'failed',
      amount: Number(message.amount),
      reference: message.txn,
    }
  },
}

const gatewaySignature = (fields: { order: string; amount: string; status: string; txn: string }) =>
  createHmac('sha256', SECRET)
    .update(`${fields.order}|${fields.amount}|${fields.status}|${fields.txn}`)
    .digest('hex')

/** The gateway's callback saying the order was paid (or failed). */
export function payCallback(app: App, order: { number: string; total: number }, paid = true) {
  const fields = {
    order: order.number,
    amount: order.total.toFixed(2),
    status: paid ? 'VALID' : 'FAILED',
    txn: `TX${order.number.slice(-5)}`,
  }
  return api(app, 'POST', `payments/${testGateway.method}/callback`, {
    body: { ...fields, signature: gatewaySignature(fields) },
  })
}

export type OrderSeed = {
  number: string
  phone: string
  customerName: string
  createdAt: Date
  status?: OrderStatus
  paymentMethod?: string
  paymentStatus?: 'unpaid' | 'pending' | 'paid' | 'failed'
  zone?: 'inside_dhaka' | 'dhaka_suburbs' | 'outside_dhaka'
  total?: number
  quantity?: number
}

/** An order written straight to the database (one line of `sku`), as checkout would have left it. */
export async function insertOrder(db: Db, sku: SkuInfo, seed: OrderSeed): Promise<number> {
  const total = seed.total ?? 1000
  const [row] = await db
    .insert(orders)
    .values({
      number: seed.number,
      customerName: seed.customerName,
      phone: seed.phone,
      address: { ...dhakaAddress, name: seed.customerName, phone: seed.phone },
      zone: seed.zone ?? 'inside_dhaka',
      subtotal: total - 60,
      deliveryCharge: 60,
      total,
      paymentMethod: seed.paymentMethod ?? 'cod',
      paymentStatus: seed.paymentStatus ?? 'unpaid',
      // a paid order paid its total when it was placed
      paid: seed.paymentStatus === 'paid' ? total : 0,
      status: seed.status ?? 'pending',
      idempotencyKey: `seed-${seed.number}`,
      requestHash: 'seed',
      createdAt: seed.createdAt,
      updatedAt: seed.createdAt,
    })
    .returning({ id: orders.id })
  if (!row) throw new Error('order not written')
  const quantity = seed.quantity ?? 1
  await db.insert(orderLines).values({
    orderId: row.id,
    productId: sku.productId,
    skuId: sku.skuId,
    name: 'Seeded item',
    slug: sku.slug,
    sku: `SEED-${sku.skuId}`,
    unitPrice: sku.price,
    unitDiscountedPrice: sku.discountedPrice,
    quantity,
    lineTotal: sku.discountedPrice * quantity,
  })
  await db.insert(orderStatusHistory).values({
    orderId: row.id,
    status: seed.status ?? 'pending',
    note: 'Order placed',
    createdAt: seed.createdAt,
  })
  return row.id
}

/**
 * The owner saves the shop's settings as `change` makes them from the saved ones (the settings page's
 * round trip); `origin` is the shop's when the app has a PUBLIC_URL. Answers the save's reply.
 */
export async function saveSettings(
  app: App,
  owner: StaffCredentials,
  change: (settings: ShopSettings) => ShopSettings,
  origin?: string,
) {
  const current = await adminCall(app, 'GET', 'settings', { as: owner })
  const { version, settings } = current.body.data as { version: number; settings: ShopSettings }
  return adminCall(app, 'PUT', 'settings', {
    as: owner,
    ...(origin ? { origin } : {}),
    body: { version, settings: change(settings) },
  })
}

/** The shopper's browser back from a gateway's page: the callback URL it was sent to, asked of our server. */
export async function comeBack(app: App, callbackUrl: string) {
  const url = new URL(callbackUrl)
  const response = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
  return { status: response.statusCode, location: String(response.headers.location ?? '') }
}
