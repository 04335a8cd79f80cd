import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import {
  type AdminPromotion,
  type PromotionStatus,
  type promotionBody,
  promotionRules,
  type promotionUpdateBody,
} from '../../src/contract/admin-promotions'
import type { Db, Tx } from '../db/client'
import { isoTime } from '../db/results'
import { categories, products, promotions } from '../db/schema'
import { conflict, invalid, notFound } from '../domain/errors'
import { dhakaTime } from '../domain/product-editor'
import type { RunningPromotion } from '../domain/promotions'
import type { Actor } from './audit'

export type PromotionInput = z.output<typeof promotionBody>
export type PromotionUpdate = z.output<typeof promotionUpdateBody>
type PromotionRow = typeof promotions.$inferSelect

/** The back office's promotions: the list and the editor's saves (the quote reads `runningPromotions`). */
export type PromotionsRepository = {
  list(): Promise<AdminPromotion[]>
  create(body: PromotionInput, actor: Actor): Promise<AdminPromotion>
  /** 409 `version` when someone saved since `body.version` */
  update(id: number, body: PromotionUpdate, actor: Actor): Promise<AdminPromotion>
  remove(id: number, actor: Actor): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    promotions: PromotionsRepository
  }
}

/** A row as the quote applies it; one whose rules no longer read (never written so) is left out, not fatal to every cart. */
function asRunning(row: PromotionRow): RunningPromotion[] {
  const rules = promotionRules.safeParse(row.rules)
  return rules.success ? [{ id: row.id, name: row.name, nameBn: row.nameBn, rules: rules.data }] : []
}

/** The promotions the quote applies at `now`: switched on, started and not yet ended. */
export async function runningPromotions(db: Pick<Db, 'select'>, now: Date): Promise<RunningPromotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.active, true), lte(promotions.startsAt, now), gt(promotions.endsAt, now)))
    .orderBy(asc(promotions.id))
  return rows.flatMap(asRunning)
}

/**
 * The promotions an order was given, whatever their dates now: an order edited after an offer ended keeps it
 * as far as its new lines still earn it. A promotion deleted since is gone.
 */
export async function orderPromotions(db: Pick<Db, 'select'>, ids: number[]): Promise<RunningPromotion[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select()
    .from(promotions)
    .where(inArray(promotions.id, ids))
    .orderBy(asc(promotions.id))
  return rows.flatMap(asRunning)
}

function statusOf(row: PromotionRow, now: Date): PromotionStatus {
  if (!row.active) return 'paused'
  if (row.endsAt <= now) return 'ended'
  if (row.startsAt > now) return 'scheduled'
  return 'running'
}

export function createPromotionsRepository(app: FastifyInstance): PromotionsRepository {
  const view = (row: PromotionRow): AdminPromotion => ({
    id: row.id,
    name: row.name,
    nameBn: row.nameBn,
    rules: promotionRules.parse(row.rules),
    startsAt: isoTime(row.startsAt),
    endsAt: isoTime(row.endsAt),
    active: row.active,
    status: statusOf(row, app.clock.now()),
    version: row.version,
  })

  /** What a promotion names must exist: its products (on sale or not) and categories; its end after its start. */
  async function check(db: Db | Tx, body: PromotionInput) {
    if (Date.parse(body.endsAt) <= Date.parse(body.startsAt)) throw invalid('endsAt', 'End after the start')
    const rules = body.rules
    const productIds = rules.kind === 'spend_tiers' ? [] : [...new Set(rules.productIds)]
    if (productIds.length > 0) {
      const found = await db
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, productIds))
      if (found.length !== productIds.length)
        throw invalid('rules.productIds', 'Choose products of this shop')
    }
    const categoryIds = rules.kind === 'buy_get' ? [...new Set(rules.categoryIds)] : []
    if (categoryIds.length > 0) {
      const found = await db
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, categoryIds))
      if (found.length !== categoryIds.length)
        throw invalid('rules.categoryIds', 'Choose categories of this shop')
    }
    if (rules.kind === 'bundle' && productIds.length !== rules.productIds.length) {
      throw invalid('rules.productIds', 'Choose each product once')
    }
    if (
      rules.kind === 'spend_tiers' &&
      new Set(rules.tiers.map((tier) => tier.spend)).size !== rules.tiers.length
    ) {
      throw invalid('rules.tiers', 'Give each tier its own amount')
    }
  }

  const columns = (body: PromotionInput) => ({
    name: body.name,
    nameBn: body.nameBn,
    rules: body.rules,
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    active: body.active,
  })

  async function lock(tx: Tx, id: number) {
    const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update')
    if (!row) throw notFound('id', 'Promotion not found')
    return row
  }

  return {
    async list() {
      const rows = await app.db
        .select()
        .from(promotions)
        .orderBy(desc(promotions.startsAt), desc(promotions.id))
      // the running first, then what is to come, the paused and the ended (newest first within each)
      const rank: Record<PromotionStatus, number> = { running: 0, scheduled: 1, paused: 2, ended: 3 }
      return rows.map(view).sort((a, b) => rank[a.status] - rank[b.status])
    },

    async create(body, actor) {
      return app.db.transaction(async (tx) => {
        await check(tx, body)
        const [row] = await tx
          .insert(promotions)
          .values({ ...columns(body), updatedAt: app.clock.now() })
          .returning()
        const saved = row as PromotionRow
        await app.audit.record(
          actor,
          {
            action: 'promotion.create',
            objectType: 'promotion',
            objectId: saved.id,
            before: null,
            after: view(saved),
          },
          tx,
        )
        return view(saved)
      })
    },

    async update(id, body, actor) {
      return app.db.transaction(async (tx) => {
        const row = await lock(tx, id)
        if (row.version !== body.version) {
          throw conflict({ version: [`Changed by someone else at ${dhakaTime(row.updatedAt)}`] })
        }
        await check(tx, body)
        const [saved] = await tx
          .update(promotions)
          .set({ ...columns(body), version: sql`${promotions.version} + 1`, updatedAt: app.clock.now() })
          .where(eq(promotions.id, id))
          .returning()
        await app.audit.record(
          actor,
          {
            action: 'promotion.update',
            objectType: 'promotion',
            objectId: id,
            before: view(row),
            after: view(saved as PromotionRow),
          },
          tx,
        )
        return view(saved as PromotionRow)
      })
    },

    async remove(id, actor) {
      await app.db.transaction(async (tx) => {
        const row = await lock(tx, id)
        await tx.delete(promotions).where(eq(promotions.id, id))
        await app.audit.record(
          actor,
          {
            action: 'promotion.delete',
            objectType: 'promotion',
            objectId: id,
            before: view(row),
            after: null,
          },
          tx,
        )
      })
    },
  }
}

export default fp(
  async function promotionsRepository(app: FastifyInstance) {
    app.decorate('promotions', createPromotionsRepository(app))
  },
  { name: 'promotions-repository', dependencies: ['context'] },
)
