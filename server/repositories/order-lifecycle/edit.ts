import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { DeliveryZone } from '../../../src/contract/addresses'
import { EDIT_REASONS } from '../../../src/contract/admin-order-reasons'
import type { OrderEditBody } from '../../../src/contract/admin-orders'
import type { Totals } from '../../../src/contract/cart'
import {
  type OrderAddress,
  type OrderChange,
  type OrderLine,
  type OrderStatus,
  orderAddress,
  type PaymentStatus,
} from '../../../src/contract/orders'
import { roundMoney } from '../../../src/lib/money'
import type { Tx } from '../../db/client'
import { coupons, orderLines } from '../../db/schema'
import { zoneOf } from '../../domain/bd-locations'
import {
  discountedSubtotal,
  includedVat,
  orderTotals,
  type PricedSku,
  withManualDiscount,
} from '../../domain/checkout'
import { applyCoupon } from '../../domain/coupon'
import { deliveryCharge, parcelGrams } from '../../domain/delivery'
import { conflict, invalid } from '../../domain/errors'
import { kindProblem } from '../../domain/order-lifecycle'
import { moneyChanges, moneyIn, paymentStatusOf } from '../../domain/order-money'
import { applyPromotions } from '../../domain/promotions'
import { itemsTotalOf, pointsKept, withPoints } from '../../domain/reward-points'
import type { Actor } from '../audit'
import { type OrderRow, orderPromotionsOf, totalsOf } from '../orders'
import { loadPricedSkus } from '../pricing'
import { orderPromotions } from '../promotions'
import { givePointsBack } from '../reward-points'
import { checkVersion, lockOrder } from './lock'
import { moveStock, StockShortage } from './stock'
import { transition } from './transition'

/** The order as an edit leaves it: what the answer of a dry run shows in place of the order's own. */
export type EditedOrder = {
  lines: OrderLine[]
  totals: Totals
  address: OrderAddress
  zone: DeliveryZone
  /** where its money stands after the new total */
  paymentStatus: PaymentStatus
}

/** What an edit did (or, a dry run, would do). */
export type Edited = {
  dryRun: boolean
  /** what changed, in order, as the timeline keeps it (each reader gets it in their language) */
  changes: OrderChange[]
  after: EditedOrder
}

/** Thrown at the end of a dry run's transaction: everything it wrote is undone, its result kept. */
class DryRun extends Error {
  constructor(readonly edited: Edited) {
    super('dry run')
  }
}

type StoredLine = typeof orderLines.$inferSelect

/** A line as the timeline names it: its product and variant. */
const named = ({ name, size, colour }: { name: string; size: string | null; colour: string | null }) => ({
  name,
  size,
  colour,
})

const asOrderLine = ({ id: _id, orderId: _order, returnedQuantity: _back, ...line }: StoredLine): OrderLine =>
  line

/**
 * The new set of lines, priced. THE PRICE RULE: a sku already in the order keeps the unit prices it was
 * ordered at, whatever its new quantity (the shopper agreed to them, and a price rise since must not reach
 * an order the shop is only correcting); a sku new to the order is priced as the shop sells it today, like
 * any new purchase. A kept line whose quantity does not change keeps its VAT as charged; a changed one has
 * its VAT worked out again at the sku's rate.
 */
function priceEditedLines(
  asked: OrderEditBody['lines'],
  old: StoredLine[],
  now: Map<number, PricedSku>,
): { lines: OrderLine[]; problems: Record<string, string[]> } {
  const problems: Record<string, string[]> = {}
  const lines: OrderLine[] = []
  asked.forEach((item, index) => {
    const kept = old.find((line) => line.skuId === item.skuId)
    const today = now.get(item.skuId)
    if (kept) {
      const lineTotal = roundMoney(kept.unitDiscountedPrice * item.quantity)
      const vat = item.quantity === kept.quantity ? kept.vat : includedVat(lineTotal, today?.vat ?? 0)
      lines.push({ ...asOrderLine(kept), quantity: item.quantity, lineTotal, vat })
      return
    }
    if (!today) {
      problems[`lines.${index}`] = ['This item is no longer available']
      return
    }
    if (today.productStatus !== 'active') {
      problems[`lines.${index}`] = [`${today.name} is no longer available`]
      return
    }
    const lineTotal = roundMoney(today.discountedPrice * item.quantity)
    lines.push({
      productId: today.productId,
      skuId: today.skuId,
      name: today.name,
      slug: today.slug,
      sku: today.sku,
      size: today.size,
      colour: today.colour,
      image: today.thumbnail.split(',')[0]?.trim() || null,
      unitPrice: today.price,
      unitDiscountedPrice: today.discountedPrice,
      quantity: item.quantity,
      vat: includedVat(lineTotal, today.vat),
      lineTotal,
    })
  })
  return { lines, problems }
}

/** How many more of a sku the order takes (positive) or gives back (negative). */
type StockMove = { skuId: number; productId: number; delta: number; name: string; index: number }

function stockMoves(asked: OrderEditBody['lines'], old: StoredLine[], lines: OrderLine[]): StockMove[] {
  const moves: StockMove[] = []
  lines.forEach((line, index) => {
    const before = old.find((o) => o.skuId === line.skuId)?.quantity ?? 0
    if (line.quantity !== before) {
      moves.push({
        skuId: line.skuId,
        productId: line.productId,
        delta: line.quantity - before,
        name: line.name,
        index,
      })
    }
  })
  for (const line of old) {
    if (!asked.some((item) => item.skuId === line.skuId)) {
      moves.push({
        skuId: line.skuId,
        productId: line.productId,
        delta: -line.quantity,
        name: line.name,
        index: -1,
      })
    }
  }
  return moves
}

/**
 * Takes and gives back the stock of the edit (lifecycle/stock.ts, in sku order as checkout and cancels take
 * their locks); a sku with too few left is a 409 on its line, the transaction and everything in it undone.
 */
async function moveEditedStock(tx: Tx, moves: StockMove[]): Promise<void> {
  try {
    await moveStock(tx, moves)
  } catch (error) {
    if (!(error instanceof StockShortage)) throw error
    const move = moves.find((candidate) => candidate.skuId === error.skuId)
    const name = move?.name ?? ''
    const message = error.left > 0 ? `Only ${error.left} left of ${name}` : `${name} is out of stock`
    throw conflict({ [`lines.${move?.index ?? -1}`]: [message] })
  }
}

const sameAddress = (a: OrderAddress, b: OrderAddress) =>
  (Object.keys(a) as (keyof OrderAddress)[]).every((key) => a[key] === b[key])

/**
 * The order's coupon worked out again on the new lines, as it was when the order was placed (its dates and
 * on/off switch then: the shopper used it in time) but with its minimum checked against the new subtotal.
 * A coupon whose minimum is no longer met stays on the order with nothing off (it comes back if the order
 * grows again), and the timeline says so.
 */
async function recomputeCoupon(
  tx: Tx,
  row: OrderRow,
  subtotal: number,
): Promise<{
  coupon: { code: string; discount: number } | null
  /** why it no longer takes anything off: its minimum (null: the coupon is gone) */
  dropped: { minimum: number | null } | null
  freeDelivery: boolean
}> {
  if (!row.couponCode) return { coupon: null, dropped: null, freeDelivery: false }
  const [found] = await tx.select().from(coupons).where(eq(coupons.code, row.couponCode))
  if (!found) {
    return {
      coupon: { code: row.couponCode, discount: 0 },
      dropped: { minimum: null },
      freeDelivery: false,
    }
  }
  const result = applyCoupon({ ...found, active: true }, subtotal, row.createdAt)
  if (result.ok) {
    return {
      coupon: { code: row.couponCode, discount: result.discount },
      dropped: null,
      freeDelivery: result.freeDelivery,
    }
  }
  return {
    coupon: { code: row.couponCode, discount: 0 },
    dropped: { minimum: found.minSubtotal },
    freeDelivery: false,
  }
}

const snapshot = (lines: OrderLine[], totals: Totals, address: OrderAddress, zone: string) => ({
  lines: lines.map(({ sku, quantity, unitDiscountedPrice }) => ({ sku, quantity, unitDiscountedPrice })),
  totals,
  address,
  zone,
})

/**
 * Edits an order before it is packed, in one transaction on the locked order: version and status checked,
 * the new lines priced (see priceEditedLines), stock taken and given back by the difference, the coupon,
 * VAT, delivery charge and total worked out again, the order's version bumped, an `edit` entry in its
 * timeline and an audit entry. With `dryRun` all of it runs and is undone: the result says what it would be.
 */
export async function editOrder(
  app: FastifyInstance,
  id: number,
  body: OrderEditBody,
  actor: Actor,
): Promise<Edited> {
  // the place is checked, and the zones' charges read, before the order is locked
  const zone = body.address ? zoneOf(body.address.division, body.address.district, body.address.area) : null
  if (body.address && !zone) {
    throw invalid('address.area', 'Choose the division, district and area from the lists')
  }
  const { delivery, rewardPoints } = (await app.settings.current()).settings

  try {
    return await app.db.transaction(async (tx) => {
      const row = await lockOrder(tx, id)
      await checkVersion(tx, row, body.version)
      // checked before the lines are read: an order that can no longer change says so first
      const problem = kindProblem(row.status as OrderStatus, 'edited')
      if (problem) throw conflict({ [problem.field]: [problem.message] })

      const old = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, id))
        .orderBy(asc(orderLines.id))
      // the old lines' skus too: their weights price the parcel as it was
      const now = await loadPricedSkus(tx, [...new Set([...body.lines, ...old].map((line) => line.skuId))])
      const { lines, problems } = priceEditedLines(body.lines, old, now)
      if (Object.keys(problems).length) throw conflict(problems)

      // the address: a new one, or the order's own
      const oldAddress = orderAddress.parse(row.address)
      const address: OrderAddress = body.address
        ? { ...body.address, landmark: body.address.landmark ?? '' }
        : oldAddress
      const newZone = (zone ?? row.zone) as DeliveryZone
      const { coupon, dropped, freeDelivery } = await recomputeCoupon(tx, row, discountedSubtotal(lines))
      // the delivery charge: the staff's; else what checkout would charge now when the zone changes, or when
      // the parcel (its weight, its goods against the free-delivery threshold) costs otherwise at today's
      // rates than it did (none with a coupon that gives free delivery); else as charged
      const priceParcel = (
        to: DeliveryZone,
        parcel: { skuId: number; quantity: number }[],
        goods: number,
      ) => {
        if (freeDelivery) return 0
        const weighed = parcel.map((line) => ({
          quantity: line.quantity,
          weightGrams: now.get(line.skuId)?.weightGrams ?? 0,
        }))
        return deliveryCharge(to, { grams: parcelGrams(weighed), goods }, delivery)
      }
      // the lines' VAT is summed below as each line keeps it
      const charged = lines.map((line) => ({ ...line, vatRate: 0 }))
      // the promotions the order was given, worked out again on its new lines
      const applied = applyPromotions(
        lines.map((line) => ({
          productId: line.productId,
          categoryPath: now.get(line.skuId)?.categoryPath ?? [],
          unitDiscountedPrice: line.unitDiscountedPrice,
          quantity: line.quantity,
        })),
        await orderPromotions(
          tx,
          orderPromotionsOf(row.promotions).map((promotion) => promotion.id),
        ),
      )
      const repriced = priceParcel(newZone, lines, orderTotals(charged, coupon, 0, applied).total)
      const wasPriced = priceParcel(row.zone as DeliveryZone, old, roundMoney(row.total - row.deliveryCharge))
      const charge =
        body.deliveryCharge ??
        (newZone !== row.zone || repriced !== wasPriced ? repriced : row.deliveryCharge)

      // a discount the staff gave by hand stays, as far as the goods left still cost it
      const beforePoints: Totals = withManualDiscount(
        {
          ...orderTotals(charged, coupon, charge, applied),
          vat: roundMoney(lines.reduce((sum, line) => sum + line.vat, 0)),
        },
        row.manualDiscount,
      ).totals
      // the points spent stay as far as the cap on the new items allows; the rest go back to the shopper
      const points = pointsKept(row, itemsTotalOf(beforePoints), rewardPoints.capPercent)
      const totals = withPoints(beforePoints, points.points > 0 ? points : null)

      // what changed, as the timeline keeps it
      const changes: OrderChange[] = []
      for (const line of old) {
        const after = lines.find((l) => l.skuId === line.skuId)
        if (!after) changes.push({ kind: 'removed', line: named(line) })
        else if (after.quantity !== line.quantity) {
          changes.push({ kind: 'quantity', line: named(line), from: line.quantity, to: after.quantity })
        }
      }
      for (const line of lines) {
        if (!old.some((o) => o.skuId === line.skuId)) {
          changes.push({
            kind: 'added',
            line: named(line),
            quantity: line.quantity,
            price: line.unitDiscountedPrice,
          })
        }
      }
      if (!sameAddress(oldAddress, address)) changes.push({ kind: 'address' })
      if (charge !== row.deliveryCharge) {
        changes.push({ kind: 'delivery', from: row.deliveryCharge, to: charge })
      }
      if (dropped && row.couponDiscount > 0) {
        changes.push({ kind: 'coupon-dropped', code: row.couponCode ?? '', minimum: dropped.minimum })
      } else if (totals.couponDiscount !== row.couponDiscount) {
        changes.push({
          kind: 'coupon',
          code: row.couponCode ?? '',
          from: row.couponDiscount,
          to: totals.couponDiscount,
        })
      }
      const changed = changes.length > 0
      // what was paid stays; the new total decides what is still owed (server/domain/order-money.ts)
      const money = moneyIn({ ...row, total: totals.total })
      const paymentStatus = paymentStatusOf(row.paymentStatus, money)
      if (totals.total !== row.total) {
        changes.push({ kind: 'total', from: row.total, to: totals.total }, ...moneyChanges(money))
      }
      const after: EditedOrder = { lines, totals, address, zone: newZone, paymentStatus }
      if (body.dryRun) {
        await moveEditedStock(tx, stockMoves(body.lines, old, lines))
        throw new DryRun({ dryRun: true, changes, after })
      }
      if (!changed) throw invalid('lines', 'Nothing to save: the order is as it was')

      await moveEditedStock(tx, stockMoves(body.lines, old, lines))
      for (const line of old) {
        const next = lines.find((l) => l.skuId === line.skuId)
        if (!next) await tx.delete(orderLines).where(eq(orderLines.id, line.id))
        else if (next.quantity !== line.quantity) {
          await tx
            .update(orderLines)
            .set({ quantity: next.quantity, lineTotal: next.lineTotal, vat: next.vat })
            .where(eq(orderLines.id, line.id))
        }
      }
      const added = lines.filter((line) => !old.some((o) => o.skuId === line.skuId))
      if (added.length) await tx.insert(orderLines).values(added.map((line) => ({ orderId: id, ...line })))

      await transition(
        app,
        tx,
        row,
        {
          kind: 'edited',
          // the shopper reads the same entry on their order, in their language
          note: body.reasonCode ? EDIT_REASONS[body.reasonCode] : (body.note ?? ''),
          ...(body.reasonCode ? { reasonCode: body.reasonCode } : {}),
          changes,
          columns: {
            address,
            zone: newZone,
            ...totals,
            promotionDiscount: totals.promotionDiscount ?? 0,
            promotions: totals.promotions ?? [],
            pointsUsed: points.points,
            pointsDiscount: points.discount,
            paymentStatus,
          },
        },
        actor,
      )
      await givePointsBack(tx, row, points.points, app.clock.now())
      const before = totalsOf(row)
      await app.audit.record(
        actor,
        {
          action: 'order.edit',
          objectType: 'order',
          objectId: id,
          before: {
            ...snapshot(old.map(asOrderLine), before, oldAddress, row.zone),
            paymentStatus: row.paymentStatus,
            version: row.version,
          },
          after: {
            ...snapshot(lines, totals, address, newZone),
            paymentStatus,
            version: row.version + 1,
            ...(body.note ? { note: body.note } : {}),
            ...(body.reasonCode ? { reason: body.reasonCode } : {}),
          },
        },
        tx,
      )
      return { dryRun: false, changes, after }
    })
  } catch (error) {
    if (error instanceof DryRun) return error.edited
    throw error
  }
}
