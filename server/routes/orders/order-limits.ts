import type { FastifyInstance } from 'fastify'
import { type Limit, perAddress, reserveOrRefuse } from '../../plugins/rate-limit'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Limits on what anyone may write without an account. A new order is counted before it is priced or takes
 * stock (a repeat of an order already placed, same Idempotency-Key, is not): a guest's orders per client
 * address (GUEST_ORDERS_PER_ADDRESS_HOUR) and per mobile number a day, so nobody empties a sku's stock or
 * has the shop text strangers; a signed-in shopper's per account. Coupon checks per address, against
 * guessing codes.
 */
export const openWriteLimits = {
  guestOrderNumber: { max: 5, windowMs: DAY },
  accountOrders: { max: 30, windowMs: HOUR },
  couponChecks: { max: 60, windowMs: 15 * MINUTE },
} as const

/**
 * Counts a new order under the limits, or refuses it with 429. Copies of one request sent while it is
 * still running (a retry on a slow connection, same Idempotency-Key) count once: only one of them can
 * create the order, the others answer with it.
 */
export async function reserveOrder(
  app: FastifyInstance,
  order: { key: string; userId: number | null; phone: string; ip: string },
) {
  const copies = await app.rateLimiter.hit(orderKeyName(order.key), MINUTE)
  if (copies.count > 1) return
  const limits: Limit[] =
    order.userId === null
      ? [
          {
            key: `order:ip:${order.ip}`,
            max: app.config.GUEST_ORDERS_PER_ADDRESS_HOUR,
            windowMs: HOUR,
          },
          { key: `order:phone:${order.phone}`, ...openWriteLimits.guestOrderNumber },
        ]
      : [{ key: `order:user:${order.userId}`, ...openWriteLimits.accountOrders }]
  await reserveOrRefuse(app, limits, 'order', 'Too many orders.')
}

const orderKeyName = (key: string) => `order:key:${key}`

/** An order that was not placed (refused, out of stock, a wrong coupon): a later retry of its key counts again. */
export async function forgetOrderKey(app: FastifyInstance, key: string) {
  await app.rateLimiter.reset(orderKeyName(key))
}

export async function reserveCouponCheck(app: FastifyInstance, ip: string) {
  await reserveOrRefuse(
    app,
    [perAddress(app, `coupon:ip:${ip}`, openWriteLimits.couponChecks)],
    'coupon',
    'Too many coupon checks.',
  )
}
