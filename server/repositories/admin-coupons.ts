import { and, desc, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod/mini'
import {
  type AdminCoupon,
  COUPON_USES_EXPORT_LIMIT,
  type CouponStatus,
  type CouponUse,
  type couponCreateBody,
  type couponUpdateBody,
} from '../../src/contract/admin-coupons'
import { dhakaStamp } from '../../src/lib/dhaka-time'
import type { Tx } from '../db/client'
import { isoTime, uniqueViolation } from '../db/results'
import { coupons, couponUses, orders, users } from '../db/schema'
import { COUPON_USES_CSV_HEADER, couponProblems, couponStatus } from '../domain/coupon'
import type { CsvRow } from '../domain/csv'
import { conflict, DomainError, invalid, notFound } from '../domain/errors'
import { dhakaTime } from '../domain/product-editor'
import type { Actor } from './audit'
import type { CouponRow } from './coupon-uses'

export type CouponCreate = z.output<typeof couponCreateBody>
export type CouponUpdate = z.output<typeof couponUpdateBody>
export type CouponFilters = { q?: string; status?: CouponStatus }

/** The back office's coupons: the list, the editor's reads and saves, and who used each one. */
export type AdminCouponsRepository = {
  list(
    filters: CouponFilters & { page: number; perPage: number },
  ): Promise<{ rows: AdminCoupon[]; total: number; hasNext: boolean }>
  /** 404 when there is no such coupon */
  detail(code: string): Promise<AdminCoupon>
  /** 409 `code` when the code (in any case) is taken */
  create(body: CouponCreate, actor: Actor): Promise<AdminCoupon>
  /** 409 `version` when someone saved since `body.version`: who and when */
  update(code: string, body: CouponUpdate, actor: Actor): Promise<AdminCoupon>
  /** only a coupon no order has used (409: disable it instead) */
  remove(code: string, actor: Actor): Promise<void>
  /** the orders holding a use, newest first */
  uses(
    code: string,
    page: { page: number; perPage: number },
  ): Promise<{
    coupon: AdminCoupon
    uses: CouponUse[]
    totalDiscount: number
    total: number
    hasNext: boolean
  }>
  /** the lines of the usage CSV, header first (at most COUPON_USES_EXPORT_LIMIT uses); 404 first */
  exportUses(code: string): Promise<AsyncGenerator<CsvRow>>
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, '\\$&')

const staffName = sql<
  string | null
>`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from ${users} u where u.id = ${coupons.updatedBy})`

/** What the shop sets on a coupon: the editor's fields, as the back office reads them and the audit keeps them. */
const settable = (row: CouponRow) => ({
  name: row.name,
  description: row.description,
  kind: row.kind,
  value: row.value,
  minSubtotal: row.minSubtotal,
  maxDiscount: row.maxDiscount,
  startsAt: isoTime(row.startsAt),
  endsAt: isoTime(row.endsAt),
  usageLimit: row.usageLimit,
  usageLimitPerCustomer: row.usageLimitPerCustomer,
  firstOrderOnly: row.firstOrderOnly,
  freeDelivery: row.freeDelivery,
  active: row.active,
})

const snapshot = (row: CouponRow) => ({ coupon: row.code, ...settable(row) })

/** The columns a save writes from the form (the code is the key and never changes). */
function formColumns(body: Omit<CouponCreate, 'code'>) {
  const startsAt = new Date(body.startsAt)
  const endsAt = new Date(body.endsAt)
  const problems = couponProblems({ ...body, startsAt, endsAt })
  if (Object.keys(problems).length > 0) throw new DomainError('invalid', problems)
  return {
    name: body.name,
    description: body.description,
    kind: body.kind,
    value: body.value,
    minSubtotal: body.minSubtotal,
    maxDiscount: body.kind === 'percent' ? body.maxDiscount : null,
    startsAt,
    endsAt,
    usageLimit: body.usageLimit,
    usageLimitPerCustomer: body.usageLimitPerCustomer,
    firstOrderOnly: body.firstOrderOnly,
    freeDelivery: body.freeDelivery,
    active: body.active,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    adminCoupons: AdminCouponsRepository
  }
}

export function createAdminCouponsRepository(app: FastifyInstance): AdminCouponsRepository {
  const view = (row: CouponRow & { updatedByName: string | null }): AdminCoupon => ({
    code: row.code,
    ...settable(row),
    status: couponStatus(row, app.clock.now()),
    usedCount: row.usedCount,
    version: row.version,
    updatedAt: isoTime(row.updatedAt),
    updatedBy: row.updatedByName,
    createdAt: isoTime(row.createdAt),
  })

  const select = () => app.db.select({ row: coupons, updatedByName: staffName }).from(coupons)

  async function detail(code: string): Promise<AdminCoupon> {
    const [found] = await select().where(eq(coupons.code, code))
    if (!found) throw notFound('code', 'Coupon not found')
    return view({ ...found.row, updatedByName: found.updatedByName })
  }

  function conditions({ q, status }: CouponFilters): SQL | undefined {
    const now = app.clock.now()
    const where: (SQL | undefined)[] = []
    if (status === 'disabled') where.push(eq(coupons.active, false))
    if (status === 'scheduled') where.push(eq(coupons.active, true), gt(coupons.startsAt, now))
    if (status === 'expired') where.push(eq(coupons.active, true), lt(coupons.endsAt, now))
    if (status === 'active') {
      where.push(eq(coupons.active, true), lte(coupons.startsAt, now), gte(coupons.endsAt, now))
    }
    const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)
    const haystack = sql`lower(${coupons.code} || ' ' || ${coupons.name})`
    where.push(...words.map((word) => sql`${haystack} like ${`%${likeEscaped(word)}%`}`))
    return and(...where)
  }

  async function lock(tx: Tx, code: string): Promise<CouponRow> {
    const [row] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update')
    if (!row) throw notFound('code', 'Coupon not found')
    return row
  }

  /** 409 `version` when the coupon changed since the editor read it: who saved it last, and when. */
  async function checkVersion(tx: Tx, row: CouponRow, version: number) {
    if (row.version === version) return
    const [last] = await tx
      .select({ name: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')` })
      .from(users)
      .where(eq(users.id, row.updatedBy ?? 0))
    const time = dhakaTime(row.updatedAt)
    const by = last?.name ?? null
    throw conflict({ version: [by ? `Changed by ${by} at ${time}` : `Changed by someone else at ${time}`] })
  }

  async function usesPage(code: string, limit: number, offset: number) {
    return app.db
      .select({
        orderId: couponUses.orderId,
        orderNumber: orders.number,
        at: couponUses.at,
        phone: couponUses.phone,
        customerName: orders.customerName,
        discount: couponUses.discount,
        deliveryDiscount: couponUses.deliveryDiscount,
      })
      .from(couponUses)
      .innerJoin(orders, eq(orders.id, couponUses.orderId))
      .where(eq(couponUses.couponCode, code))
      .orderBy(desc(couponUses.at), desc(couponUses.id))
      .limit(limit)
      .offset(offset)
  }

  return {
    async list(filters) {
      const [rows, [counted]] = await Promise.all([
        select()
          .where(conditions(filters))
          .orderBy(desc(coupons.createdAt), desc(coupons.code))
          .limit(filters.perPage + 1)
          .offset((filters.page - 1) * filters.perPage),
        app.db.select({ total: sql<number>`count(*)::int` }).from(coupons).where(conditions(filters)),
      ])
      return {
        rows: rows.slice(0, filters.perPage).map(({ row, updatedByName }) => view({ ...row, updatedByName })),
        total: Number(counted?.total ?? 0),
        hasNext: rows.length > filters.perPage,
      }
    },

    detail,

    async create(body, actor) {
      const columns = formColumns(body)
      const now = app.clock.now()
      try {
        await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(coupons)
            .values({ code: body.code, ...columns, updatedAt: now, updatedBy: actor.staffId, createdAt: now })
            .returning()
          if (!row) throw new Error('coupon insert returned nothing')
          await app.audit.record(
            actor,
            { action: 'coupon.create', objectType: 'coupon', objectId: row.code, after: snapshot(row) },
            tx,
          )
        })
      } catch (error) {
        if (uniqueViolation(error)) throw conflict({ code: ['A coupon with this code already exists'] })
        throw error
      }
      return detail(body.code)
    },

    async update(code, body, actor) {
      const columns = formColumns(body)
      await app.db.transaction(async (tx) => {
        const row = await lock(tx, code)
        await checkVersion(tx, row, body.version)
        if (columns.usageLimit !== null && columns.usageLimit < row.usedCount) {
          throw invalid('usageLimit', `The limit cannot be below the uses so far (${row.usedCount})`)
        }
        const [saved] = await tx
          .update(coupons)
          .set({
            ...columns,
            version: sql`${coupons.version} + 1`,
            updatedAt: app.clock.now(),
            updatedBy: actor.staffId,
          })
          .where(eq(coupons.code, code))
          .returning()
        if (!saved) throw notFound('code', 'Coupon not found')
        const action = row.active && !saved.active ? 'coupon.disable' : 'coupon.update'
        await app.audit.record(
          actor,
          { action, objectType: 'coupon', objectId: code, before: snapshot(row), after: snapshot(saved) },
          tx,
        )
      })
      return detail(code)
    },

    async remove(code, actor) {
      await app.db.transaction(async (tx) => {
        const row = await lock(tx, code)
        const [used] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.couponCode, code))
        if (row.usedCount > 0 || Number(used?.count ?? 0) > 0) {
          throw conflict({ code: ['Orders have used this coupon: disable it instead of deleting it'] })
        }
        await tx.delete(coupons).where(eq(coupons.code, code))
        await app.audit.record(
          actor,
          { action: 'coupon.delete', objectType: 'coupon', objectId: code, before: snapshot(row) },
          tx,
        )
      })
    },

    async uses(code, { page, perPage }) {
      const coupon = await detail(code)
      const [rows, [totals]] = await Promise.all([
        usesPage(code, perPage + 1, (page - 1) * perPage),
        app.db
          .select({
            count: sql<number>`count(*)::int`,
            discount: sql<string>`coalesce(sum(${couponUses.discount} + ${couponUses.deliveryDiscount}), 0)`,
          })
          .from(couponUses)
          .where(eq(couponUses.couponCode, code)),
      ])
      return {
        coupon,
        uses: rows.slice(0, perPage).map((row) => ({ ...row, at: isoTime(row.at) })),
        totalDiscount: Number(totals?.discount ?? 0),
        total: Number(totals?.count ?? 0),
        hasNext: rows.length > perPage,
      }
    },

    async exportUses(code) {
      await detail(code)
      return (async function* lines() {
        yield COUPON_USES_CSV_HEADER
        const pageSize = 500
        // a page at a time, so a much-used coupon is never held in memory at once
        for (let offset = 0; offset < COUPON_USES_EXPORT_LIMIT; offset += pageSize) {
          const rows = await usesPage(code, Math.min(pageSize, COUPON_USES_EXPORT_LIMIT - offset), offset)
          for (const row of rows) {
            yield [
              row.orderNumber,
              dhakaStamp(row.at),
              row.phone,
              row.customerName,
              row.discount.toFixed(2),
              row.deliveryDiscount.toFixed(2),
            ]
          }
          if (rows.length < pageSize) return
        }
      })()
    },
  }
}

export default fp(
  async function adminCouponsRepository(app: FastifyInstance) {
    app.decorate('adminCoupons', createAdminCouponsRepository(app))
  },
  { name: 'admin-coupons-repository', dependencies: ['context'] },
)
