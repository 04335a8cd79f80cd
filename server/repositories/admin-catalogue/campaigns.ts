import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CampaignProduct, CampaignRule } from '../../../src/contract/admin-catalogue'
import { roundMoney } from '../../../src/lib/money'
import { type Db, queryRows, type Tx } from '../../db/client'
import { auditLog, campaignPrices, campaigns, users } from '../../db/schema'
import { campaignStatusAt } from '../../domain/campaigns'
import { invalid, notFound } from '../../domain/errors'
import { queueCampaignPrices } from '../../jobs/campaign-prices'
import { priceForCampaigns } from '../catalogue/campaign-prices'
import type { AdminCatalogueRepository } from './index'
import { CatalogueRefusal, idArray, slugOf, uniqueSlug } from './shared'

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

type CampaignWrites = Pick<
  AdminCatalogueRepository,
  'campaigns' | 'campaign' | 'saveCampaign' | 'deleteCampaign' | 'candidates' | 'applyCampaignPrices'
>

/** The campaigns: their summaries and editor, their members and prices, and the prices they give over time. */
export function campaignRepository(app: FastifyInstance): CampaignWrites {
  const db = app.db
  return {
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
      if (!(endsAt > startsAt)) throw invalid('endsAt', 'The end must be after the start')
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
            if (input.version === undefined) throw invalid('version', 'Reload the campaign and save again')
            if (current.version !== input.version) {
              const by = await lastSavedBy(tx, id)
              const at = current.updatedAt.toISOString()
              throw new CatalogueRefusal(
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
            if (found.length !== wanted.length) throw invalid('productIds', 'Choose existing products')
          }
          const members = new Set(wanted)
          for (const price of input.prices) {
            if (!members.has(price.productId))
              throw invalid('prices', 'Give prices only for the campaign’s products')
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
