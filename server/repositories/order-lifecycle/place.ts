import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Language } from '../../../src/contract/language'
import {
  codAdvance,
  type OrderLine,
  type orderCreateBody,
  TRANSFER_MESSAGE,
} from '../../../src/contract/orders'
import type { OrderBrowser } from '../../db/schema'
import { channelOf, type Landing } from '../../domain/attribution'
import { zoneOf } from '../../domain/bd-locations'
import { combineLines, includedVat, type PricedLine } from '../../domain/checkout'
import { conflict, DomainError, invalid, notFound, refused } from '../../domain/errors'
import { heldTooMuch, lineOverLimit, orderOverLimit } from '../../domain/order-limits'
import { orderNumber } from '../../domain/order-number'
import { orderReceivedText } from '../../domain/order-texts'
import { provesPhone } from '../../domain/otp'
import { POINTS_CHANGED, POINTS_SIGN_IN } from '../../domain/reward-points'
import {
  ADVANCE_GATEWAY,
  cashOnDelivery,
  mobileTransfer,
  type PaymentStart,
  paymentProvider,
} from '../../payments/providers'
import { HeldStockLimit } from '../order-holds'
import type { OrderRow } from '../orders'
import { PointsChanged } from '../reward-points'
import { advanceRule, shopNameIn } from '../settings'
import { insertOrder, OpenCodLimit, RequestKeyTaken, TransferTaken } from './place-insert'
import { StockShortage } from './stock'

/** What an order is placed with: its lines, customer, address, coupon, payment method, notes (the contract's). */
export type OrderRequest = z.output<typeof orderCreateBody>

/**
 * Who placed an order. Today the shopper, through checkout: a signed-in account or a guest, from a client
 * address (what it holds unpaid and unconfirmed is limited).
 */
export type PlacedBy = {
  kind: 'shopper'
  userId: number | null
  clientAddress: string
  /** what the ad platforms know the browser by (server/marketing/browser.ts) */
  browser?: OrderBrowser | null
}

/** An order to place, as data: whoever asks for it says it the same way. */
export type PlaceInput = {
  order: OrderRequest
  placedBy: PlacedBy
  /** the request's idempotency key: the same key places one order, and answers it again */
  key: string
  /** the order keeps it, and every text about the order is in it */
  language: Language
  /** where the shopper came from (the landing cookie), kept with the order for the reports; null: not known */
  landing?: Landing | null
  /** runs once the request is known to be a new order, before any work: the open-write limits */
  beforeNewOrder?: () => Promise<void>
}

/** The order placed (`created`), or the one the same key placed before. */
export type Placed = { created: boolean; order: OrderRow }

export const COD_BLOCKED = 'Cash on delivery is not available for this number. Please contact the shop.'
export const ORDERS_BLOCKED = 'The shop does not take orders for this number. Please contact the shop.'
export const CONFIRM_PHONE = 'For cash on delivery of this order, confirm the number with a code sent by SMS'

/** JSON with sorted keys: the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

export function requestHash(body: unknown, userId: number | null): string {
  return createHash('sha256').update(canonical({ body, userId })).digest('hex')
}

/** The order this key already placed (none: a new request); the key with another body is refused. */
export async function replay(app: FastifyInstance, key: string, hash: string) {
  const existing = await app.orders.byRequestKey(key)
  if (!existing) return null
  if (existing.requestHash !== hash) {
    throw refused('idempotencyKey', 'This request key was already used for a different order')
  }
  return existing
}

async function resolveAddress(app: FastifyInstance, body: OrderRequest, userId: number | null) {
  if (body.addressId !== undefined) {
    if (userId === null) throw notFound('addressId', 'Address not found')
    const saved = await app.addressBook.findOwn(body.addressId, userId)
    if (!saved) throw notFound('addressId', 'Address not found')
    const { name, phone, division, district, area, street, landmark, zone } = saved
    return { address: { name, phone, division, district, area, street, landmark }, zone }
  }
  const given = body.address
  if (!given) throw invalid('address', 'Enter the delivery address')
  const zone = zoneOf(given.division, given.district, given.area)
  if (!zone) throw invalid('address.area', 'Choose the division, district and area from the lists')
  return { address: given, zone }
}

/** A priced line as the order keeps it: what was charged, with the VAT it includes. */
export const orderLine = (line: PricedLine): OrderLine => ({
  productId: line.productId ?? 0,
  skuId: line.skuId,
  name: line.name ?? '',
  slug: line.slug ?? '',
  sku: line.sku ?? '',
  size: line.size,
  colour: line.colour,
  image: line.image,
  unitPrice: line.unitPrice,
  unitDiscountedPrice: line.unitDiscountedPrice,
  quantity: line.quantity,
  vat: includedVat(line.lineTotal, line.vatRate),
  lineTotal: line.lineTotal,
})

/** A sku with too few left, said on every line of the request that asked for it. */
export function shortage(
  body: { lines: { skuId: number }[] },
  priced: { skuId: number; name: string | null }[],
  { skuId, left }: StockShortage,
) {
  const name = priced.find((line) => line.skuId === skuId)?.name
  const message = left > 0 ? `Only ${left} left of ${name}` : `${name} is out of stock`
  const fields: Record<string, string[]> = {}
  body.lines.forEach((line, index) => {
    if (line.skuId === skuId) fields[`lines.${index}`] = [message]
  })
  return conflict(fields)
}

/** A number is the shopper's when it is the signed-in account's own (proven when it was made) or a code proved it. */
async function assertPhoneProven(app: FastifyInstance, body: OrderRequest, userId: number | null) {
  const phone = body.customer.phone
  if (userId !== null && (await app.accounts.byId(userId))?.phone === phone) return
  if (provesPhone(app.sealingKey, body.phoneProof, phone, app.clock.now())) return
  throw refused('phoneProof', CONFIRM_PHONE)
}

/** How the shopper pays the delivery charge cash on delivery asks in advance: bKash or Send Money, as offered. */
async function advanceMethod(app: FastifyInstance, body: OrderRequest, advance: number) {
  const by = body.advanceBy
  if (!by || !(await app.settings.offers(by))) {
    throw refused(
      'advanceBy',
      `This order's delivery charge of TK ${advance} is paid in advance: choose bKash or Send Money for it`,
    )
  }
  return by
}

/**
 * Places an order, the first step of its life: everything is priced again from the database, the shop's
 * safeguards are checked (payment method, blocked numbers, limits, cash on delivery's), and the order is
 * written with its stock taken in the same transaction (place-insert.ts); the idempotency key (unique in the
 * table) makes a repeated or racing request answer with the one order it created.
 */
export async function placeOrder(app: FastifyInstance, input: PlaceInput): Promise<Placed> {
  const { order: body, placedBy, key, language, landing = null, beforeNewOrder = async () => {} } = input
  const { userId, clientAddress } = placedBy
  const hash = requestHash(body, userId)
  const earlier = await replay(app, key, hash)
  if (earlier) return { created: false, order: earlier }
  await beforeNewOrder()

  const provider = paymentProvider(body.paymentMethod)
  if (!provider || !(await app.settings.offers(provider.method))) {
    throw invalid('paymentMethod', 'This payment method is not available')
  }
  // a number the shop has blocked (fake or refused orders) gets no more parcels it pays for on delivery, or
  // no order at all when the shop said so
  const blocked = await app.accounts.blockOf({ userId, phone: body.customer.phone })
  if (blocked === 'all' || (blocked && provider.method === cashOnDelivery.method)) {
    throw new DomainError('forbidden', { paymentMethod: [blocked === 'all' ? ORDERS_BLOCKED : COD_BLOCKED] })
  }
  const { address, zone } = await resolveAddress(app, body, userId)

  if (body.points !== undefined && userId === null) throw refused('points', POINTS_SIGN_IN)
  const combined = combineLines(body.lines)
  const priced = await app.pricing.quote(
    combined,
    body.coupon,
    zone,
    userId !== null && body.points !== undefined ? { userId, asked: body.points } : undefined,
  )
  const { settings } = await app.settings.current()
  const limits = settings.orderLimits
  const lineProblems: Record<string, string[]> = {}
  body.lines.forEach((line, index) => {
    const pricedLine = priced.priced.find((p) => p.skuId === line.skuId)
    const problem = pricedLine && (pricedLine.problem ?? lineOverLimit(pricedLine, limits))
    if (problem) lineProblems[`lines.${index}`] = [problem]
  })
  if (Object.keys(lineProblems).length > 0) throw conflict(lineProblems)
  if (priced.couponError) throw invalid('coupon', priced.couponError)
  // the points are the server's: spent only as many as the shopper saw offered and the balance still has
  if (priced.points?.changed) throw conflict({ points: [POINTS_CHANGED] })

  const { totals } = priced
  const pieces = combined.reduce((sum, line) => sum + line.quantity, 0)
  const overLimit = orderOverLimit({ pieces, total: totals.total, guest: userId === null }, limits)
  if (overLimit) throw refused('lines', overLimit)
  // cash on delivery's safeguards: the largest order it pays for, and how many may be on their way at once
  const cod = provider.method === cashOnDelivery.method ? settings.payments.cod : null
  // where the shop asks it, cash on delivery's delivery charge is paid first, by bKash or Send Money
  const advance = cod ? codAdvance(advanceRule(settings), { zone, ...totals }) : 0
  const advanceBy = advance > 0 ? await advanceMethod(app, body, advance) : null
  const start: PaymentStart =
    advanceBy === ADVANCE_GATEWAY
      ? { status: 'pending_payment', paymentStatus: 'pending' }
      : advanceBy
        ? mobileTransfer.initial()
        : provider.initial()
  const byTransfer = provider.method === mobileTransfer.method || advanceBy === mobileTransfer.method
  // a transfer goes to a wallet the shop takes transfers on
  if (byTransfer) {
    if (!body.transfer) throw invalid('transfer', TRANSFER_MESSAGE)
    if (!settings.payments.transfer.numbers[body.transfer.wallet]) {
      throw invalid('transfer.wallet', 'The shop does not take transfers with this wallet')
    }
  }
  if (cod && cod.limit > 0 && totals.total > cod.limit) {
    throw refused(
      'paymentMethod',
      `Cash on delivery is for orders up to TK ${cod.limit}. Please choose another way to pay`,
    )
  }
  if (cod && cod.confirmAbove > 0 && totals.total > cod.confirmAbove) {
    await assertPhoneProven(app, body, userId)
  }
  try {
    const created = await insertOrder(
      app,
      {
        number: orderNumber(),
        userId,
        customerName: body.customer.name,
        phone: body.customer.phone,
        email: body.customer.email || null,
        language,
        address,
        zone,
        subtotal: totals.subtotal,
        discount: totals.discount,
        couponCode: totals.couponCode,
        couponDiscount: totals.couponDiscount,
        promotionDiscount: totals.promotionDiscount ?? 0,
        promotions: totals.promotions ?? [],
        pointsUsed: totals.pointsUsed ?? 0,
        pointsDiscount: totals.pointsDiscount ?? 0,
        vat: totals.vat,
        deliveryCharge: totals.deliveryCharge,
        total: totals.total,
        advance,
        paymentMethod: provider.method,
        paymentStatus: start.paymentStatus,
        status: start.status,
        notes: body.notes,
        idempotencyKey: key,
        requestHash: hash,
        clientAddress,
        attribution: landing,
        ...channelOf(landing),
        browser: placedBy.browser ?? null,
        lines: priced.priced.map(orderLine),
        note: start.status === 'pending_payment' ? 'Waiting for payment' : 'Order placed',
      },
      // an order waiting for payment is announced once the payment is confirmed
      {
        receivedText: (row) =>
          row.status === 'pending'
            ? orderReceivedText(shopNameIn(settings, row.language), row, provider)
            : null,
        openCodLimit: cod?.maxOpen || undefined,
        holdLimits: {
          perNumber: limits.heldPerNumber,
          perAddress: limits.heldPerAddress * app.config.PER_ADDRESS_LIMIT_FACTOR,
        },
        waivedDelivery: priced.waivedDelivery,
        spendPoints:
          userId !== null && totals.pointsUsed
            ? { userId, points: totals.pointsUsed, minimum: settings.rewardPoints.minimum }
            : undefined,
        transfer:
          byTransfer && body.transfer
            ? { ...body.transfer, transactionId: body.transfer.transactionId.toUpperCase() }
            : undefined,
      },
    )
    return { created: true, order: created }
  } catch (error) {
    if (error instanceof StockShortage) throw shortage(body, priced.priced, error)
    if (error instanceof PointsChanged) throw conflict({ points: [POINTS_CHANGED] })
    if (error instanceof TransferTaken) {
      throw conflict({
        'transfer.transactionId': ['This transaction ID has already been given for an order'],
      })
    }
    if (error instanceof OpenCodLimit) {
      throw conflict({
        paymentMethod: [
          `This number already has ${error.open} cash-on-delivery orders on their way. Please pay online, or wait for them to arrive`,
        ],
      })
    }
    if (error instanceof HeldStockLimit) {
      const field = error.holder === 'number' ? 'customer.phone' : 'lines'
      throw refused(field, heldTooMuch(error.holder, error.held, error.max))
    }
    if (error instanceof RequestKeyTaken) {
      const winner = await replay(app, key, hash)
      if (winner) return { created: false, order: winner }
    }
    throw error
  }
}
