import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CampaignRule } from '../../../src/contract/admin-catalogue'
import type { Db, Tx } from '../../db/client'
import type { brands, categories } from '../../db/schema'
import { slugFromName } from '../../domain/campaigns'
import { conflict, DomainError, invalid } from '../../domain/errors'
import type { Actor } from '../audit'

/** What the back office's categories, brands and campaigns share: their inputs, their refusals, slugs, and the audited writes of a row. */

export type CategoryInput = {
  slug: string
  name: string
  nameBn: string
  parentId: number | null
  image: string
}
export type BrandInput = { slug: string; name: string; nameBn: string; logo: string }
/** A PATCH of a category or brand: the fields sent; the others keep what the row holds. */
export type CategoryChange = Partial<CategoryInput>
export type BrandChange = Partial<BrandInput>
export type CampaignInput = {
  version?: number | undefined
  slug: string
  name: string
  nameBn: string
  description: string
  descriptionBn: string
  banner: string
  startsAt: string
  endsAt: string
  discountPercent: number
  productIds: number[]
  prices: { productId: number; price: number }[]
  rule: CampaignRule | null
}

/** A refusal with more than messages: a delete's counts, a save's conflict. */
export class CatalogueRefusal extends DomainError {
  constructor(
    fields: Record<string, string[]>,
    readonly extra: Record<string, unknown>,
  ) {
    super('conflict', fields)
  }
}

export const idArray = (ids: readonly number[]) =>
  sql`array[${sql.join(ids.length ? ids.map((id) => sql`${id}::int`) : [sql`null::int`], sql`, `)}]::int[]`

const isUniqueViolation = (error: unknown): boolean => {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: string }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** the slug given, else one made from the English name */
export function slugOf(input: { slug: string; name: string }): string {
  const slug = input.slug || slugFromName(input.name)
  if (!slug) throw invalid('slug', 'Enter a slug')
  return slug
}

/** `row` with the fields of `change` that were sent (an absent field keeps its value). */
export function changed<T extends object>(row: T, change: Partial<T>): T {
  const sent = Object.entries(change).filter(([, value]) => value !== undefined)
  return { ...row, ...Object.fromEntries(sent) }
}

/** A category or brand table, for the writes both share: its audit name, and a row as the back office shows it. */
export type CatalogueTable<Row> = {
  type: 'category' | 'brand'
  table: typeof categories | typeof brands
  one: (where: Db | Tx, id: number) => Promise<Row>
}

/** locks the row for the rest of the transaction and reads it (`one` answers a 404 when it is gone) */
async function lockedRow<Row>(tx: Tx, of: CatalogueTable<Row>, id: number): Promise<Row> {
  await tx.select({ id: of.table.id }).from(of.table).where(eq(of.table.id, id)).for('update')
  return of.one(tx, id)
}

/** a write whose slug may already be taken: a conflict on `slug` rather than a 500 */
export async function uniqueSlug<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict({ slug: ['This slug is taken'] })
    throw error
  }
}

/**
 * Adds a category or brand: `insert` writes the row, which is read back and audited in the same
 * transaction (a taken slug: a conflict).
 */
export function createAudited<Row extends Record<string, unknown>>(
  app: FastifyInstance,
  of: CatalogueTable<Row>,
  actor: Actor,
  insert: (tx: Tx) => Promise<{ id: number }[]>,
): Promise<Row> {
  return uniqueSlug(() =>
    app.db.transaction(async (tx) => {
      const [row] = await insert(tx)
      if (!row) throw new Error(`${of.type} not written`)
      const after = await of.one(tx, row.id)
      await app.audit.record(
        actor,
        { action: `${of.type}.create`, objectType: of.type, objectId: row.id, after },
        tx,
      )
      return after
    }),
  )
}

/**
 * Changes a category or brand: the row is locked and read (a 404 when gone), `change` writes it knowing
 * how it was, and before and after are audited in the same transaction (a taken slug: a conflict).
 */
export function updateAudited<Row extends Record<string, unknown>>(
  app: FastifyInstance,
  of: CatalogueTable<Row>,
  id: number,
  actor: Actor,
  change: (tx: Tx, before: Row) => Promise<void>,
): Promise<Row> {
  return uniqueSlug(() =>
    app.db.transaction(async (tx) => {
      const before = await lockedRow(tx, of, id)
      await change(tx, before)
      const after = await of.one(tx, id)
      await app.audit.record(
        actor,
        { action: `${of.type}.update`, objectType: of.type, objectId: id, before, after },
        tx,
      )
      return after
    }),
  )
}

/**
 * Deletes a category or brand unless `refusal` (given the locked row) says why not; the row as it
 * was is audited in the same transaction.
 */
export function deleteAudited<Row extends Record<string, unknown>>(
  app: FastifyInstance,
  of: CatalogueTable<Row>,
  id: number,
  actor: Actor,
  refusal: (before: Row) => CatalogueRefusal | null,
): Promise<void> {
  return app.db.transaction(async (tx) => {
    const before = await lockedRow(tx, of, id)
    const refused = refusal(before)
    if (refused) throw refused
    await tx.delete(of.table).where(eq(of.table.id, id))
    await app.audit.record(
      actor,
      { action: `${of.type}.delete`, objectType: of.type, objectId: id, before },
      tx,
    )
  })
}
