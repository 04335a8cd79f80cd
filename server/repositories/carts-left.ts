import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { CartsLeftReport } from '../../src/contract/admin-carts-left'
import type { RestoredCart } from '../../src/contract/carts-left'
import type { Language } from '../../src/contract/language'
import { canonicalOrigin } from '../config'
import type { Tx } from '../db/client'
import { type CartLeftLine, cartItems, cartsLeft, orders, skus, users } from '../db/schema'
import {
  cartReminderPush,
  cartReminderText,
  lastThreeDigits,
  outsideQuietHours,
  REMINDER_TOKEN_TTL_MS,
  reminderDueAt,
  restorePath,
  stopPath,
} from '../domain/carts-left'
import { CART_LEFT, cartLeftJob } from '../jobs/carts-left'
import { pushElseText } from '../push/notify'

/** What a shopper who gave their number left: the lines, the page's language, who they are when signed in. */
export type CartActivity = { phone: string; lines: CartLeftLine[]; language: Language; userId: number | null }

/** What the reminder job decided (tests and the dev route read it). */
export type ReminderOutcome = 'sent' | 'later' | 'nothing'

/** Carts left behind (docs/carts-left-behind.md): each number's last cart, its one reminder, and its recovery. */
export type CartsLeftRepository = {
  /** keeps a number's cart as it is now; the row's one reminder job is queued when none is */
  note(activity: CartActivity): Promise<void>
  /** a signed-in shopper's server cart changed: kept under the account's number, when it has one */
  noteServerCart(userId: number, language: Language): Promise<void>
  /** the job: sends the one reminder when it is due, re-queues itself when it is not yet */
  remind(id: number, options?: { now?: boolean }): Promise<ReminderOutcome>
  /** the number's row, sent its reminder at once whatever the delay and the hour (DEV_OUTBOX's test support) */
  remindNow(phone: string): Promise<ReminderOutcome>
  /** a restore link's lines, sellable and capped by stock; null for an unknown or expired token */
  restore(token: string): Promise<RestoredCart | null>
  /** the stop link: the number is reminded no more; false for an unknown token */
  stop(token: string): Promise<boolean>
  /** the last 30 days, the newest first; numbers masked unless `fullNumbers` */
  report(fullNumbers: boolean): Promise<CartsLeftReport>
}

declare module 'fastify' {
  interface FastifyInstance {
    cartsLeft: CartsLeftRepository
  }
}

const DAY_MS = 86_400_000
export const REPORT_DAYS = 30
/** the report's newest rows, at most */
export const REPORT_ROWS = 500

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * An order placed by a number after its reminder, while the reminder's links work, is the cart recovered:
 * written in the order's own transaction (place-insert.ts).
 */
export async function markCartRecovered(tx: Tx, order: { id: number; phone: string; createdAt: Date }) {
  await tx
    .update(cartsLeft)
    .set({ recoveredOrderId: order.id })
    .where(
      and(
        eq(cartsLeft.phone, order.phone),
        isNull(cartsLeft.recoveredOrderId),
        isNotNull(cartsLeft.remindedAt),
        sql`${cartsLeft.remindedAt} <= ${order.createdAt}`,
        gte(cartsLeft.tokenExpiresAt, order.createdAt),
      ),
    )
}

export function createCartsLeftRepository(app: FastifyInstance): CartsLeftRepository {
  /** the lines as they sell now: sellable skus, quantities capped by stock, and what they come to */
  async function sellable(lines: CartLeftLine[]) {
    if (lines.length === 0) return { lines: [], value: 0 }
    const quote = await app.pricing.quote(lines, undefined)
    const kept = quote.lines.filter(
      (line): line is typeof line & { productId: number } => line.productId !== null && line.quantity > 0,
    )
    const codes =
      kept.length === 0
        ? new Map<number, string>()
        : new Map(
            (
              await app.db
                .select({ id: skus.id, sku: skus.sku })
                .from(skus)
                .where(
                  inArray(
                    skus.id,
                    kept.map((line) => line.skuId),
                  ),
                )
            ).map((row) => [row.id, row.sku]),
          )
    return {
      lines: kept.map((line) => ({
        skuId: line.skuId,
        sku: codes.get(line.skuId) ?? '',
        productId: line.productId,
        quantity: line.quantity,
        price: line.unitDiscountedPrice,
      })),
      value: kept.reduce((sum, line) => sum + line.lineTotal, 0),
    }
  }

  async function note({ phone, lines, language, userId }: CartActivity) {
    const { value } = await sellable(lines)
    const { enabled, delayHours } = (await app.settings.current()).settings.cartReminders
    const now = app.clock.now()
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cartsLeft)
        .values({ phone, lines, value, language, userId, lastActivityAt: now })
        .onConflictDoUpdate({
          target: cartsLeft.phone,
          set: {
            lines,
            value,
            language,
            userId: sql`coalesce(${userId}::integer, ${cartsLeft.userId})`,
            lastActivityAt: now,
          },
        })
        .returning()
      if (!row || !enabled || lines.length === 0) return
      if (row.reminderDueAt !== null || row.remindedAt !== null || row.optedOutAt !== null) return
      await queueReminder(tx, row.id, reminderDueAt(now, delayHours))
    })
  }

  async function queueReminder(tx: Tx, id: number, runAt: Date) {
    await tx.update(cartsLeft).set({ reminderDueAt: runAt }).where(eq(cartsLeft.id, id))
    await app.jobs.enqueue(
      CART_LEFT,
      { cartLeft: id },
      { tx, runAt, key: `${CART_LEFT}:${id}:${runAt.toISOString()}` },
    )
  }

  async function remind(id: number, { now: atOnce = false } = {}): Promise<ReminderOutcome> {
    const { enabled, delayHours } = (await app.settings.current()).settings.cartReminders
    const now = app.clock.now()
    const [found] = await app.db.select().from(cartsLeft).where(eq(cartsLeft.id, id))
    if (!found) return 'nothing'
    const { lines, value } = await sellable(found.lines)
    const pieces = lines.reduce((sum, line) => sum + line.quantity, 0)
    const userId = found.userId
    const browsers = userId === null ? [] : await app.pushSubscriptions.forUser(userId)
    const shop = await app.settings.shopName(found.language)
    return app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(cartsLeft).where(eq(cartsLeft.id, id)).for('update')
      if (!row) return 'nothing'
      const done = async () => {
        await tx.update(cartsLeft).set({ reminderDueAt: null }).where(eq(cartsLeft.id, id))
        return 'nothing' as const
      }
      if (row.remindedAt !== null || row.optedOutAt !== null || (!enabled && !atOnce)) return done()
      if (!atOnce) {
        // a newer activity moved the cart's time: its reminder is due later
        const due = reminderDueAt(row.lastActivityAt, delayHours)
        if (due > now) {
          await queueReminder(tx, id, due)
          return 'later'
        }
      }
      const [ordered] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.phone, row.phone), gte(orders.createdAt, row.lastActivityAt)))
        .limit(1)
      if (ordered || pieces === 0) return done()
      const allowed = outsideQuietHours(now)
      if (!atOnce && allowed > now) {
        await queueReminder(tx, id, allowed)
        return 'later'
      }
      const token = randomBytes(32).toString('base64url')
      const origin = canonicalOrigin(app.config)
      const facts = {
        language: row.language,
        shop,
        pieces,
        link: `${origin}${restorePath(token)}`,
        stop: `${origin}${stopPath(token)}`,
      }
      const body = {
        en: cartReminderPush({ ...facts, language: 'en' }),
        bn: cartReminderPush({ ...facts, language: 'bn' }),
      }
      const channel = await pushElseText(app, browsers, {
        phone: row.phone,
        notice: { title: { en: shop, bn: shop }, body, url: restorePath(token) },
        text: cartReminderText(facts),
        key: `${CART_LEFT}:${id}`,
        tx,
      })
      await tx
        .update(cartsLeft)
        .set({
          reminderDueAt: null,
          remindedAt: now,
          remindedBy: channel,
          value,
          tokenHash: hashOf(token),
          tokenExpiresAt: new Date(now.getTime() + REMINDER_TOKEN_TTL_MS),
        })
        .where(eq(cartsLeft.id, id))
      return 'sent'
    })
  }

  return {
    note,

    async noteServerCart(userId, language) {
      const [user] = await app.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId))
      if (!user?.phone) return
      const lines = await app.db
        .select({ skuId: cartItems.skuId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.status, 'active')))
      await note({ phone: user.phone, lines, language, userId })
    },

    remind,

    async remindNow(phone) {
      const [row] = await app.db
        .select({ id: cartsLeft.id })
        .from(cartsLeft)
        .where(eq(cartsLeft.phone, phone))
      return row ? remind(row.id, { now: true }) : 'nothing'
    },

    async restore(token) {
      const [row] = await app.db
        .select({ lines: cartsLeft.lines })
        .from(cartsLeft)
        .where(and(eq(cartsLeft.tokenHash, hashOf(token)), gte(cartsLeft.tokenExpiresAt, app.clock.now())))
      if (!row) return null
      return { lines: (await sellable(row.lines)).lines }
    },

    async stop(token) {
      const stopped = await app.db
        .update(cartsLeft)
        .set({ optedOutAt: sql`coalesce(${cartsLeft.optedOutAt}, ${app.clock.now()})` })
        .where(eq(cartsLeft.tokenHash, hashOf(token)))
        .returning({ id: cartsLeft.id })
      return stopped.length > 0
    },

    async report(fullNumbers) {
      const since = new Date(app.clock.now().getTime() - REPORT_DAYS * DAY_MS)
      const recent = gte(cartsLeft.lastActivityAt, since)
      const [totals] = await app.db
        .select({
          left: sql<number>`count(*)::int`,
          reminded: sql<number>`count(${cartsLeft.remindedAt})::int`,
          recoveredOrders: sql<number>`count(${orders.id})::int`,
          recoveredRevenue: sql<string>`coalesce(sum(${orders.total}), 0)`,
        })
        .from(cartsLeft)
        .leftJoin(orders, eq(orders.id, cartsLeft.recoveredOrderId))
        .where(recent)
      const rows = await app.db
        .select({
          id: cartsLeft.id,
          phone: cartsLeft.phone,
          value: cartsLeft.value,
          lines: cartsLeft.lines,
          leftAt: cartsLeft.lastActivityAt,
          remindedAt: cartsLeft.remindedAt,
          optedOutAt: cartsLeft.optedOutAt,
          orderId: orders.id,
          orderNumber: orders.number,
          orderTotal: orders.total,
        })
        .from(cartsLeft)
        .leftJoin(orders, eq(orders.id, cartsLeft.recoveredOrderId))
        .where(recent)
        .orderBy(desc(cartsLeft.lastActivityAt), desc(cartsLeft.id))
        .limit(REPORT_ROWS)
      return {
        totals: {
          left: Number(totals?.left ?? 0),
          reminded: Number(totals?.reminded ?? 0),
          recoveredOrders: Number(totals?.recoveredOrders ?? 0),
          recoveredRevenue: Number(totals?.recoveredRevenue ?? 0),
        },
        rows: rows.map((row) => ({
          id: row.id,
          phone: fullNumbers ? row.phone : lastThreeDigits(row.phone),
          value: row.value,
          items: row.lines.reduce((sum, line) => sum + line.quantity, 0),
          leftAt: row.leftAt.toISOString(),
          remindedAt: row.remindedAt?.toISOString() ?? null,
          optedOut: row.optedOutAt !== null,
          recoveredOrder:
            row.orderId !== null && row.orderNumber !== null && row.orderTotal !== null
              ? { id: row.orderId, number: row.orderNumber, total: row.orderTotal }
              : null,
        })),
      }
    },
  }
}

export default fp(
  async function cartsLeftRepository(app: FastifyInstance) {
    app.decorate('cartsLeft', createCartsLeftRepository(app))
    app.jobs.handle(CART_LEFT, cartLeftJob(app))
  },
  { name: 'carts-left-repository', dependencies: ['context', 'jobs', 'sms'] },
)
