import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type {
  AdminBrand,
  AdminCampaign,
  AdminCampaignSummary,
  AdminCategory,
  CampaignProduct,
  CampaignRule,
} from '../../src/contract/admin-catalogue'
import { roundMoney } from '../../src/lib/money'
import { type Db, queryRows, type Tx } from '../db/client'
import { auditLog, brands, campaignPrices, campaigns, categories, users } from '../db/schema'
import { campaignStatusAt, slugFromName } from '../domain/campaigns'
import { queueCampaignPrices } from '../jobs/campaign-prices'
import { badRequest, conflict, HttpError, notFound } from '../plugins/errors'
import type { Actor } from './audit'
import { priceForCampaigns } from './catalogue/campaign-prices'
import { categoryPathOf, refreshSearchText } from './catalogue/product-cards'

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
export class CatalogueRefusal extends HttpError {
  constructor(
    statusCode: number,
    fields: Record<string, string[]>,
    readonly extra: Record<string, unknown>,
  ) {
    super(statusCode, fields)
  }
}

/** The back office's categories, brands and campaigns: every write audited in its own transaction. */
export type AdminCatalogueRepository = {
  categories(): Promise<AdminCategory[]>
  createCategory(input: CategoryInput, actor: Actor): Promise<AdminCategory>
  updateCategory(id: number, change: CategoryChange, actor: Actor): Promise<AdminCategory>
  orderCategories(parentId: number | null, ids: number[], actor: Actor): Promise<AdminCategory[]>
  deleteCategory(id: number, actor: Actor): Promise<void>
  brands(): Promise<AdminBrand[]>
  createBrand(input: BrandInput, actor: Actor): Promise<AdminBrand>
  updateBrand(id: number, change: BrandChange, actor: Actor): Promise<AdminBrand>
  deleteBrand(id: number, actor: Actor): Promise<void>
  campaigns(): Promise<AdminCampaignSummary[]>
  campaign(id: number): Promise<AdminCampaign>
  /** saves a campaign (new when `id` is null); its members and their prices follow in the same transaction */
  saveCampaign(id: number | null, input: CampaignInput, actor: Actor): Promise<{ id: number }>
  deleteCampaign(id: number, actor: Actor): Promise<void>
  candidates(q: string): Promise<CampaignProduct[]>
  /**
   * Brings member skus' prices in line with the campaigns running at `now` (for the products given, or
   * every product of a campaign that starts or ends): what a job runs at a campaign's start and end.
   */
  applyCampaignPrices(productIds?: number[]): Promise<number[]>
}

declare module 'fastify' {
  interface FastifyInstance {
    adminCatalogue: AdminCatalogueRepository
  }
}

const idArray = (ids: readonly number[]) =>
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
function slugOf(input: { slug: string; name: string }): string {
  const slug = input.slug || slugFromName(input.name)
  if (!slug) throw badRequest('slug', 'Enter a slug')
  return slug
}

/** a category's columns as its form gives them, at `position` among its siblings */
const categoryColumns = (input: CategoryInput, position: number) => ({
  slug: slugOf(input),
  name: input.name,
  nameBn: input.nameBn,
  parentId: input.parentId,
  position,
  image: input.image || null,
})

/** a brand's columns as its form gives them */
const brandColumns = (input: BrandInput) => ({
  slug: slugOf(input),
  name: input.name,
  nameBn: input.nameBn,
  logo: input.logo || null,
})

/** `row` with the fields of `change` that were sent (an absent field keeps its value). */
function changed<T extends object>(row: T, change: Partial<T>): T {
  const sent = Object.entries(change).filter(([, value]) => value !== undefined)
  return { ...row, ...Object.fromEntries(sent) }
}

/** A category or brand table, for the writes both share: its audit name, and a row as the back office shows it. */
type CatalogueTable<Row> = {
  type: 'category' | 'brand'
  table: typeof categories | typeof brands
  one: (where: Db | Tx, id: number) => Promise<Row>
}

/** locks the row for the rest of the transaction and reads it (`one` answers a 404 when it is gone) */
async function lockedRow<Row>(tx: Tx, of: CatalogueTable<Row>, id: number): Promise<Row> {
  await tx.select({ id: of.table.id }).from(of.table).where(eq(of.table.id, id)).for('update')
  return of.one(tx, id)
}

export function createAdminCatalogueRepository(app: FastifyInstance): AdminCatalogueRepository {
  const db = app.db

  /** a write whose slug may already be taken: a 409 on `slug` rather than a 500 */
  async function uniqueSlug<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict({ slug: ['This slug is taken'] })
      throw error
    }
  }

  async function categoryRows(where: Db | Tx, id?: number): Promise<AdminCategory[]> {
    const rows = await queryRows<{
      id: number
      slug: string
      name: string
      name_bn: string
      parent_id: number | null
      position: number
      image: string | null
      products: number
      children: number
    }>(
      where,
      sql`select c.id, c.slug, c.name, c.name_bn, c.parent_id, c.position, c.image,
            (select count(*)::int from products p where p.category_path @> array[c.id]) as products,
            (select count(*)::int from categories k where k.parent_id = c.id) as children
          from categories c left join categories top on top.id = c.parent_id
          ${id === undefined ? sql`` : sql`where c.id = ${id}`}
          order by coalesce(top.position, c.position), coalesce(c.parent_id, c.id), c.parent_id is not null,
            c.position, c.id`,
    )
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      nameBn: row.name_bn,
      parentId: row.parent_id === null ? null : Number(row.parent_id),
      position: Number(row.position),
      image: row.image ?? '',
      products: Number(row.products),
      children: Number(row.children),
    }))
  }

  async function oneCategory(where: Db | Tx, id: number): Promise<AdminCategory> {
    const [row] = await categoryRows(where, id)
    if (!row) throw notFound('id', 'Category not found')
    return row
  }

  /** a parent must be a top-level category other than this one, and a category with children stays on top */
  async function checkParent(tx: Tx, id: number | null, parentId: number | null) {
    if (parentId === null) return
    if (parentId === id) throw badRequest('parentId', 'A category cannot be its own parent')
    const [parent] = await tx
      .select({ parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, parentId))
    if (!parent) throw badRequest('parentId', 'Choose an existing category')
    if (parent.parentId !== null) throw badRequest('parentId', 'Only a top-level category can be a parent')
    if (id === null) return
    const [child] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parentId, id))
      .limit(1)
    if (child) throw badRequest('parentId', 'A category with children stays at the top level')
  }

  async function brandRows(where: Db | Tx, id?: number): Promise<AdminBrand[]> {
    const rows = await queryRows<{
      id: number
      slug: string
      name: string
      name_bn: string
      logo: string | null
      products: number
    }>(
      where,
      sql`select b.id, b.slug, b.name, b.name_bn, b.logo,
            (select count(*)::int from products p where p.brand_id = b.id) as products
          from brands b ${id === undefined ? sql`` : sql`where b.id = ${id}`}
          order by lower(b.name), b.id`,
    )
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      nameBn: row.name_bn,
      logo: row.logo ?? '',
      products: Number(row.products),
    }))
  }

  async function oneBrand(where: Db | Tx, id: number): Promise<AdminBrand> {
    const [row] = await brandRows(where, id)
    if (!row) throw notFound('id', 'Brand not found')
    return row
  }

  /** who last saved a campaign, from the audit log */
  async function lastSavedBy(where: Db | Tx, id: number): Promise<string | null> {
    const [row] = await where
      .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.staffId))
      .where(and(eq(auditLog.objectType, 'campaign'), eq(auditLog.objectId, String(id))))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(1)
    if (!row) return null
    return [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || row.phone || null
  }

  async function campaignMembers(where: Db | Tx, id: number): Promise<CampaignProduct[]> {
    const rows = await queryRows<{
      id: number
      slug: string
      name: string
      name_bn: string
      price: string
      discounted_price: string
    }>(
      where,
      sql`select id, slug, name, name_bn, price, discounted_price from products
          where campaign_ids @> array[${id}::int] order by name, id limit 1000`,
    )
    return rows.map(productOf)
  }

  /** the products a rule chooses: any of its categories (or all), any of its brands (or all), discounted enough */
  async function ruleMembers(tx: Tx, rule: CampaignRule): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`select id from products p where p.status <> 'archived'
          ${rule.categoryIds.length ? sql`and p.category_path && ${idArray(rule.categoryIds)}` : sql``}
          ${rule.brandIds.length ? sql`and p.brand_id = any(${idArray(rule.brandIds)})` : sql``}
          and p.discount_percent >= ${rule.minDiscountPercent}
          order by p.id limit 5000`,
    )
    return rows.map((row) => Number(row.id))
  }

  /** where the next category under `parentId` (null: the top level) goes: after its last sibling */
  async function nextPosition(tx: Tx, parentId: number | null): Promise<number> {
    const [{ next } = { next: 0 }] = await queryRows<{ next: number }>(
      tx,
      sql`select coalesce(max(position) + 1, 0)::int as next from categories
          where parent_id ${parentId === null ? sql`is null` : sql`= ${parentId}`}`,
    )
    return Number(next)
  }

  const categoryTable: CatalogueTable<AdminCategory> = {
    type: 'category',
    table: categories,
    one: oneCategory,
  }
  const brandTable: CatalogueTable<AdminBrand> = { type: 'brand', table: brands, one: oneBrand }

  /**
   * Adds a category or brand: `insert` writes the row, which is read back and audited in the same
   * transaction (a taken slug: a 409).
   */
  function createAudited<Row extends Record<string, unknown>>(
    of: CatalogueTable<Row>,
    actor: Actor,
    insert: (tx: Tx) => Promise<{ id: number }[]>,
  ): Promise<Row> {
    return uniqueSlug(() =>
      db.transaction(async (tx) => {
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
   * how it was, and before and after are audited in the same transaction (a taken slug: a 409).
   */
  function updateAudited<Row extends Record<string, unknown>>(
    of: CatalogueTable<Row>,
    id: number,
    actor: Actor,
    change: (tx: Tx, before: Row) => Promise<void>,
  ): Promise<Row> {
    return uniqueSlug(() =>
      db.transaction(async (tx) => {
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
  function deleteAudited<Row extends Record<string, unknown>>(
    of: CatalogueTable<Row>,
    id: number,
    actor: Actor,
    refusal: (before: Row) => CatalogueRefusal | null,
  ): Promise<void> {
    return db.transaction(async (tx) => {
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

  return {
    categories: () => categoryRows(db),

    createCategory(input, actor) {
      return createAudited(categoryTable, actor, async (tx) => {
        await checkParent(tx, null, input.parentId)
        const position = await nextPosition(tx, input.parentId)
        return tx.insert(categories).values(categoryColumns(input, position)).returning({ id: categories.id })
      })
    },

    updateCategory(id, change, actor) {
      return updateAudited(categoryTable, id, actor, async (tx, before) => {
        const { slug, name, nameBn, parentId, image } = before
        const input = changed({ slug, name, nameBn, parentId, image }, change)
        if (change.parentId !== undefined) await checkParent(tx, id, input.parentId)
        const moved = before.parentId !== input.parentId
        const position = moved ? await nextPosition(tx, input.parentId) : before.position
        await tx.update(categories).set(categoryColumns(input, position)).where(eq(categories.id, id))
        if (moved) {
          const path = await categoryPathOf(tx, id)
          if (path) {
            await tx.execute(
              sql`update products set category_path = ${idArray(path)} where category_id = ${id}`,
            )
          }
        }
        if (moved || before.name !== input.name || before.nameBn !== input.nameBn) {
          await refreshSearchText(tx, { categoryId: id })
        }
      })
    },

    orderCategories(parentId, ids, actor) {
      return db.transaction(async (tx) => {
        const siblings = await tx
          .select({ id: categories.id, position: categories.position })
          .from(categories)
          .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
          .orderBy(asc(categories.position), asc(categories.id))
          .for('update')
        const known = new Set(siblings.map((row) => row.id))
        if (
          ids.length !== known.size ||
          new Set(ids).size !== ids.length ||
          ids.some((id) => !known.has(id))
        ) {
          throw badRequest('ids', 'List every category of this parent once')
        }
        for (const [position, id] of ids.entries()) {
          await tx.update(categories).set({ position }).where(eq(categories.id, id))
        }
        await app.audit.record(
          actor,
          {
            action: 'category.reorder',
            objectType: 'category',
            objectId: parentId,
            before: { ids: siblings.map((row) => row.id) },
            after: { ids },
          },
          tx,
        )
        return categoryRows(tx)
      })
    },

    deleteCategory(id, actor) {
      return deleteAudited(categoryTable, id, actor, (before) =>
        before.products > 0 || before.children > 0
          ? new CatalogueRefusal(
              409,
              { id: ['This category still has products or subcategories'] },
              { counts: { products: before.products, children: before.children } },
            )
          : null,
      )
    },

    brands: () => brandRows(db),

    createBrand(input, actor) {
      return createAudited(brandTable, actor, (tx) =>
        tx.insert(brands).values(brandColumns(input)).returning({ id: brands.id }),
      )
    },

    updateBrand(id, change, actor) {
      return updateAudited(brandTable, id, actor, async (tx, before) => {
        const { slug, name, nameBn, logo } = before
        const input = changed({ slug, name, nameBn, logo }, change)
        await tx.update(brands).set(brandColumns(input)).where(eq(brands.id, id))
        if (before.name !== input.name || before.nameBn !== input.nameBn) {
          await refreshSearchText(tx, { brandId: id })
        }
      })
    },

    deleteBrand(id, actor) {
      return deleteAudited(brandTable, id, actor, (before) =>
        before.products > 0
          ? new CatalogueRefusal(
              409,
              { id: ['This brand still has products'] },
              { counts: { products: before.products, children: 0 } },
            )
          : null,
      )
    },

    async campaigns() {
      const now = app.clock.now()
      const rows = await queryRows<{
        id: number
        slug: string
        name: string
        name_bn: string
        starts_at: string | Date
        ends_at: string | Date
        discount_percent: number
        rule: unknown
        members: number
      }>(
        db,
        sql`select c.id, c.slug, c.name, c.name_bn, c.starts_at, c.ends_at, c.discount_percent, c.rule,
              (select count(*)::int from products p where p.campaign_ids @> array[c.id]) as members
            from campaigns c order by c.starts_at desc, c.id desc`,
      )
      return rows.map((row) => {
        const startsAt = new Date(row.starts_at)
        const endsAt = new Date(row.ends_at)
        return {
          id: Number(row.id),
          slug: row.slug,
          name: row.name,
          nameBn: row.name_bn,
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
          status: campaignStatusAt(startsAt, endsAt, now),
          discountPercent: Number(row.discount_percent),
          productCount: Number(row.members),
          byRule: row.rule !== null,
        }
      })
    },

    async campaign(id) {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id))
      if (!row) throw notFound('id', 'Campaign not found')
      const [products, prices, updatedBy] = await Promise.all([
        campaignMembers(db, id),
        db
          .select({ productId: campaignPrices.productId, price: campaignPrices.price })
          .from(campaignPrices)
          .where(eq(campaignPrices.campaignId, id))
          .orderBy(asc(campaignPrices.productId)),
        lastSavedBy(db, id),
      ])
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        nameBn: row.nameBn,
        description: row.description,
        descriptionBn: row.descriptionBn,
        banner: row.banner ?? '',
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        status: campaignStatusAt(row.startsAt, row.endsAt, app.clock.now()),
        discountPercent: row.discountPercent,
        productCount: products.length,
        byRule: row.rule !== null,
        rule: row.rule
          ? {
              categoryIds: row.rule.categoryIds ?? [],
              brandIds: row.rule.brandIds ?? [],
              minDiscountPercent: row.rule.minDiscountPercent ?? 0,
            }
          : null,
        products,
        prices: prices.map((price) => ({ productId: price.productId, price: Number(price.price) })),
        version: row.version,
        updatedAt: row.updatedAt.toISOString(),
        updatedBy,
      }
    },

    saveCampaign(id, input, actor) {
      const startsAt = new Date(input.startsAt)
      const endsAt = new Date(input.endsAt)
      if (!(endsAt > startsAt)) throw badRequest('endsAt', 'The end must be after the start')
      return uniqueSlug(() =>
        db.transaction(async (tx) => {
          const now = app.clock.now()
          const values = {
            slug: slugOf(input),
            name: input.name,
            nameBn: input.nameBn,
            description: input.description,
            descriptionBn: input.descriptionBn,
            banner: input.banner || null,
            startsAt,
            endsAt,
            discountPercent: input.discountPercent,
            rule: input.rule,
            updatedAt: now,
          }
          let campaignId: number
          let before: Record<string, unknown> | null = null
          if (id === null) {
            const [row] = await tx.insert(campaigns).values(values).returning({ id: campaigns.id })
            if (!row) throw new Error('campaign not written')
            campaignId = row.id
          } else {
            const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update')
            if (!current) throw notFound('id', 'Campaign not found')
            if (input.version === undefined) throw badRequest('version', 'Reload the campaign and save again')
            if (current.version !== input.version) {
              const by = await lastSavedBy(tx, id)
              const at = current.updatedAt.toISOString()
              throw new CatalogueRefusal(
                409,
                { version: [`Changed by ${by ?? 'someone else'} at ${at}`] },
                { conflict: { by, at } },
              )
            }
            const { updatedAt: _updatedAt, ...kept } = current
            before = {
              ...kept,
              startsAt: current.startsAt.toISOString(),
              endsAt: current.endsAt.toISOString(),
            }
            await tx
              .update(campaigns)
              .set({ ...values, version: current.version + 1 })
              .where(and(eq(campaigns.id, id), eq(campaigns.version, input.version)))
            campaignId = id
          }
          const wanted = input.rule ? await ruleMembers(tx, input.rule) : [...new Set(input.productIds)]
          if (!input.rule && wanted.length) {
            const found = await queryRows<{ id: number }>(
              tx,
              sql`select id from products where id = any(${idArray(wanted)})`,
            )
            if (found.length !== wanted.length) throw badRequest('productIds', 'Choose existing products')
          }
          const members = new Set(wanted)
          for (const price of input.prices) {
            if (!members.has(price.productId))
              throw badRequest('prices', 'Give prices only for the campaign’s products')
          }
          const previous = await queryRows<{ id: number }>(
            tx,
            sql`select id from products where campaign_ids @> array[${campaignId}::int] for update`,
          )
          const previousIds = previous.map((row) => Number(row.id))
          await tx.execute(sql`update products set campaign_ids = array_remove(campaign_ids, ${campaignId}::int)
            where campaign_ids @> array[${campaignId}::int] and not (id = any(${idArray(wanted)}))`)
          await tx.execute(sql`update products set campaign_ids = campaign_ids || ${campaignId}::int
            where id = any(${idArray(wanted)}) and not (campaign_ids @> array[${campaignId}::int])`)
          await tx.delete(campaignPrices).where(eq(campaignPrices.campaignId, campaignId))
          if (input.prices.length) {
            await tx.insert(campaignPrices).values(
              input.prices.map((price) => ({
                campaignId,
                productId: price.productId,
                price: roundMoney(price.price),
              })),
            )
          }
          const touched = [...new Set([...previousIds, ...wanted])]
          await priceForCampaigns(tx, touched, now)
          // the save prices what runs now; the start and end still to come are the queue's
          await queueCampaignPrices(app, tx, { id: campaignId, startsAt, endsAt }, now)
          await app.audit.record(
            actor,
            {
              action: id === null ? 'campaign.create' : 'campaign.update',
              objectType: 'campaign',
              objectId: campaignId,
              before: before ? { ...before, productIds: previousIds } : null,
              after: { ...input, version: undefined, productIds: wanted },
            },
            tx,
          )
          return { id: campaignId }
        }),
      )
    },

    deleteCampaign(id, actor) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update')
        if (!current) throw notFound('id', 'Campaign not found')
        const members = await queryRows<{ id: number }>(
          tx,
          sql`select id from products where campaign_ids @> array[${id}::int] for update`,
        )
        const ids = members.map((row) => Number(row.id))
        await tx.execute(sql`update products set campaign_ids = array_remove(campaign_ids, ${id}::int)
          where campaign_ids @> array[${id}::int]`)
        await tx.delete(campaigns).where(eq(campaigns.id, id))
        await priceForCampaigns(tx, ids, app.clock.now())
        await app.audit.record(
          actor,
          {
            action: 'campaign.delete',
            objectType: 'campaign',
            objectId: id,
            before: { slug: current.slug, name: current.name, productIds: ids },
          },
          tx,
        )
      })
    },

    async candidates(q) {
      const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)
      const rows = await queryRows<{
        id: number
        slug: string
        name: string
        name_bn: string
        price: string
        discounted_price: string
      }>(
        db,
        sql`select id, slug, name, name_bn, price, discounted_price from products
            where status <> 'archived'
            ${
              words.length
                ? sql`and ${sql.join(
                    words.map((word) => sql`search_text like ${`%${word.replace(/[\\%_]/g, '\\$&')}%`}`),
                    sql` and `,
                  )}`
                : sql``
            }
            order by name, id limit 20`,
      )
      return rows.map(productOf)
    },

    applyCampaignPrices(productIds) {
      return db.transaction(async (tx) => {
        const ids =
          productIds ??
          (
            await queryRows<{ id: number }>(
              tx,
              sql`select id from products p where cardinality(p.campaign_ids) > 0
                  or exists (select 1 from skus s where s.product_id = p.id and s.regular_discounted_price is not null)`,
            )
          ).map((row) => Number(row.id))
        await priceForCampaigns(tx, ids, app.clock.now())
        return ids
      })
    },
  }
}

const productOf = (row: {
  id: number
  slug: string
  name: string
  name_bn: string
  price: string
  discounted_price: string
}): CampaignProduct => ({
  id: Number(row.id),
  slug: row.slug,
  name: row.name,
  nameBn: row.name_bn,
  price: Number(row.price),
  discountedPrice: Number(row.discounted_price),
})

export default fp(
  async function adminCatalogueRepository(app: FastifyInstance) {
    app.decorate('adminCatalogue', createAdminCatalogueRepository(app))
  },
  { name: 'admin-catalogue-repository', dependencies: ['context'] },
)
