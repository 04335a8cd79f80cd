import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { RewardPointKind, RewardPointMove } from '../../src/contract/orders'
import type { Db, Tx } from '../db/client'
import { customers, orders, rewardPointMoves, users } from '../db/schema'
import { notFound, refused } from '../domain/errors'
import { pointsEarned } from '../domain/reward-points'
import type { Actor } from './audit'

type Writer = Tx | Db

/** The balance had fewer points than the order was to spend (another order spent them): nothing written. */
export class PointsChanged extends Error {
  constructor() {
    super('the reward points changed')
  }
}

export const ADJUST_BELOW_ZERO = 'The balance cannot go below 0'

/** A shopper's reward points as the account page and the back office read them. */
export type PointsAccount = { points: number; history: RewardPointMove[] }

export type RewardPointsRepository = {
  /** the balance and its newest moves (at most 100) */
  account(userId: number): Promise<PointsAccount>
  /** a staff change of the balance with its reason, audited; refused (nothing written) below 0 */
  adjust(userId: number, points: number, reason: string, actor: Actor): Promise<PointsAccount>
  /** the account of the back office's customer (null: a guest, who keeps no points); 404 when there is none */
  userOfCustomer(customerId: number): Promise<number | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    rewardPoints: RewardPointsRepository
  }
}

async function move(
  tx: Writer,
  entry: {
    userId: number
    kind: RewardPointKind
    points: number
    orderId?: number | null
    staffId?: number | null
    reason?: string | null
    at: Date
  },
) {
  await tx.insert(rewardPointMoves).values({
    userId: entry.userId,
    kind: entry.kind,
    points: entry.points,
    orderId: entry.orderId ?? null,
    staffId: entry.staffId ?? null,
    reason: entry.reason ?? null,
    createdAt: entry.at,
  })
}

/**
 * Takes an order's points off its shopper's balance in the order's transaction: one guarded update, so parallel
 * orders spending the same points cannot all succeed; throws `PointsChanged` when the balance no longer has
 * them (or fell under the shop's minimum).
 */
export async function spendPoints(
  tx: Tx,
  spend: { userId: number; orderId: number; points: number; minimum: number; at: Date },
) {
  const [spent] = await tx
    .update(users)
    .set({ rewardPoints: sql`${users.rewardPoints} - ${spend.points}` })
    .where(
      and(
        eq(users.id, spend.userId),
        gte(users.rewardPoints, spend.points),
        gte(users.rewardPoints, spend.minimum),
      ),
    )
    .returning({ id: users.id })
  if (!spent) throw new PointsChanged()
  await move(tx, {
    userId: spend.userId,
    kind: 'spent',
    points: -spend.points,
    orderId: spend.orderId,
    at: spend.at,
  })
}

/** What the order's moves of these kinds add up to. */
async function orderSum(tx: Tx, orderId: number, kinds: RewardPointKind[]) {
  const [row] = await tx
    .select({ sum: sql<string | null>`sum(${rewardPointMoves.points})` })
    .from(rewardPointMoves)
    .where(and(eq(rewardPointMoves.orderId, orderId), inArray(rewardPointMoves.kind, kinds)))
  return Number(row?.sum ?? 0)
}

async function addPoints(tx: Tx, userId: number, points: number) {
  await tx
    .update(users)
    .set({ rewardPoints: sql`${users.rewardPoints} + ${points}` })
    .where(eq(users.id, userId))
}

/**
 * Gives back what the order still holds of the points it spent, down to `keep` (0: all of it: cancelled or
 * returned; more: its items were reduced and the cap now allows fewer). Run under the order's lock: what was
 * given back before is not given again.
 */
export async function givePointsBack(
  tx: Tx,
  order: { id: number; userId: number | null },
  keep: number,
  at: Date,
) {
  if (order.userId === null) return 0
  const holds = -(await orderSum(tx, order.id, ['spent', 'given_back']))
  const back = holds - keep
  if (back <= 0) return 0
  await addPoints(tx, order.userId, back)
  await move(tx, { userId: order.userId, kind: 'given_back', points: back, orderId: order.id, at })
  return back
}

/** A delivered order's points, earned once (a shopper's order only). */
export async function earnPoints(
  tx: Tx,
  order: { id: number; userId: number | null; total: number },
  earnPer100: number,
  at: Date,
) {
  if (order.userId === null) return
  const points = pointsEarned(order.total, earnPer100)
  if (points <= 0 || (await orderSum(tx, order.id, ['earned'])) > 0) return
  await addPoints(tx, order.userId, points)
  await move(tx, { userId: order.userId, kind: 'earned', points, orderId: order.id, at })
}

/**
 * A delivered order returned: what it earned is taken back, once, at most what the balance still has (points
 * already spent stay spent: the balance never goes below 0).
 */
export async function takeBackEarned(tx: Tx, order: { id: number; userId: number | null }, at: Date) {
  if (order.userId === null) return
  const earned = await orderSum(tx, order.id, ['earned', 'taken_back'])
  if (earned <= 0) return
  const [user] = await tx
    .select({ balance: users.rewardPoints })
    .from(users)
    .where(eq(users.id, order.userId))
    .for('update')
  const points = Math.min(earned, user?.balance ?? 0)
  if (points <= 0) return
  await addPoints(tx, order.userId, -points)
  await move(tx, { userId: order.userId, kind: 'taken_back', points: -points, orderId: order.id, at })
}

async function account(db: Db, userId: number): Promise<PointsAccount> {
  const [user] = await db.select({ points: users.rewardPoints }).from(users).where(eq(users.id, userId))
  const rows = await db
    .select({
      id: rewardPointMoves.id,
      kind: rewardPointMoves.kind,
      points: rewardPointMoves.points,
      order: orders.number,
      orderId: orders.id,
      reason: rewardPointMoves.reason,
      at: rewardPointMoves.createdAt,
    })
    .from(rewardPointMoves)
    .leftJoin(orders, eq(orders.id, rewardPointMoves.orderId))
    .where(eq(rewardPointMoves.userId, userId))
    .orderBy(desc(rewardPointMoves.id))
    .limit(100)
  return {
    points: user?.points ?? 0,
    history: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
  }
}

export default fp(
  async function rewardPointsRepository(app: FastifyInstance) {
    app.decorate('rewardPoints', {
      account: (userId) => account(app.db, userId),
      async userOfCustomer(customerId) {
        const [row] = await app.db
          .select({ userId: customers.userId })
          .from(customers)
          .where(eq(customers.id, customerId))
        if (!row) throw notFound('customer', 'Customer not found')
        return row.userId
      },
      async adjust(userId, points, reason, actor) {
        await app.db.transaction(async (tx) => {
          const [user] = await tx
            .select({ balance: users.rewardPoints, adminType: users.adminType })
            .from(users)
            .where(eq(users.id, userId))
            .for('update')
          if (!user) throw notFound('customer', 'Customer not found')
          if (user.balance + points < 0) throw refused('points', ADJUST_BELOW_ZERO)
          await addPoints(tx, userId, points)
          await move(tx, {
            userId,
            kind: 'adjusted',
            points,
            staffId: actor.staffId,
            reason,
            at: app.clock.now(),
          })
          await app.audit.record(
            actor,
            {
              action: 'customer.points',
              objectType: 'user',
              objectId: userId,
              before: { points: user.balance },
              after: { points: user.balance + points, reason },
            },
            tx,
          )
        })
        return account(app.db, userId)
      },
    } satisfies RewardPointsRepository)
  },
  { name: 'reward-points-repository', dependencies: ['context'] },
)
