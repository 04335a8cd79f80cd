import { and, eq, inArray, sql } from 'drizzle-orm'
import { IMPORT_COLUMNS } from '../../../src/contract/admin-import'
import type { Db } from '../../db/client'
import { products, skus } from '../../db/schema'
import { moneyCell, sizeAndColourOf } from '../../domain/catalogue-csv'
import type { CsvRow } from '../../domain/csv'
import { loadRefs } from './refs'

export type ExportFilters = { status?: 'draft' | 'active' | 'archived'; categoryId?: number }

/**
 * The catalogue in the import's format, a row at a time, header first: a page of products at a time
 * with their skus, so a large catalogue is never whole in memory.
 */
export async function* exportRows(db: Db, filters: ExportFilters): AsyncGenerator<CsvRow> {
  const refs = await loadRefs(db)
  const slugOf = (map: Map<string, number>) => new Map([...map].map(([slug, id]) => [id, slug]))
  const categorySlugs = slugOf(refs.categories)
  const brandSlugs = slugOf(refs.brands)
  const campaignSlugs = slugOf(refs.campaigns)
  yield IMPORT_COLUMNS
  let after = 0
  for (;;) {
    const where = [sql`${products.id} > ${after}`]
    if (filters.status) where.push(eq(products.status, filters.status))
    if (filters.categoryId) where.push(sql`${products.categoryPath} @> array[${filters.categoryId}::int]`)
    const page = await db
      .select()
      .from(products)
      .where(and(...where))
      .orderBy(products.id)
      .limit(200)
    if (page.length === 0) return
    after = page[page.length - 1]?.id ?? after
    const skuRows = await db
      .select()
      .from(skus)
      .where(
        inArray(
          skus.productId,
          page.map((product) => product.id),
        ),
      )
      .orderBy(skus.productId, skus.position, skus.id)
    for (const product of page) {
      const names = product.options.map((option) => option.name).slice(0, 3)
      for (const sku of skuRows.filter((each) => each.productId === product.id)) {
        const values = names.map((name) => {
          const key = name.toLowerCase()
          const found = sku.attributes.find((attribute) => attribute.key === key)?.value
          if (found) return found
          const { size, colour } = sizeAndColourOf([name], ['x'])
          return (size ? sku.size : colour ? sku.colour : '') ?? ''
        })
        const option = (index: number) => [names[index] ?? '', values[index] ?? '']
        yield [
          product.slug,
          product.name,
          product.nameBn,
          product.shortDescription,
          product.shortDescriptionBn,
          product.longDescription,
          product.longDescriptionBn,
          categorySlugs.get(product.categoryId) ?? '',
          brandSlugs.get(product.brandId) ?? '',
          product.status,
          product.campaignIds
            .map((id) => campaignSlugs.get(id) ?? '')
            .filter(Boolean)
            .join('|'),
          product.thumbnail.split(',').filter(Boolean).join('|'),
          ...option(0),
          ...option(1),
          ...option(2),
          sku.sku,
          moneyCell(sku.price),
          // the shop's own, not a running campaign's: the file imported again changes nothing
          moneyCell(sku.regularDiscountedPrice ?? sku.discountedPrice),
          moneyCell(sku.vat),
          sku.stockQuantity,
          sku.weightGrams,
          product.metaTitle,
          product.metaDescription,
        ]
      }
    }
  }
}
