import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type Db, queryRows, type Tx } from '../../db/client'
import { DomainError } from '../../domain/errors'

// What menus, pages and the home page share: their versions, and the conflict a stale save meets.

/** The home page's sections, kept as a menu document of this name (campaign and category items). */
export const HOME_PAGE_MENU = 'home_page'

/** What a menu item or a home page section is told when what it names does not exist, by its type. */
export const MISSING_TARGET = {
  category: 'No such category',
  brand: 'No such brand',
  campaign: 'No such campaign',
  page: 'No such page',
} as const

/** Runs inside a save's transaction with what was there and what is now: the audit log's entry. */
export type ContentChanged = (
  tx: Tx,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) => Promise<void>

/** Someone saved since the version the editor loaded: who (their name, when known) and when. */
export class ContentConflict extends DomainError {
  constructor(
    readonly by: string | null,
    readonly at: Date,
  ) {
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Dhaka',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at)
    super('conflict', {
      version: [by ? `Changed by ${by} at ${time}` : `Changed by someone else at ${time}`],
    })
  }
}

export const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value)

/** A row's version: its last change to the microsecond, as text (the same on PGlite and PostgreSQL). */
export const versionOf = sql`(extract(epoch from updated_at) * 1000000)::bigint::text`
/** a version as the editor sent it, or one that matches nothing */
export const sameVersion = (version: string) =>
  sql`${versionOf} = ${/^\d{1,20}$/.test(version) ? version : '-1'}`

/** who last changed the object (from the audit log), for a conflict's answer */
async function lastEditor(db: Db | Tx, objectType: string, objectId: string) {
  const [row] = await queryRows<{ name: string | null }>(
    db,
    sql`select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as name
        from audit_log a left join users u on u.id = a.staff_id
        where a.object_type = ${objectType} and a.object_id = ${objectId}
        order by a.at desc, a.id desc limit 1`,
  )
  return row?.name ?? null
}

/** Refuses a save made from an older version: who saved since, and when. */
export async function refuse(
  app: FastifyInstance,
  tx: Tx,
  objectType: string,
  objectId: string,
  table: SQL,
  key: SQL,
): Promise<never> {
  const [row] = await queryRows<{ updated_at: string | Date }>(
    tx,
    sql`select updated_at from ${table} where ${key}`,
  )
  const at = row ? new Date(row.updated_at) : app.clock.now()
  throw new ContentConflict(await lastEditor(tx, objectType, objectId), at)
}
