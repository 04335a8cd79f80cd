import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { OrderSource } from '../../src/contract/admin-order-create'
import type { OrderLine } from '../../src/contract/orders'
import { purchaseEventId } from '../../src/lib/track'
import type { Tx } from '../db/client'
import type { OrderBrowser } from '../db/schema'
import type { OrderRow } from '../repositories/orders'
import type { Ga4Purchase } from './ga4'
import type { ActionSource, ServerEvent } from './meta'

export const META_PURCHASE = 'meta-purchase'
export const GA4_PURCHASE = 'ga4-purchase'

/** Meta takes events up to 7 days old: a purchase still unsent by then is dropped. */
export const META_MAX_AGE_MS = 7 * 24 * 60 * 60_000

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/**
 * A Bangladeshi mobile number as Meta matches it before hashing: the country code and the number without
 * its leading 0, digits only (`01712345678` → `8801712345678`).
 */
export function metaPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^(?:00)?880/, '0')
  return `880${digits.replace(/^0/, '')}`
}

/**
 * The ad click Meta's `fbc` names: the pixel's `_fbc` cookie when it set one, else the `fbclid` the shopper's
 * landing kept (docs/attribution.md), in the cookie's documented form `fb.1.<landing time in ms>.<fbclid>` —
 * so an order from an ad still names its click where the shopper declined the pixel or the shop runs none.
 */
export function metaClick(browser: OrderBrowser, landing: unknown): string | undefined {
  if (browser.fbc) return browser.fbc
  const kept = (landing ?? {}) as { fbclid?: unknown; at?: unknown }
  if (typeof kept.fbclid !== 'string' || !kept.fbclid || typeof kept.at !== 'number') return undefined
  return `fb.1.${Math.floor(kept.at)}.${kept.fbclid}`
}

/** Where the shop took an order, as Meta names it: a messaging inbox is a chat, the counter a store. */
export const actionSourceOf: Record<OrderSource, ActionSource> = {
  website: 'website',
  phone: 'phone_call',
  facebook: 'chat',
  instagram: 'chat',
  whatsapp: 'chat',
  walk_in: 'physical_store',
}

type Purchase = { order: OrderRow; lines: OrderLine[] }

/**
 * The Conversions API's Purchase of an order, under the same event ID as the browser's. A website order names
 * the page it was placed from (the shop's checkout when the request did not say).
 */
export function metaPurchase({ order, lines }: Purchase, shopOrigin: string): ServerEvent {
  const browser = (order.browser ?? {}) as OrderBrowser
  const fbc = metaClick(browser, order.attribution)
  const source = actionSourceOf[order.source]
  const website = source === 'website'
  return {
    event_name: 'Purchase',
    event_time: Math.floor(order.createdAt.getTime() / 1000),
    event_id: purchaseEventId(order.number),
    action_source: source,
    ...(website ? { event_source_url: browser.pageUrl ?? `${shopOrigin}/checkout` } : {}),
    user_data: {
      ph: [sha256(metaPhone(order.phone))],
      country: [sha256('bd')],
      ...(website && order.clientAddress ? { client_ip_address: order.clientAddress } : {}),
      ...(website ? { client_user_agent: browser.userAgent ?? '' } : {}),
      ...(browser.fbp ? { fbp: browser.fbp } : {}),
      ...(fbc ? { fbc } : {}),
    },
    custom_data: {
      currency: 'BDT',
      value: order.total,
      content_ids: lines.map((line) => line.sku),
      contents: lines.map((line) => ({
        id: line.sku,
        quantity: line.quantity,
        item_price: line.unitDiscountedPrice,
      })),
      content_type: 'product',
      order_id: order.number,
      num_items: lines.reduce((sum, line) => sum + line.quantity, 0),
    },
  }
}

/** GA's client ID from the `_ga` cookie (`GA1.1.123.456` → `123.456`); an order's own when there is none. */
export function ga4ClientId(order: Pick<OrderRow, 'number' | 'browser'>): string {
  const cookie = ((order.browser ?? {}) as OrderBrowser).ga ?? ''
  const id = /^GA\d\.\d+\.(\d+\.\d+)$/.exec(cookie)?.[1]
  return id ?? `${Number.parseInt(sha256(order.number).slice(0, 8), 16)}.${order.number.replace(/\D/g, '')}`
}

/** GA4's purchase of an order (the browser's `transaction_id` is the same order number). */
export function ga4Purchase({ order, lines }: Purchase): Ga4Purchase {
  return {
    client_id: ga4ClientId(order),
    timestamp_micros: order.createdAt.getTime() * 1000,
    events: [
      {
        name: 'purchase',
        params: {
          transaction_id: order.number,
          currency: 'BDT',
          value: order.total,
          shipping: order.deliveryCharge,
          items: lines.map((line) => ({
            item_id: line.sku,
            item_name: line.name,
            price: line.unitDiscountedPrice,
            quantity: line.quantity,
          })),
        },
      },
    ],
  }
}

/**
 * Queues the purchase's sends with the order, in its transaction: one job per platform the owner has switched
 * on with its server key, keyed by the order so that it is sent once. An order waiting for its online payment
 * is not a purchase yet: it is queued when the payment is captured (settlePayment), never if it expires.
 */
export async function queuePurchaseEvents(app: FastifyInstance, tx: Tx, order: OrderRow): Promise<void> {
  if (order.status === 'pending_payment') return
  const tags = await app.settings.marketing(tx)
  const payload = { orderId: order.id }
  if (tags.metaPixelId && tags.metaAccessToken) {
    await app.jobs.enqueue(META_PURCHASE, payload, { tx, key: `${META_PURCHASE}:${order.id}` })
  }
  if (tags.ga4MeasurementId && tags.ga4ApiSecret) {
    await app.jobs.enqueue(GA4_PURCHASE, payload, { tx, key: `${GA4_PURCHASE}:${order.id}` })
  }
}

/** The order a purchase job names, with its lines; none when it is gone. */
export async function purchaseOf(app: FastifyInstance, payload: Record<string, unknown>) {
  const id = Number(payload.orderId)
  if (!Number.isInteger(id)) throw new Error('A purchase names its order')
  const order = await app.orders.byId(id)
  if (!order) return null
  const { lines } = await app.orders.view(order)
  return { order, lines }
}

export const tooOldForMeta = (order: OrderRow, now: Date) =>
  now.getTime() - order.createdAt.getTime() > META_MAX_AGE_MS
