import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { MAX_PRODUCT_IMAGES } from '../../../src/contract/admin-product'
import type { Tx } from '../../db/client'
import { productRedirects, products, skus } from '../../db/schema'
import type { Actor } from '../audit'
import { priceForCampaigns } from '../catalogue/campaign-prices'
import { refreshSearchText } from '../catalogue/product-cards'
import { type Counts, type Fail, type Group, GroupFailure, type Warn } from './groups'
import { type ExistingSku, type Plan, plan } from './plan'
import type { Refs } from './refs'
import { prefetchWebPhotos } from './web-photos'
import { type ImageSource, WEB_ADDRESS } from './zip-images'

/**
 * What writing a batch takes of its import; `counts` grows and `fail` and `warn` record as the batch is
 * written.
 */
export type BatchContext = {
  refs: Refs
  images: ImageSource
  dryRun: boolean
  actor: Actor
  counts: Counts
  fail: Fail
  warn: Warn
}

/** Refuses a product group for one of its rows: its other rows are not imported either. */
function failGroup(
  { counts, fail }: BatchContext,
  target: Group,
  row: number,
  sku: string,
  field: string,
  message: string,
) {
  fail(row, sku, field, message)
  for (const other of target.rows) {
    if (other.row !== row)
      fail(
        other.row,
        other.parsed.sku.sku,
        'product_slug',
        `Not imported: row ${row} of this product is refused`,
      )
  }
  counts.failed += target.rows.length + target.failedRows.length
  target.rows = []
  target.failedRows = []
}

/**
 * Imports a batch of product groups: a group with a refused row is not imported; the others are planned
 * against the catalogue as it is and, unless it is a dry run, written in one transaction.
 */
export async function writeGroups(
  app: FastifyInstance,
  groups: Group[],
  context: BatchContext,
): Promise<void> {
  const { refs, images, dryRun, actor, counts, fail, warn } = context
  const good: Group[] = []
  for (const each of groups) {
    if (each.failedRows.length) {
      const [firstBad] = each.failedRows
      const rows = each.rows
      counts.failed += each.failedRows.length
      for (const row of rows) {
        fail(
          row.row,
          row.parsed.sku.sku,
          'product_slug',
          `Not imported: row ${firstBad} of this product is refused`,
        )
      }
      counts.failed += rows.length
    } else if (each.rows.length) good.push(each)
  }
  if (good.length === 0) return
  const slugs = good.map((each) => each.slug)
  const codes = good.flatMap((each) => each.rows.map((row) => row.parsed.sku.sku))
  const skuRows = await app.db
    .select({ sku: skus, slug: products.slug })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(inArray(skus.sku, codes))
  // the products the file names, and those whose skus it lists under a new slug (renamed)
  const productRows = await app.db
    .select()
    .from(products)
    .where(inArray(products.slug, [...new Set([...slugs, ...skuRows.map((row) => row.slug)])]))
  const formerRows = await app.db
    .select({ slug: productRedirects.slug, productId: productRedirects.productId })
    .from(productRedirects)
    .where(inArray(productRedirects.slug, slugs))
  const formerSlugs = new Map(formerRows.map((row) => [row.slug, row.productId]))
  const siblingRows = productRows.length
    ? await app.db
        .select()
        .from(skus)
        .where(
          inArray(
            skus.productId,
            productRows.map((row) => row.id),
          ),
        )
        .orderBy(skus.position, skus.id)
    : []
  const existingProducts = new Map(productRows.map((row) => [row.slug, row]))
  const existingSkus = new Map(skuRows.map((row) => [row.sku.sku, { ...row.sku, slug: row.slug }]))
  const productSkus = new Map<number, ExistingSku[]>()
  for (const sku of siblingRows)
    productSkus.set(sku.productId, [...(productSkus.get(sku.productId) ?? []), sku])
  const addresses = good.flatMap((each) =>
    (each.rows[0]?.parsed.product.images ?? [])
      .filter((cell) => WEB_ADDRESS.test(cell))
      .slice(0, MAX_PRODUCT_IMAGES),
  )
  await prefetchWebPhotos(app.media, addresses, images.web, dryRun)
  const plans: Plan[] = []
  for (const each of good) {
    try {
      plans.push(
        await plan(
          app,
          each,
          refs,
          existingProducts,
          existingSkus,
          productSkus,
          formerSlugs,
          images,
          dryRun,
          actor,
        ),
      )
    } catch (error) {
      if (!(error instanceof GroupFailure)) throw error
      failGroup(context, each, error.row, error.sku, error.field, error.message)
    }
  }
  const tally = (planned: Plan) => {
    const productOnly = planned.productChanged && planned.product ? planned.unchangedRows : 0
    counts.created += planned.newSkus.length
    counts.updated += planned.changedSkus.length + productOnly
    counts.unchanged += planned.unchangedRows - productOnly
    if (planned.drafted) counts.drafts += 1
  }
  // a product's photo warnings in the file's order, the check's as the import's; none for a product refused
  const refusedPlans = new Set<Plan>()
  const warnAll = () => {
    for (const planned of plans) if (!refusedPlans.has(planned)) planned.photoWarnings.forEach(warn)
  }
  if (dryRun) {
    plans.forEach(tally)
    warnAll()
    return
  }
  const writing = plans.filter(
    (planned) => planned.productChanged || planned.newSkus.length || planned.changedSkus.length,
  )
  for (const planned of plans) if (!writing.includes(planned)) tally(planned)
  if (writing.length) {
    await app.db.transaction(async (tx) => {
      const { written: done, refused } = await writeBatch(tx, writing)
      for (const planned of refused) refusedPlans.add(planned)
      for (const planned of refused) {
        const [first] = planned.group.rows
        failGroup(
          context,
          planned.group,
          first?.row ?? 0,
          first?.parsed.sku.sku ?? '',
          'product_slug',
          'Saved by someone else during the import: import the file again',
        )
      }
      for (const [planned] of done) tally(planned)
      await priceForCampaigns(
        tx,
        done.map(([, id]) => id),
        app.clock.now(),
      )
      await refreshSearchText(tx, {
        productIds: done.filter(([planned]) => planned.searchChanged).map(([, id]) => id),
      })
    })
  }
  warnAll()
}

/**
 * Writes a batch of product groups in the caller's transaction, in a few statements: new products in one
 * insert, new skus in others. A product saved by someone else since it was read is left as it is; the
 * plans written, with their product ids.
 */
async function writeBatch(tx: Tx, plans: Plan[]): Promise<{ written: [Plan, number][]; refused: Plan[] }> {
  const written: [Plan, number][] = []
  const refused: Plan[] = []
  const created = plans.filter((planned) => !planned.product)
  if (created.length) {
    const rows = await tx
      .insert(products)
      .values(
        created.map((planned) => ({
          ...planned.values,
          price: planned.newSkus[0]?.values.price ?? 0,
          discountedPrice: planned.newSkus[0]?.values.discountedPrice ?? 0,
          searchText: '',
        })),
      )
      .returning({ id: products.id, slug: products.slug })
    const ids = new Map(rows.map((row) => [row.slug, row.id]))
    for (const planned of created) written.push([planned, ids.get(planned.group.slug) ?? 0])
  }
  for (const planned of plans) {
    if (!planned.product) continue
    if (!planned.productChanged && !planned.newSkus.length && !planned.changedSkus.length) continue
    const [row] = await tx
      .update(products)
      .set({ ...planned.values, version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(and(eq(products.id, planned.product.id), eq(products.version, planned.product.version)))
      .returning({ id: products.id })
    if (!row) {
      refused.push(planned)
      continue
    }
    written.push([planned, row.id])
    const { slug } = planned.values
    if (planned.product.slug !== slug) {
      // renamed: the old address keeps leading to the product
      await tx
        .insert(productRedirects)
        .values({ slug: planned.product.slug, productId: row.id })
        .onConflictDoUpdate({ target: productRedirects.slug, set: { productId: row.id } })
      await tx.delete(productRedirects).where(eq(productRedirects.slug, slug))
    }
  }
  const newSkus = written.flatMap(([planned, productId]) =>
    planned.newSkus.map((sku) => ({ ...sku.values, productId })),
  )
  for (let start = 0; start < newSkus.length; start += 1000) {
    await tx.insert(skus).values(newSkus.slice(start, start + 1000))
  }
  for (const [planned] of written) {
    for (const sku of planned.changedSkus) await tx.update(skus).set(sku.values).where(eq(skus.id, sku.id))
  }
  return { written, refused }
}
