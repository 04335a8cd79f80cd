import type { FastifyInstance } from 'fastify'
import { roundMoney } from '../../../src/lib/money'
import type { products, skus } from '../../db/schema'
import { attributesOf, type ProductFields, type SkuFields, sizeAndColourOf } from '../../domain/catalogue-csv'
import type { Actor } from '../audit'
import { categoryPathOf } from '../catalogue/product-cards'
import { type Group, GroupFailure, type MissingPhoto, type Row } from './groups'
import { type Refs, refOf } from './refs'
import { type ImageSource, resolveImages } from './zip-images'

export type ExistingProduct = typeof products.$inferSelect
export type ExistingSku = typeof skus.$inferSelect

const sameMoney = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100)
const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',')

/** What a product group writes: its product's values and its skus new and changed. */
export type Plan = {
  group: Group
  product: ExistingProduct | null
  values: Omit<typeof products.$inferInsert, 'price' | 'discountedPrice' | 'searchText'>
  productChanged: boolean
  searchChanged: boolean
  newSkus: { row: Row; values: typeof skus.$inferInsert }[]
  changedSkus: { row: Row; id: number; values: Partial<typeof skus.$inferInsert> }[]
  unchangedRows: number
  /** the photos named by their web address that gave none, left out */
  photoWarnings: MissingPhoto[]
  /** saved as a draft, though the file has it active, for those photos */
  drafted: boolean
}

/**
 * The product a group renames: one whose slug the file no longer uses, when the group names every sku of it
 * and no other product's (upsert by sku code, as an exported file edited in a sheet comes back).
 */
function renamed(
  group: Group,
  existingProducts: Map<string, ExistingProduct>,
  existingSkus: Map<string, ExistingSku & { slug: string }>,
  productSkus: Map<number, ExistingSku[]>,
): ExistingProduct | null {
  const owners = new Set<string>()
  for (const row of group.rows) {
    const owner = existingSkus.get(row.parsed.sku.sku)
    if (owner) owners.add(owner.slug)
  }
  if (owners.size !== 1) return null
  const [slug] = owners
  const product = slug === undefined ? undefined : existingProducts.get(slug)
  if (!product) return null
  const named = new Set(group.rows.map((row) => row.parsed.sku.sku))
  const all = productSkus.get(product.id) ?? []
  return all.every((sku) => named.has(sku.sku)) ? product : null
}

/** What a product group would write, against the catalogue as it is; a GroupFailure when it cannot. */
export async function plan(
  app: FastifyInstance,
  group: Group,
  refs: Refs,
  existingProducts: Map<string, ExistingProduct>,
  existingSkus: Map<string, ExistingSku & { slug: string }>,
  productSkus: Map<number, ExistingSku[]>,
  formerSlugs: Map<string, number>,
  images: ImageSource,
  dryRun: boolean,
  actor: Actor,
): Promise<Plan> {
  const [first] = group.rows
  if (!first) throw new Error('an empty group')
  const fields: ProductFields = first.parsed.product
  const code = first.parsed.sku.sku
  if (!fields.name) throw new GroupFailure(first.row, code, 'name', "Give the product's name")
  if (!fields.category) throw new GroupFailure(first.row, code, 'category', "Give the product's category")
  const categoryId = refOf(refs.categories, refs.categoryNames, fields.category)
  if (!categoryId) {
    throw new GroupFailure(first.row, code, 'category', `No category has the slug or name ${fields.category}`)
  }
  if (!fields.brand) throw new GroupFailure(first.row, code, 'brand', "Give the product's brand")
  const brandId = refOf(refs.brands, refs.brandNames, fields.brand)
  if (!brandId)
    throw new GroupFailure(first.row, code, 'brand', `No brand has the slug or name ${fields.brand}`)
  const campaignIds: number[] = []
  for (const slug of fields.campaigns) {
    const id = refs.campaigns.get(slug)
    if (!id) throw new GroupFailure(first.row, code, 'campaigns', `No campaign has the slug ${slug}`)
    if (!campaignIds.includes(id)) campaignIds.push(id)
  }
  let categoryPath = refs.paths.get(categoryId)
  if (!categoryPath) {
    categoryPath = (await categoryPathOf(app.db, categoryId)) ?? [categoryId]
    refs.paths.set(categoryId, categoryPath)
  }
  const product =
    existingProducts.get(group.slug) ?? renamed(group, existingProducts, existingSkus, productSkus)
  for (const row of group.rows) {
    const owner = existingSkus.get(row.parsed.sku.sku)
    if (owner && owner.slug !== product?.slug) {
      throw new GroupFailure(
        row.row,
        row.parsed.sku.sku,
        'sku',
        product || existingProducts.get(group.slug)
          ? `This sku belongs to the product ${owner.slug}`
          : `This sku belongs to the product ${owner.slug}: to rename it, give all its rows the new slug`,
      )
    }
  }
  const formerOwner = formerSlugs.get(group.slug)
  if (formerOwner !== undefined && formerOwner !== product?.id) {
    throw new GroupFailure(
      first.row,
      code,
      'product_slug',
      "This slug was another product's: old links lead there",
    )
  }
  const current = product?.thumbnail ? product.thumbnail.split(',').filter(Boolean) : []
  const resolved =
    fields.images.length === 0 && product
      ? { paths: current, missing: [] }
      : await resolveImages(app.media, fields.images, current, images, dryRun, first.row, code)
  const thumbnail = fields.images.length === 0 && product ? product.thumbnail : resolved.paths.join(',')
  // a photo that could not be fetched is left out, and the product waits as a draft for the shop to see to it
  const photoWarnings: MissingPhoto[] = resolved.missing.map(({ address, message }) => {
    const origin = first.photos?.get(address)
    return { row: origin?.row ?? first.row, sku: code, field: origin?.column ?? 'images', address, message }
  })
  const drafted = resolved.missing.some((photo) => !photo.kept) && fields.status === 'active'

  // the skus in the file's order, then the product's others in theirs: the options' values follow it
  const others = (product ? (productSkus.get(product.id) ?? []) : []).filter(
    (sku) => !group.rows.some((row) => row.parsed.sku.sku === sku.sku),
  )
  const options = fields.optionNames.map((name, index) => {
    const values: string[] = []
    for (const row of group.rows) {
      const value = row.parsed.sku.optionValues[index] ?? ''
      if (value && !values.includes(value)) values.push(value)
    }
    for (const sku of others) {
      const value = sku.attributes.find((attribute) => attribute.key === name.toLowerCase())?.value
      if (value && !values.includes(value)) values.push(value)
    }
    return { name, values }
  })
  const values = {
    slug: group.slug,
    name: fields.name,
    nameBn: fields.nameBn,
    shortDescription: fields.shortDescription,
    shortDescriptionBn: fields.shortDescriptionBn,
    longDescription: fields.longDescription,
    longDescriptionBn: fields.longDescriptionBn,
    brandId,
    categoryId,
    categoryPath,
    campaignIds,
    thumbnail,
    status: drafted ? ('draft' as const) : fields.status,
    options,
    metaTitle: fields.metaTitle,
    metaDescription: fields.metaDescription,
    updatedBy: actor.staffId,
  }
  const searchChanged =
    !product ||
    product.name !== values.name ||
    product.nameBn !== values.nameBn ||
    product.brandId !== brandId ||
    product.categoryId !== categoryId
  const productChanged =
    !product ||
    searchChanged ||
    product.slug !== values.slug ||
    product.shortDescription !== values.shortDescription ||
    product.shortDescriptionBn !== values.shortDescriptionBn ||
    product.longDescription !== values.longDescription ||
    product.longDescriptionBn !== values.longDescriptionBn ||
    sortedIds(product.categoryPath) !== sortedIds(categoryPath) ||
    sortedIds(product.campaignIds) !== sortedIds(campaignIds) ||
    product.thumbnail !== thumbnail ||
    product.status !== values.status ||
    JSON.stringify(product.options) !== JSON.stringify(options) ||
    product.metaTitle !== values.metaTitle ||
    product.metaDescription !== values.metaDescription

  // positions: kept while the file lists the product's skus in their order, else the file's order
  const existingOrder = (product ? (productSkus.get(product.id) ?? []) : []).map((sku) => sku.sku)
  const fileExisting = group.rows
    .map((row) => row.parsed.sku.sku)
    .filter((sku) => existingOrder.includes(sku))
  const inOrder =
    fileExisting.join('\n') === existingOrder.filter((sku) => fileExisting.includes(sku)).join('\n')
  const lastPosition = Math.max(
    -1,
    ...(product ? (productSkus.get(product.id) ?? []) : []).map((sku) => sku.position),
  )

  const newSkus: Plan['newSkus'] = []
  const changedSkus: Plan['changedSkus'] = []
  let unchangedRows = 0
  group.rows.forEach((row, index) => {
    const sku: SkuFields = row.parsed.sku
    const attributes = attributesOf(fields.optionNames, sku.optionValues)
    const { size, colour } = sizeAndColourOf(fields.optionNames, sku.optionValues)
    const figures = {
      price: sku.price,
      discountedPrice: sku.discountedPrice,
      discountedValue: roundMoney(sku.price - sku.discountedPrice),
      // the own price written; a running campaign's goes back on top once the batch is written
      regularDiscountedPrice: null,
      stockQuantity: sku.stock,
      vat: sku.vat,
      weightGrams: sku.weightGrams,
      attributes,
      size,
      colour,
    }
    const existing = existingSkus.get(sku.sku)
    if (!existing) {
      newSkus.push({
        row,
        values: {
          ...figures,
          sku: sku.sku,
          productId: 0,
          position: inOrder ? lastPosition + 1 + index : index,
        },
      })
      return
    }
    const position = inOrder ? existing.position : index
    const same =
      sameMoney(existing.price, sku.price) &&
      sameMoney(existing.regularDiscountedPrice ?? existing.discountedPrice, sku.discountedPrice) &&
      existing.stockQuantity === sku.stock &&
      sameMoney(existing.vat, sku.vat) &&
      existing.weightGrams === sku.weightGrams &&
      JSON.stringify(existing.attributes) === JSON.stringify(attributes) &&
      (existing.size ?? null) === size &&
      (existing.colour ?? null) === colour &&
      existing.position === position
    if (same) unchangedRows += 1
    else changedSkus.push({ row, id: existing.id, values: { ...figures, position } })
  })
  return {
    group,
    product,
    values,
    productChanged,
    searchChanged,
    newSkus,
    changedSkus,
    unchangedRows,
    photoWarnings,
    drafted,
  }
}
