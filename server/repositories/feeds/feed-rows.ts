import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { brands, categories, optionLabels, products, skus } from '../../db/schema'
import { labelBook } from '../../domain/option-labels'
import type { FeedProduct, FeedRefs, FeedSku } from './feed-items'

/** Products read at a time: a feed never holds more of the catalogue than one batch and its skus. */
export const FEED_BATCH = 500

/** The categories, brands and Bangla option names every item refers to (small tables, read once a build). */
export async function feedRefs(db: Db): Promise<FeedRefs> {
  const [categoryRows, brandRows, labelRows] = await Promise.all([
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        name: categories.name,
        nameBn: categories.nameBn,
        parentId: categories.parentId,
      })
      .from(categories),
    db.select({ id: brands.id, name: brands.name, nameBn: brands.nameBn }).from(brands),
    db.select().from(optionLabels),
  ])
  return {
    categories: new Map(categoryRows.map(({ id, ...category }) => [id, category])),
    brands: new Map(brandRows.map(({ id, ...brand }) => [id, brand])),
    labels: labelBook(labelRows),
  }
}

/**
 * The active products and their skus in batches, by product id (keyset: each batch starts after the last
 * id, on the primary key's index), skus in their matrix order.
 */
export async function* feedBatches(
  db: Db,
  batch = FEED_BATCH,
): AsyncGenerator<{ products: FeedProduct[]; skus: Map<number, FeedSku[]> }> {
  let after = 0
  for (;;) {
    const productRows: FeedProduct[] = await db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        nameBn: products.nameBn,
        shortDescription: products.shortDescription,
        longDescription: products.longDescription,
        shortDescriptionBn: products.shortDescriptionBn,
        longDescriptionBn: products.longDescriptionBn,
        thumbnail: products.thumbnail,
        brandId: products.brandId,
        categoryId: products.categoryId,
      })
      .from(products)
      .where(and(eq(products.status, 'active'), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(batch)
    if (productRows.length === 0) return
    after = (productRows.at(-1) as FeedProduct).id
    const skuRows: FeedSku[] = await db
      .select({
        id: skus.id,
        productId: skus.productId,
        sku: skus.sku,
        price: skus.price,
        discountedPrice: skus.discountedPrice,
        stockQuantity: skus.stockQuantity,
        size: skus.size,
        colour: skus.colour,
      })
      .from(skus)
      .where(
        inArray(
          skus.productId,
          productRows.map((row) => row.id),
        ),
      )
      .orderBy(asc(skus.productId), asc(skus.position), asc(skus.id))
    const byProduct = new Map<number, FeedSku[]>()
    for (const row of skuRows) {
      const list = byProduct.get(row.productId)
      if (list) list.push(row)
      else byProduct.set(row.productId, [row])
    }
    yield { products: productRows, skus: byProduct }
    if (productRows.length < batch) return
  }
}
