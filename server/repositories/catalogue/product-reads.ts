import { sql } from 'drizzle-orm'
import type { Language } from '../../../src/contract/language'
import type { GetByLogicBody, ProductSummary } from '../../../src/contract/product'
import { type Db, queryRows } from '../../db/client'
import { invalid, notFound } from '../../domain/errors'
import { productIdOfKey } from '../../domain/product-key'
import type { ProductJsonCache } from './product-json'
import type { CatalogueRefs } from './refs'
import { type SummaryRow, summarySql, toSummary } from './rows'

const DATA_OPEN = Buffer.from('{"data":')
const ARRAY_OPEN = Buffer.from('[')
const ARRAY_CLOSE = Buffer.from(']')
const OBJECT_CLOSE = Buffer.from('}')
const COMMA = Buffer.from(',')

/** `{"data":…}` around serialized products: one of them, or an array of them. */
function jsonData(products: Buffer[], asArray: boolean): Buffer {
  const items = products.flatMap((one, index) => (index === 0 ? [one] : [COMMA, one]))
  const data = asArray ? [ARRAY_OPEN, ...items, ARRAY_CLOSE] : items
  return Buffer.concat([DATA_OPEN, ...data, OBJECT_CLOSE])
}

/**
 * An active product by slug (or by a former slug of it: an old link still finds it, and the answer carries
 * its slug now), or by id when the key is a number.
 */
const byKey = (key: string, columns: ReturnType<typeof sql.raw>) => {
  const id = productIdOfKey(key)
  return id !== null
    ? sql`select ${columns} from products where id = ${id} and status = 'active'`
    : sql`select ${columns} from products where status = 'active' and (slug = ${key}
        or id = (select product_id from product_redirects where slug = ${key}))
        order by slug = ${key} desc limit 1`
}

/** Single products, product groups (home sections) and related products, each in the language asked for. */
export function createProductReads(
  db: Db,
  refs: (language?: Language) => Promise<CatalogueRefs>,
  productJson: ProductJsonCache,
) {
  async function summaries(
    language: Language,
    where: ReturnType<typeof sql>,
    order: ReturnType<typeof sql>,
    limit: number,
  ) {
    const known = await refs(language)
    const rows = await queryRows<SummaryRow>(
      db,
      sql`select ${summarySql[language]} from products p where p.status = 'active' and ${where} order by ${order} limit ${limit}`,
    )
    return rows.map((row) => toSummary(row, known))
  }
  const popular = sql`p.sold_count desc, p.id desc`

  /**
   * An active product's own JSON by id (no `{"data":…}` around it), undefined when none: while its answer is
   * kept, the very Buffer kept, so what is made of it can be kept with it.
   */
  async function keptProductJson(id: number, language: Language = 'en'): Promise<Buffer | undefined> {
    const [json] = await productJson.many([id], await refs(language))
    return json
  }

  return {
    /** One active product by slug, or by id when the key is a number, as `{"data":product}` JSON. */
    async productJson(key: string, language: Language = 'en'): Promise<Buffer> {
      const [row] = await queryRows<{ id: number }>(db, byKey(key, sql.raw('id')))
      const json = row ? await keptProductJson(row.id, language) : undefined
      if (json === undefined) throw notFound('product', 'Product not found')
      return jsonData([json], false)
    },

    keptProductJson,

    /** Active products with skus in the order of `ids`, as `{"data":[…]}` JSON; unknown ids are skipped. */
    async byIdsJson(ids: number[], limit: number, language: Language = 'en'): Promise<Buffer> {
      const unique = [...new Set(ids)].slice(0, limit)
      return jsonData(await productJson.many(unique, await refs(language)), true)
    },

    async byLogic(body: GetByLogicBody, language: Language = 'en'): Promise<ProductSummary[]> {
      const known = await refs(language)
      const requireSlug = () => {
        if (!body.slug) throw invalid('slug', `A ${body.logic} slug is required`)
        return body.slug
      }
      switch (body.logic) {
        case 'new_arrivals':
          return summaries(language, sql`true`, sql`p.created_at desc, p.id desc`, body.limit)
        case 'best_sellers':
          return summaries(language, sql`true`, popular, body.limit)
        case 'top_rated':
          return summaries(language, sql`p.rating_count > 0`, sql`p.rating_avg desc, p.id desc`, body.limit)
        case 'discounted':
          return summaries(
            language,
            sql`p.discount_percent > 0`,
            sql`p.discount_percent desc, p.sold_count desc, p.id desc`,
            body.limit,
          )
        case 'category': {
          const category = known.categoryBySlug.get(requireSlug())
          if (!category) throw notFound('slug', 'Category not found')
          return summaries(
            language,
            sql`p.category_path @> array[${category.id}]::integer[]`,
            popular,
            body.limit,
          )
        }
        case 'brand': {
          const brand = known.brandBySlug.get(requireSlug())
          if (!brand) throw notFound('slug', 'Brand not found')
          return summaries(language, sql`p.brand_id = ${brand.id}`, popular, body.limit)
        }
        case 'campaign': {
          const campaign = known.campaignBySlug.get(requireSlug())
          if (!campaign) throw notFound('slug', 'Campaign not found')
          return summaries(
            language,
            sql`p.campaign_ids @> array[${campaign.id}]::integer[]`,
            popular,
            body.limit,
          )
        }
        case 'products': {
          // the shop's own pick, in its order: `12,15,9`
          const ids = requireSlug().split(',').map(Number)
          if (!ids.every((id) => Number.isSafeInteger(id) && id > 0))
            throw invalid('slug', 'Give product ids')
          return summaries(
            language,
            sql`p.id = any(${sql.param(ids)}::int[])`,
            sql`array_position(${sql.param(ids)}::int[], p.id)`,
            body.limit,
          )
        }
      }
    },

    async details(id: number, language: Language = 'en'): Promise<{ id: number; longDescription: string }> {
      const column =
        language === 'bn'
          ? sql`case when long_description_bn <> '' then long_description_bn else long_description end`
          : sql`long_description`
      const [row] = await queryRows<{ id: number; long_description: string }>(
        db,
        sql`select id, ${column} as long_description from products where id = ${id} and status = 'active'`,
      )
      if (!row) throw notFound('product', 'Product not found')
      return { id: row.id, longDescription: row.long_description }
    },

    /** Products from the same category (then the same top category), best sellers first. */
    async related(key: string, limit: number, language: Language = 'en'): Promise<ProductSummary[]> {
      const [product] = await queryRows<{ id: number; category_path: number[] }>(
        db,
        byKey(key, sql.raw('id, category_path')),
      )
      if (!product) throw notFound('product', 'Product not found')
      const leaf = product.category_path[product.category_path.length - 1] ?? -1
      const top = product.category_path[0] ?? -1
      return summaries(
        language,
        sql`p.id <> ${product.id} and p.category_path @> array[${top}]::integer[]`,
        sql`(p.category_path @> array[${leaf}]::integer[]) desc, p.sold_count desc, p.id desc`,
        limit,
      )
    },

    /** Products sharing a category (or, without the category filter, a brand) with the given ones. */
    async relatedTo(
      productIds: number[],
      byCategory: boolean,
      limit: number,
      language: Language = 'en',
    ): Promise<ProductSummary[]> {
      const ids = sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )
      const column = byCategory ? sql`category_id` : sql`brand_id`
      return summaries(
        language,
        sql`p.id not in (${ids}) and p.${column} in (select ${column} from products where id in (${ids}))`,
        popular,
        limit,
      )
    },
  }
}
