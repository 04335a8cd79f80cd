import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { brands, categories, products, skus } from '../../db/schema'
import { productIdOfKey } from '../../domain/product-key'

/** What a product page's head says of an active product (title, description, image, offer); null when none. */
export async function productMeta(db: Db, key: string) {
  const id = productIdOfKey(key)
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      shortDescription: products.shortDescription,
      longDescription: products.longDescription,
      brand: brands.name,
      category: categories.name,
      thumbnail: products.thumbnail,
      price: products.price,
      discountedPrice: products.discountedPrice,
      inStock: products.inStock,
      status: products.status,
      ratingAvg: products.ratingAvg,
      ratingCount: products.ratingCount,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(id === null ? eq(products.slug, key) : eq(products.id, id))
    .limit(1)
  if (row?.status !== 'active') return null
  const skuRows = await db.select({ sku: skus.sku }).from(skus).where(eq(skus.productId, row.id))
  return {
    ...row,
    description: row.shortDescription || row.longDescription,
    image: row.thumbnail.split(',')[0]?.trim() || null,
    skus: skuRows.map((s) => s.sku),
  }
}

export type ProductMeta = NonNullable<Awaited<ReturnType<typeof productMeta>>>
