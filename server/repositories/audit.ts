import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AuditEntry } from '../../src/contract/staff'
import type { Db } from '../db/client'
import { auditLog, users } from '../db/schema'

/** Who made a change, and from where: the signed-in staff member, or null for the shop's ADMIN_TOKEN. */
export type Actor = { staffId: number | null; ip: string | null }

export type AuditRecord = {
  action: string
  objectType: string
  objectId: string | number | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** The database, or the transaction of the change being recorded. */
export type AuditWriter = Pick<Db, 'insert'>

export type AuditFilters = {
  staffId?: number
  objectType?: string
  objectId?: string
  page: number
  perPage: number
}

/** The audit log: one row per back-office write, never a password, hash, secret or token. */
export type AuditRepository = {
  /** writes one entry; pass the change's transaction so that both are kept or neither */
  record(actor: Actor, entry: AuditRecord, writer?: AuditWriter): Promise<void>
  /** entries matching the filters, newest first, one page */
  list(filters: AuditFilters): Promise<{ entries: AuditEntry[]; hasNext: boolean }>
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditRepository
  }
}

/** Keys whose values never go into the log, whatever a caller passes (`mustChangePassword` may). */
const SECRET_KEY = /^(current|new)?password$|hash$|secret$|token$|^code$/i

/** A copy of `value` without secret-looking keys, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, item]) => [key, withoutSecrets(item)]),
  )
}

const staffName = (firstName: string | null, lastName: string | null, phone: string | null) =>
  [firstName, lastName].filter(Boolean).join(' ').trim() || phone || ''

export function createAuditRepository(app: FastifyInstance): AuditRepository {
  return {
    async record(actor, entry, writer = app.db) {
      await writer.insert(auditLog).values({
        at: app.clock.now(),
        staffId: actor.staffId,
        action: entry.action,
        objectType: entry.objectType,
        objectId: entry.objectId === null ? null : String(entry.objectId),
        before: entry.before ? withoutSecrets(entry.before) : null,
        after: entry.after ? withoutSecrets(entry.after) : null,
        ip: actor.ip,
      })
    },

    async list({ staffId, objectType, objectId, page, perPage }) {
      const conditions: SQL[] = []
      if (staffId !== undefined) conditions.push(eq(auditLog.staffId, staffId))
      if (objectType !== undefined) conditions.push(eq(auditLog.objectType, objectType))
      if (objectId !== undefined) conditions.push(eq(auditLog.objectId, objectId))
      const rows = await app.db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          staffId: auditLog.staffId,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
          action: auditLog.action,
          objectType: auditLog.objectType,
          objectId: auditLog.objectId,
          before: auditLog.before,
          after: auditLog.after,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.staffId))
        .where(and(...conditions))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(perPage + 1)
        .offset((page - 1) * perPage)
      const entries = rows.slice(0, perPage).map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        staff:
          row.staffId === null
            ? null
            : { id: row.staffId, name: staffName(row.firstName, row.lastName, row.phone) },
        action: row.action,
        objectType: row.objectType,
        objectId: row.objectId,
        before: row.before,
        after: row.after,
      }))
      return { entries, hasNext: rows.length > perPage }
    },
  }
}

export default fp(
  async function auditRepository(app: FastifyInstance) {
    app.decorate('audit', createAuditRepository(app))
  },
  { name: 'audit-repository', dependencies: ['context'] },
)
