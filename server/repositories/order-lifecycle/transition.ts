import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OrderStatus, PaymentStatus } from '../../../src/contract/orders'
import type { Tx } from '../../db/client'
import { orderStatusHistory, orders } from '../../db/schema'
import { conflict, notFound } from '../../domain/errors'
import { type EventEntry, eventEffect, eventProblem, type OrderEvent } from '../../domain/order-lifecycle'
import {
  advanceReceivedText,
  moneyReceivedText,
  orderChangedText,
  orderStatusText,
  paymentReceivedText,
  reasonText,
} from '../../domain/order-texts'
import { queueText } from '../../jobs/texts'
import { mobileTransfer } from '../../payments/providers'
import { type Notice, notify } from '../../push/notify'
import type { Actor } from '../audit'
import { releaseCouponUseOnce } from '../coupon-uses'
import type { OrderRow } from '../orders'
import { earnPoints, givePointsBack, takeBackEarned } from '../reward-points'
import { planReturn, takeBack } from './returns'
import { releaseStockOnce } from './stock'

/**
 * The shopper's reward points an order's new status moves: a delivered order earns its points (once); a
 * cancelled or returned one gives back the points it spent, and a returned one that had earned takes them
 * back, as far as the balance still has them (docs/decisions/0038).
 */
async function movePoints(app: FastifyInstance, tx: Tx, order: OrderRow, at: Date) {
  if (order.userId === null) return
  if (order.status === 'delivered') {
    const { earnPer100 } = (await app.settings.current(tx)).settings.rewardPoints
    await earnPoints(tx, order, earnPer100, at)
  }
  if (order.status === 'cancelled' || order.status === 'returned') {
    await givePointsBack(tx, order, 0, at)
    if (order.status === 'returned') await takeBackEarned(tx, order, at)
  }
}

/** What a transition did: the order after it, and the keys of the texts it queued with it. */
export type Transitioned = { order: OrderRow; texts: string[] }

/**
 * The one writer of an order's timeline (placing writes the first entry through it too); answers the entry's id.
 */
export async function writeEntry(
  tx: Tx,
  order: { id: number; status: string },
  entry: EventEntry,
  staffId: number | null,
  at: Date,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, status: order.status, staffId, createdAt: at, ...entry })
    .returning({ id: orderStatusHistory.id })
  return row?.id
}

const snapshot = (row: OrderRow) => ({
  status: row.status,
  version: row.version,
  courier: row.courier,
  trackingNumber: row.trackingNumber,
  cancelReason: row.cancelReason,
  cancelReasonCode: row.cancelReasonCode,
  cancelCode: row.cancelCode,
})

/** What the shopper is told of an event, if anything. */
function textOf(
  shop: string,
  before: OrderRow,
  order: OrderRow,
  event: OrderEvent,
  itemsBack: number | undefined,
): string | null {
  switch (event.kind) {
    case 'edited':
      return order.total === before.total
        ? null
        : orderChangedText(shop, order, reasonText(order.language, event.note, event.reasonCode))
    case 'move':
      return orderStatusText(shop, order, event.change.to, itemsBack)
    case 'paid':
      return order.advance > 0
        ? advanceReceivedText(shop, order)
        : paymentReceivedText(shop, order, event.payment)
    case 'transfer-verified':
      return moneyReceivedText(shop, order, mobileTransfer)
    default:
      return null
  }
}

/**
 * Applies an event to an order the caller has locked (`lockOrder`), in the caller's transaction: checks it
 * against the table (409 otherwise), writes the order's status, columns and version, its timeline entry, gives
 * back a cancelled order's coupon use and stock (once) or a return's items, records a staff move in the audit
 * log, and queues the shopper's text, so that the text goes only if all this commits. Catalogue changes (stock,
 * sold counts) are announced by the database's triggers.
 */
export async function transition(
  app: FastifyInstance,
  tx: Tx,
  row: OrderRow,
  event: OrderEvent,
  actor: Actor,
): Promise<Transitioned> {
  const from = row.status as OrderStatus
  const problem = eventProblem(from, event)
  if (problem) throw conflict({ [problem.field]: [problem.message] })
  const now = app.clock.now()
  const effect = eventEffect(
    { ...row, status: from, paymentStatus: row.paymentStatus as PaymentStatus },
    event,
  )
  const plan =
    event.kind === 'move' && event.change.to === 'returned'
      ? await planReturn(tx, row.id, event.change)
      : null
  // a return of some of the order's items keeps its status and is recorded as an edit
  const partial = plan !== null && !plan.whole
  const status = partial ? from : effect.status

  // an event that changes nothing on the row (a note) leaves it untouched: its day's sums stay (migration 0021)
  const touchesRow = effect.bumpsVersion || status !== from || Object.keys(effect.columns).length > 0
  const [order] = touchesRow
    ? await tx
        .update(orders)
        .set({
          status,
          ...effect.columns,
          ...(effect.bumpsVersion ? { version: sql`${orders.version} + 1`, updatedAt: now } : {}),
        })
        .where(eq(orders.id, row.id))
        .returning()
    : [row]
  if (!order) throw notFound('order', 'Order not found')
  const entry: EventEntry = plan
    ? { ...effect.entry, kind: partial ? 'edit' : 'status', changes: plan.returned }
    : effect.entry
  const entryId = await writeEntry(tx, order, entry, actor.staffId, now)

  if (effect.releases) {
    // the coupon's row before the skus', as placing an order takes them: never a wait in a cycle
    await releaseCouponUseOnce(tx, row.id)
    await releaseStockOnce(tx, row.id, now)
  }
  if (plan) await takeBack(tx, plan.back)
  if (status !== from) await movePoints(app, tx, order, now)

  if (event.kind === 'move' && (actor.staffId !== null || actor.ip !== null)) {
    await app.audit.record(
      actor,
      {
        action: partial ? 'order.return' : 'order.status',
        objectType: 'order',
        objectId: row.id,
        before: snapshot(row),
        after: {
          ...snapshot(order),
          ...(plan ? { returned: plan.back.map(({ sku, quantity }) => ({ sku, quantity })) } : {}),
        },
      },
      tx,
    )
  }
  if (event.kind === 'noted') {
    await app.audit.record(
      actor,
      { action: 'order.note', objectType: 'order', objectId: row.id, after: { note: event.note } },
      tx,
    )
  }

  const texts: string[] = []
  const itemsBack = partial ? plan.back.reduce((sum, line) => sum + line.quantity, 0) : undefined
  const text = effect.textKey
    ? textOf(await app.settings.shopName(order.language, tx), row, order, event, itemsBack)
    : null
  if (text) {
    // a text that can come again (a return of some items, an edit) is keyed by its timeline entry
    const key =
      partial || event.kind === 'edited'
        ? `order-text:${row.id}:${partial ? 'returned' : 'edited'}:${entryId}`
        : `order-text:${row.id}:${effect.textKey}`
    await queueText(app, { phone: order.phone, text, key, tx })
    texts.push(key)
    // the browsers that follow the order hear of it too, each in the language it subscribed in
    const browsers = await app.pushSubscriptions.forOrder(order, tx)
    if (browsers.length > 0) {
      const notice = await pushNotice(app, tx, { before: row, order, event, itemsBack })
      if (notice) await notify(app, browsers, notice, { key: key.replace(/^order-text:/, 'order:'), tx })
    }
  }
  return { order, texts }
}

/** The page a push about an order opens: the shopper's own order page, or a guest's confirmation. */
export const orderPageUrl = (order: OrderRow) =>
  order.userId === null
    ? `/confirm-order?number=${encodeURIComponent(order.number)}`
    : `/user/order/${order.id}`

/**
 * An event's text as a push says it, in both languages: the shop's name (as its settings have it in each
 * language) as the title, the text's words after it as the body.
 */
async function pushNotice(
  app: FastifyInstance,
  tx: Tx,
  change: { before: OrderRow; order: OrderRow; event: OrderEvent; itemsBack: number | undefined },
): Promise<Notice | null> {
  const title = { en: '', bn: '' }
  const body = { en: '', bn: '' }
  for (const language of ['en', 'bn'] as const) {
    const shop = await app.settings.shopName(language, tx)
    const said = textOf(
      shop,
      { ...change.before, language },
      { ...change.order, language },
      change.event,
      change.itemsBack,
    )
    if (!said) return null
    title[language] = shop
    body[language] = said.startsWith(`${shop}: `) ? said.slice(shop.length + 2) : said
  }
  return { title, body, url: orderPageUrl(change.order) }
}
