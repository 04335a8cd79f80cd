import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod/mini'
import type {
  StaffOrderQuote,
  staffOrderBody,
  staffOrderQuoteBody,
} from '../../../src/contract/admin-order-create'
import { roundMoney } from '../../../src/lib/money'
import { linkOrigin, localOrigin } from '../../config'
import { orderDrafts } from '../../db/schema'
import { zoneOf } from '../../domain/bd-locations'
import { combineLines, withManualDiscount } from '../../domain/checkout'
import { conflict, DomainError, invalid } from '../../domain/errors'
import { orderNumber } from '../../domain/order-number'
import { orderTakenText } from '../../domain/order-texts'
import { cashOnDelivery, mobileTransfer } from '../../payments/providers'
import type { Actor } from '../audit'
import { shopNameIn } from '../settings'
import { orderLine, type Placed, replay, requestHash, shortage } from './place'
import { insertOrder, RequestKeyTaken, TransferTaken } from './place-insert'
import { StockShortage } from './stock'

export type StaffOrder = z.output<typeof staffOrderBody>
export type StaffQuoteRequest = z.output<typeof staffOrderQuoteBody>

/** An order a staff member takes by hand, as data. */
export type TakeInput = {
  order: StaffOrder
  /** the staff member taking it (null: the owner's ADMIN_TOKEN) */
  actor: Actor
  /** the request's idempotency key: the same key takes one order, and answers it again */
  key: string
}

export const BLOCKED_FOR_ALL = 'The shop refuses every order from this number: ask the owner'
export const BLOCKED_FOR_COD =
  'This number is blocked for cash on delivery: take the whole amount in advance, or ask the owner'

/**
 * Prices an order while the staff take it: the lines as checkout prices them today (a line that cannot be sold
 * as asked says why, it is not refused here), the delivery charge of the area's zone and the parcel's weight, the
 * coupon, and the staff's discount.
 */
export async function quoteTakenOrder(
  app: FastifyInstance,
  body: StaffQuoteRequest,
): Promise<StaffOrderQuote> {
  const zone =
    body.division && body.district && body.area ? zoneOf(body.division, body.district, body.area) : null
  const quote = await app.pricing.quote(combineLines(body.lines), body.coupon, zone ?? undefined)
  const noDelivery = {
    ...quote.totals,
    total: roundMoney(quote.totals.total - quote.totals.deliveryCharge),
    deliveryCharge: 0,
  }
  const { totals } = withManualDiscount(zone ? quote.totals : noDelivery, body.manualDiscount?.amount ?? 0)
  return {
    lines: quote.priced.map((line) => ({
      skuId: line.skuId,
      productId: line.productId,
      name: line.name,
      sku: line.sku,
      size: line.size,
      colour: line.colour,
      quantity: line.requested,
      unitPrice: line.unitPrice,
      unitDiscountedPrice: line.unitDiscountedPrice,
      lineTotal: line.lineTotal,
      stock: line.available,
      problem: line.problem,
    })),
    totals,
    zone,
    couponError: quote.couponError,
  }
}

/** How the money of an order taken by hand stands when it is placed. */
function paymentOf(total: number, advance: StaffOrder['advance']) {
  if (!advance) {
    return { paymentMethod: cashOnDelivery.method, paymentStatus: 'unpaid', advance: 0, paid: 0 } as const
  }
  if (advance.amount > total) {
    throw invalid('advance.amount', `More than the order's total of TK ${total}`)
  }
  // all of it in advance: paid by the transfer; part of it: the rest is cash on delivery
  return advance.amount === total
    ? ({ paymentMethod: mobileTransfer.method, paymentStatus: 'paid', advance: 0, paid: total } as const)
    : ({
        paymentMethod: cashOnDelivery.method,
        paymentStatus: 'advance_paid',
        advance: advance.amount,
        paid: advance.amount,
      } as const)
}

/**
 * Places an order a staff member took by phone, in an inbox or at the counter: priced again from the database
 * as checkout prices it, written with its stock taken in the same transaction (place-insert.ts) and confirmed
 * (the staff spoke with the shopper), with its source, who took it, an advance already received, and the
 * staff's discount with its reason. The shopper is texted the link to the order's page; the draft it finishes
 * goes with it. A number the shop blocked gets no cash on delivery here either.
 */
export async function takeOrder(app: FastifyInstance, input: TakeInput): Promise<Placed> {
  const { order: body, actor, key } = input
  const hash = requestHash(body, actor.staffId)
  const earlier = await replay(app, key, hash)
  if (earlier) return { created: false, order: earlier }
  const zone = zoneOf(body.address.division, body.address.district, body.address.area)
  if (!zone) throw invalid('address.area', 'Choose the division, district and area from the lists')

  const combined = combineLines(body.lines)
  const quote = await app.pricing.quote(combined, body.coupon, zone)
  const lineProblems: Record<string, string[]> = {}
  body.lines.forEach((line, index) => {
    const problem = quote.priced.find((p) => p.skuId === line.skuId)?.problem
    if (problem) lineProblems[`lines.${index}`] = [problem]
  })
  if (Object.keys(lineProblems).length > 0) throw conflict(lineProblems)
  if (quote.couponError) throw invalid('coupon', quote.couponError)

  const discounted = withManualDiscount(quote.totals, body.manualDiscount?.amount ?? 0)
  if (discounted.capped) {
    throw invalid('manualDiscount.amount', 'The discount is more than the products cost')
  }
  const { totals } = discounted
  const payment = paymentOf(totals.total, body.advance)
  // a number the shop blocked gets no cash on delivery from the staff either, or no order at all
  const blocked = await app.accounts.blockOf({ userId: null, phone: body.customer.phone })
  if (blocked === 'all') throw new DomainError('forbidden', { 'customer.phone': [BLOCKED_FOR_ALL] })
  if (blocked && payment.paymentMethod === cashOnDelivery.method) {
    throw new DomainError('forbidden', { 'customer.phone': [BLOCKED_FOR_COD] })
  }
  const origin = linkOrigin(app.config) ?? localOrigin(app.config)
  const { settings } = await app.settings.current()
  try {
    const created = await insertOrder(
      app,
      {
        number: orderNumber(),
        // the number's account, if it has one, sees the order among its own
        userId: (await app.accounts.byPhone(body.customer.phone))?.id ?? null,
        customerName: body.customer.name,
        phone: body.customer.phone,
        email: null,
        language: body.language,
        address: body.address,
        zone,
        subtotal: totals.subtotal,
        discount: totals.discount,
        couponCode: totals.couponCode,
        couponDiscount: totals.couponDiscount,
        promotionDiscount: totals.promotionDiscount ?? 0,
        promotions: totals.promotions ?? [],
        manualDiscount: totals.manualDiscount ?? 0,
        manualDiscountReason: body.manualDiscount?.reason ?? null,
        vat: totals.vat,
        deliveryCharge: totals.deliveryCharge,
        total: totals.total,
        advance: payment.advance,
        paid: payment.paid,
        paymentMethod: payment.paymentMethod,
        paymentStatus: payment.paymentStatus,
        status: 'confirmed',
        notes: body.notes,
        idempotencyKey: key,
        requestHash: hash,
        clientAddress: null,
        source: body.source,
        takenBy: actor.staffId,
        lines: quote.priced.map(orderLine),
        note: 'Order placed',
      },
      {
        receivedText: (row) =>
          orderTakenText(
            shopNameIn(settings, row.language),
            row,
            `${origin}/confirm-order?number=${row.number}`,
          ),
        waivedDelivery: quote.waivedDelivery,
        transfer: body.advance
          ? {
              wallet: body.advance.wallet,
              transactionId: body.advance.transactionId.toUpperCase(),
              sender: body.customer.phone,
              received: true,
            }
          : undefined,
        staffId: actor.staffId,
        alsoWrite: async (tx, row) => {
          if (body.draftId) await tx.delete(orderDrafts).where(eq(orderDrafts.id, body.draftId))
          await app.audit.record(
            actor,
            {
              action: 'order.take',
              objectType: 'order',
              objectId: row.id,
              after: {
                number: row.number,
                source: row.source,
                total: row.total,
                paymentMethod: row.paymentMethod,
                paid: row.paid,
                manualDiscount: row.manualDiscount,
                manualDiscountReason: row.manualDiscountReason,
              },
            },
            tx,
          )
        },
      },
    )
    return { created: true, order: created }
  } catch (error) {
    if (error instanceof StockShortage) throw shortage(body, quote.priced, error)
    if (error instanceof TransferTaken) {
      throw conflict({ 'advance.transactionId': ['This transaction ID has already been given for an order'] })
    }
    if (error instanceof RequestKeyTaken) {
      const winner = await replay(app, key, hash)
      if (winner) return { created: false, order: winner }
    }
    throw error
  }
}
