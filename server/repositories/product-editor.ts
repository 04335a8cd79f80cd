import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type {
  AdminProduct,
  AdminProductBody,
  ProductConflict,
  ProductSkuInput,
} from '../../src/contract/admin-product'
import { roundMoney } from '../../src/lib/money'
import type { Db, Tx } from '../db/client'
import { brands, campaigns, orderLines, productRedirects, products, skus, users } from '../db/schema'
import { DomainError, notFound } from '../domain/errors'
import {
  copyOf,
  dhakaTime,
  type FieldProblems,
  freeSlug,
  productProblems,
  skuColumns,
  skuValues,
  slugOf,
} from '../domain/product-editor'
import { freeCode, keptProductCode, productCode, skuCode } from '../domain/sku-codes'
import { priceForCampaigns } from './catalogue/campaign-prices'
import { categoryPathOf, refreshSearchText } from './catalogue/product-cards'

/** A save made from an older version: 409 with who saved it last and when. */
export class ProductVersionConflict extends DomainError {
  constructor(readonly conflict: ProductConflict) {
    const time = dhakaTime(new Date(conflict.at))
    const message = conflict.by
      ? `Changed by ${conflict.by} at ${time}`
      : `Changed by someone else at ${time}`
    super('conflict', { version: [message] })
  }
}

/** What the audit log keeps of a product: everything the editor shows but its bookkeeping. */
export type ProductSnapshot = Omit<AdminProduct, 'version' | 'updatedAt' | 'updatedBy' | 'formerSlugs'>

/** Runs in the save's transaction with the product before (null for a new one) and after: the audit entry. */
export type ProductSaved = (tx: Tx, before: ProductSnapshot | null, after: ProductSnapshot) => Promise<void>

export type ProductEditorRepository = {
  /** the whole product as the editor shows it, whatever its status; null when there is none */
  read(id: number): Promise<AdminProduct | null>
  /** a new product (a draft unless the body says otherwise) with its skus */
  create(body: AdminProductBody, staffId: number | null, saved: ProductSaved): Promise<AdminProduct>
  /** the product as the body says, when it is still at `version` (else ProductVersionConflict) */
  update(
    id: number,
    version: number,
    body: AdminProductBody,
    staffId: number | null,
    saved: ProductSaved,
  ): Promise<AdminProduct>
  /**
   * A new draft copy of the product: "… (copy)", a free slug, its skus with new codes and no stock, its
   * images, texts, classification and prices; 404 when there is no such product.
   */
  duplicate(id: number, staffId: number | null, saved: ProductSaved): Promise<AdminProduct>
}

declare module 'fastify' {
  interface FastifyInstance {
    productEditor: ProductEditorRepository
  }
}

const staffName = (first: string | null, last: string | null, phone: string | null) =>
  [first, last].filter(Boolean).join(' ').trim() || phone || ''

async function load(db: Db | Tx, id: number): Promise<AdminProduct | null> {
  const [row] = await db
    .select({
      product: products,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(products)
    .leftJoin(users, eq(users.id, products.updatedBy))
    .where(eq(products.id, id))
  if (!row) return null
  const { product } = row
  const [skuRows, redirectRows] = await Promise.all([
    db.select().from(skus).where(eq(skus.productId, id)).orderBy(asc(skus.position), asc(skus.id)),
    db
      .select({ slug: productRedirects.slug })
      .from(productRedirects)
      .where(eq(productRedirects.productId, id))
      .orderBy(asc(productRedirects.createdAt), asc(productRedirects.slug)),
  ])
  const paths = product.thumbnail.split(',').filter(Boolean)
  return {
    id: product.id,
    version: product.version,
    updatedAt: product.updatedAt.toISOString(),
    updatedBy:
      product.updatedBy === null
        ? null
        : { id: product.updatedBy, name: staffName(row.firstName, row.lastName, row.phone) },
    slug: product.slug,
    name: product.name,
    nameBn: product.nameBn,
    shortDescription: product.shortDescription,
    shortDescriptionBn: product.shortDescriptionBn,
    longDescription: product.longDescription,
    longDescriptionBn: product.longDescriptionBn,
    categoryId: product.categoryId,
    brandId: product.brandId,
    campaignIds: product.campaignIds,
    status: product.status,
    images: paths.map((path) => ({
      path,
      alt: product.imageAlts[path]?.en ?? '',
      altBn: product.imageAlts[path]?.bn ?? '',
    })),
    options: product.options,
    skus: skuRows.map((sku) => ({
      id: sku.id,
      sku: sku.sku,
      values: skuValues(product.options, sku),
      price: sku.price,
      // the shop's own, not a running campaign's: what a save writes back
      discountedPrice: sku.regularDiscountedPrice ?? sku.discountedPrice,
      vat: sku.vat,
      stockQuantity: sku.stockQuantity,
      weightGrams: sku.weightGrams,
    })),
    metaTitle: product.metaTitle,
    metaDescription: product.metaDescription,
    formerSlugs: redirectRows.map((redirect) => redirect.slug),
  }
}

function snapshotOf(product: AdminProduct): ProductSnapshot {
  const { version: _v, updatedAt: _u, updatedBy: _b, formerSlugs: _f, ...snapshot } = product
  return snapshot
}

function add(problems: FieldProblems, field: string, message: string) {
  problems[field] = [...(problems[field] ?? []), message]
}

const refused = (problems: FieldProblems) => {
  if (Object.keys(problems).length > 0) throw new DomainError('invalid', problems)
}

/** The product's columns as the body gives them. */
function productColumns(body: AdminProductBody, slug: string) {
  const paths = body.images.map((image) => image.path)
  return {
    slug,
    name: body.name.trim(),
    nameBn: body.nameBn.trim(),
    shortDescription: body.shortDescription,
    shortDescriptionBn: body.shortDescriptionBn,
    longDescription: body.longDescription,
    longDescriptionBn: body.longDescriptionBn,
    categoryId: body.categoryId,
    brandId: body.brandId,
    campaignIds: [...new Set(body.campaignIds)],
    status: body.status ?? 'draft',
    thumbnail: paths.join(','),
    imageAlts: Object.fromEntries(
      body.images.map((image) => [image.path, { en: image.alt.trim(), bn: image.altBn.trim() }]),
    ),
    options: body.options.map((option) => ({
      name: option.name.trim(),
      values: option.values.map((value) => value.trim()),
    })),
    metaTitle: body.metaTitle.trim(),
    metaDescription: body.metaDescription.trim(),
  }
}

function skuRow(sku: ProductSkuInput, position: number) {
  return {
    sku: sku.sku.trim(),
    price: sku.price,
    discountedPrice: sku.discountedPrice,
    discountedValue: roundMoney(sku.price - sku.discountedPrice),
    // the own price written; a running campaign's goes back on top when the save finishes
    regularDiscountedPrice: null,
    vat: sku.vat,
    stockQuantity: sku.stockQuantity,
    weightGrams: sku.weightGrams,
    position,
    ...skuColumns(sku.values),
  }
}

export function createProductEditorRepository(app: FastifyInstance): ProductEditorRepository {
  /** images the body names that are not kept in the media store (those the product already had are) */
  async function missingImages(body: AdminProductBody, kept: readonly string[], problems: FieldProblems) {
    await Promise.all(
      body.images.map(async (image, index) => {
        if (kept.includes(image.path) || problems[`images.${index}.path`]) return
        const file = await app.media.get(image.path)
        if (!file) add(problems, `images.${index}.path`, 'Upload this image again')
        else file.body.destroy()
      }),
    )
  }

  /** the rules that need the database: categories, brand and campaigns exist; slug and sku codes are free */
  async function databaseProblems(tx: Tx, id: number | null, body: AdminProductBody, slug: string) {
    const problems: FieldProblems = {}
    const path = await categoryPathOf(tx, body.categoryId)
    if (!path) add(problems, 'categoryId', 'Category not found')
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brandId))
    if (!brand) add(problems, 'brandId', 'Brand not found')
    if (body.campaignIds.length > 0) {
      const found = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(inArray(campaigns.id, body.campaignIds))
      if (found.length !== new Set(body.campaignIds).size) add(problems, 'campaignIds', 'Campaign not found')
    }
    const other = id === null ? sql`true` : ne(products.id, id)
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, slug), other))
    if (taken) add(problems, 'slug', 'Another product has this slug')
    const [former] = await tx
      .select({ productId: productRedirects.productId })
      .from(productRedirects)
      .where(eq(productRedirects.slug, slug))
    if (!taken && former && former.productId !== id) {
      add(problems, 'slug', "This slug was another product's: old links lead there")
    }
    const codes = body.skus.map((sku) => sku.sku.trim().toUpperCase()).filter(Boolean)
    if (codes.length > 0) {
      const used = await tx
        .select({ sku: skus.sku })
        .from(skus)
        .where(
          and(
            sql`upper(${skus.sku}) in (${sql.join(
              codes.map((code) => sql`${code}`),
              sql`, `,
            )})`,
            id === null ? sql`true` : ne(skus.productId, id),
          ),
        )
      const usedCodes = new Set(used.map((row) => row.sku.toUpperCase()))
      body.skus.forEach((sku, index) => {
        if (usedCodes.has(sku.sku.trim().toUpperCase()))
          add(problems, `skus.${index}.sku`, 'Another product has this sku code')
      })
    }
    refused(problems)
    return path as number[]
  }

  /** the body with a code made for each sku left without one (server/domain/sku-codes.ts) */
  async function withCodes(tx: Tx, productId: number, body: AdminProductBody): Promise<AdminProductBody> {
    if (body.skus.every((sku) => sku.sku.trim())) return body
    const own = await tx.select({ sku: skus.sku }).from(skus).where(eq(skus.productId, productId))
    const base =
      keptProductCode(
        productId,
        own.map((row) => row.sku.toUpperCase()),
      ) ?? productCode(body.name, productId)
    const used = await tx
      .select({ sku: skus.sku })
      .from(skus)
      .where(sql`upper(${skus.sku}) like ${`${base}%`}`)
    const taken = new Set([
      ...used.map((row) => row.sku.toUpperCase()),
      ...body.skus.map((sku) => sku.sku.trim().toUpperCase()).filter(Boolean),
    ])
    return {
      ...body,
      skus: body.skus.map((sku) =>
        sku.sku.trim() ? sku : { ...sku, sku: freeCode(skuCode(base, body.options, sku.values), taken) },
      ),
    }
  }

  /** writes the body's skus over the product's: updated by id or code, added, the rest deleted */
  async function writeSkus(tx: Tx, productId: number, body: AdminProductBody) {
    const existing = await tx
      .select({ id: skus.id, sku: skus.sku })
      .from(skus)
      .where(eq(skus.productId, productId))
    const unmatched = new Map(existing.map((sku) => [sku.id, sku]))
    const problems: FieldProblems = {}
    const matched = body.skus.map((sku, index) => {
      if (sku.id !== undefined) {
        if (!unmatched.has(sku.id)) add(problems, `skus.${index}.id`, "This sku is not this product's")
        unmatched.delete(sku.id)
        return sku.id
      }
      const byCode = [...unmatched.values()].find((row) => row.sku === sku.sku.trim())
      if (byCode) unmatched.delete(byCode.id)
      return byCode?.id ?? null
    })
    refused(problems)
    const removed = [...unmatched.values()]
    if (removed.length > 0) {
      const ordered = await tx
        .selectDistinct({ skuId: orderLines.skuId })
        .from(orderLines)
        .where(
          inArray(
            orderLines.skuId,
            removed.map((sku) => sku.id),
          ),
        )
      if (ordered.length > 0) {
        const codes = removed.filter((sku) => ordered.some((line) => line.skuId === sku.id))
        throw new DomainError('conflict', {
          skus: codes.map(
            (sku) => `Sku ${sku.sku} is in orders: keep it with stock 0 rather than removing it`,
          ),
        })
      }
      await tx.delete(skus).where(
        inArray(
          skus.id,
          removed.map((sku) => sku.id),
        ),
      )
    }
    for (const [index, sku] of body.skus.entries()) {
      const id = matched[index]
      const row = skuRow(sku, index)
      if (id) await tx.update(skus).set(row).where(eq(skus.id, id))
      else await tx.insert(skus).values({ ...row, productId })
    }
  }

  async function finish(tx: Tx, productId: number) {
    // the product's campaigns (kept or changed by this save) price its skus, and its card follows
    await priceForCampaigns(tx, [productId], app.clock.now())
    await refreshSearchText(tx, { productIds: [productId] })
    const product = await load(tx, productId)
    if (!product) throw notFound('product', 'Product not found')
    return product
  }

  const repository: ProductEditorRepository = {
    read: (id) => load(app.db, id),

    async create(body, staffId, saved) {
      const problems = productProblems(body)
      await missingImages(body, [], problems)
      refused(problems)
      const slug = slugOf(body)
      return app.db.transaction(async (tx) => {
        const categoryPath = await databaseProblems(tx, null, body, slug)
        const [row] = await tx
          .insert(products)
          .values({
            ...productColumns(body, slug),
            categoryPath,
            price: 0,
            discountedPrice: 0,
            searchText: '',
            updatedAt: app.clock.now(),
            updatedBy: staffId,
          })
          .returning({ id: products.id })
        if (!row) throw notFound('product', 'Product not found')
        await writeSkus(tx, row.id, await withCodes(tx, row.id, body))
        const product = await finish(tx, row.id)
        await saved(tx, null, snapshotOf(product))
        return product
      })
    },

    async update(id, version, body, staffId, saved) {
      const problems = productProblems(body)
      const [kept] = await app.db
        .select({ thumbnail: products.thumbnail })
        .from(products)
        .where(eq(products.id, id))
      if (!kept) throw notFound('product', 'Product not found')
      await missingImages(body, kept.thumbnail.split(','), problems)
      refused(problems)
      const slug = slugOf(body)
      return app.db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ version: products.version, slug: products.slug })
          .from(products)
          .where(eq(products.id, id))
          .for('update')
        if (!locked) throw notFound('product', 'Product not found')
        const before = await load(tx, id)
        if (!before) throw notFound('product', 'Product not found')
        if (locked.version !== version) {
          throw new ProductVersionConflict({ by: before.updatedBy?.name ?? null, at: before.updatedAt })
        }
        const categoryPath = await databaseProblems(tx, id, body, slug)
        await tx
          .update(products)
          .set({
            ...productColumns(body, slug),
            categoryPath,
            version: sql`${products.version} + 1`,
            updatedAt: app.clock.now(),
            updatedBy: staffId,
          })
          .where(eq(products.id, id))
        if (locked.slug !== slug) {
          await tx
            .insert(productRedirects)
            .values({ slug: locked.slug, productId: id })
            .onConflictDoUpdate({ target: productRedirects.slug, set: { productId: id } })
          await tx.delete(productRedirects).where(eq(productRedirects.slug, slug))
        }
        await writeSkus(tx, id, await withCodes(tx, id, body))
        const product = await finish(tx, id)
        await saved(tx, snapshotOf(before), snapshotOf(product))
        return product
      })
    },

    async duplicate(id, staffId, saved) {
      const original = await load(app.db, id)
      if (!original) throw notFound('product', 'Product not found')
      const base = `${original.slug.slice(0, 100).replace(/-+$/, '')}-copy`
      const like = `${base}%`
      const [taken, former] = await Promise.all([
        app.db.select({ slug: products.slug }).from(products).where(sql`${products.slug} like ${like}`),
        app.db
          .select({ slug: productRedirects.slug })
          .from(productRedirects)
          .where(sql`${productRedirects.slug} like ${like}`),
      ])
      const slug = freeSlug(base, new Set([...taken, ...former].map((row) => row.slug)))
      return repository.create(copyOf(original, slug), staffId, saved)
    },
  }
  return repository
}

export default fp(
  async function productEditorRepository(app: FastifyInstance) {
    app.decorate('productEditor', createProductEditorRepository(app))
  },
  { name: 'product-editor-repository', dependencies: ['context'] },
)
