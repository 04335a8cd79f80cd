import { eq, or, sql } from 'drizzle-orm'
import type { Language } from '../../../src/contract/language'
import type { Db } from '../../db/client'
import { brands, categories, productRedirects, products, skus } from '../../db/schema'
import { productIdOfKey } from '../../domain/product-key'

/** A text in Bangla when there is one, else in English. */
const inLanguage = (language: Language, en: string, bn: string) => (language === 'bn' && bn ? bn : en)

/**
 * What a product page's head says of an active product (title, description, image, offer), in the
 * language asked for; null when none.
 */
export async function productMeta(db: Db, key: string, language: Language = 'en') {
  const id = productIdOfKey(key)
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      nameBn: products.nameBn,
      slug: products.slug,
      shortDescription: products.shortDescription,
      shortDescriptionBn: products.shortDescriptionBn,
      longDescription: products.longDescription,
      longDescriptionBn: products.longDescriptionBn,
      brand: brands.name,
      brandBn: brands.nameBn,
      category: categories.name,
      categoryBn: categories.nameBn,
      thumbnail: products.thumbnail,
      price: products.price,
      discountedPrice: products.discountedPrice,
      inStock: products.inStock,
      status: products.status,
      ratingAvg: products.ratingAvg,
      ratingCount: products.ratingCount,
      skus: sql<
        string[]
      >`array(select ${skus.sku} from ${skus} where ${skus.productId} = ${products.id} order by ${skus.id})`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      id !== null
        ? eq(products.id, id)
        : // a former slug finds the product it was moved from (its `slug` then says where the page is now)
          or(
            eq(products.slug, key),
            eq(
              products.id,
              sql`(select ${productRedirects.productId} from ${productRedirects} where ${productRedirects.slug} = ${key})`,
            ),
          ),
    )
    .orderBy(sql`${products.slug} = ${key} desc`)
    .limit(1)
  if (row?.status !== 'active') return null
  // a Bangla page prefers either Bangla description to the English ones
  const bangla = language === 'bn' ? row.shortDescriptionBn || row.longDescriptionBn : ''
  return {
    id: row.id,
    slug: row.slug,
    language,
    name: inLanguage(language, row.name, row.nameBn),
    brand: inLanguage(language, row.brand, row.brandBn),
    category: inLanguage(language, row.category, row.categoryBn),
    price: row.price,
    discountedPrice: row.discountedPrice,
    inStock: row.inStock,
    ratingAvg: row.ratingAvg,
    ratingCount: row.ratingCount,
    description: bangla || row.shortDescription || row.longDescription,
    image: row.thumbnail.split(',')[0]?.trim() || null,
    skus: row.skus,
  }
}

export type ProductMeta = NonNullable<Awaited<ReturnType<typeof productMeta>>>
