import { sql } from 'drizzle-orm'
import { type Db, queryRows, type Tx } from '../../db/client'
import { productSearchText } from '../../domain/synonyms'

/**
 * Brings the card figures of products in line with their skus, in one statement: the cheapest sku's price
 * and discounted price (what a card shows and sorting uses), its discount %, whether anything is in stock,
 * the stock of all skus together (the back office's out / low / in filter), and the sizes and colours the
 * listing's filters match, in the skus' order. A product without skus keeps its prices and has no stock.
 * Every writer of skus (the sku route, the product editor, bulk actions, the CSV import) calls it in the
 * write's own transaction.
 */
export async function refreshProductCards(db: Db | Tx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return
  const ids = sql`array[${sql.join(
    [...new Set(productIds)].map((id) => sql`${id}::int`),
    sql`, `,
  )}]`
  await db.execute(sql`
    update products p set
      price = coalesce(c.price, p.price),
      discounted_price = coalesce(c.discounted_price, p.discounted_price),
      discount_percent = case
        when c.price is null then p.discount_percent
        when c.price > 0 then round((1 - c.discounted_price / c.price) * 100)::int
        else 0 end,
      in_stock = coalesce(c.stock, 0) > 0,
      stock_quantity = coalesce(c.stock, 0),
      sizes = coalesce(c.sizes, '{}'::text[]),
      colours = coalesce(c.colours, '{}'::text[])
    from (
      select ids.id as product_id, s.price, s.discounted_price, s.stock, s.sizes, s.colours
      from unnest(${ids}) as ids(id)
      left join lateral (
        select
          (array_agg(k.price order by k.discounted_price, k.id))[1] as price,
          (array_agg(k.discounted_price order by k.discounted_price, k.id))[1] as discounted_price,
          sum(k.stock_quantity)::int as stock,
          array(select x.size from skus x
                where x.product_id = ids.id and x.size is not null and x.size <> ''
                group by x.size order by min(x.position), min(x.id)) as sizes,
          array(select x.colour from skus x
                where x.product_id = ids.id and x.colour is not null and x.colour <> ''
                group by x.colour order by min(x.position), min(x.id)) as colours
        from skus k where k.product_id = ids.id
      ) s on true
    ) c
    where p.id = c.product_id`)
}

/** Which products' search text to write again: some products, or every product of a brand or category. */
export type SearchTextScope = { productIds: readonly number[] } | { brandId: number } | { categoryId: number }

/**
 * Writes the search text of products again from their names, their brand's and their categories' (in
 * English and Bangla, as the seed writes it: see productSearchText). Call it in the write's transaction
 * after a product's name, brand or category changed, and after a brand or category was renamed.
 */
export async function refreshSearchText(db: Db | Tx, scope: SearchTextScope): Promise<number> {
  const where =
    'productIds' in scope
      ? scope.productIds.length
        ? sql`p.id in (${sql.join(
            [...new Set(scope.productIds)].map((id) => sql`${id}`),
            sql`, `,
          )})`
        : null
      : 'brandId' in scope
        ? sql`p.brand_id = ${scope.brandId}`
        : sql`p.category_path @> array[${scope.categoryId}::int]`
  if (!where) return 0
  let written = 0
  let after = 0
  for (;;) {
    const rows = await queryRows<{ id: number; english: string; bangla: string }>(
      db,
      sql`
      select p.id,
        concat_ws(' ', p.name, b.name, (select string_agg(c.name, ' ' order by array_position(p.category_path, c.id) desc)
          from categories c where c.id = any(p.category_path))) as english,
        concat_ws(' ', p.name_bn, b.name_bn, (select string_agg(c.name_bn, ' ' order by array_position(p.category_path, c.id) desc)
          from categories c where c.id = any(p.category_path))) as bangla
      from products p join brands b on b.id = p.brand_id
      where ${where} and p.id > ${after}
      order by p.id limit 1000`,
    )
    if (rows.length === 0) return written
    const ids = rows.map((row) => Number(row.id))
    const texts = rows.map((row) => productSearchText(row.english, row.bangla))
    await db.execute(sql`
      update products p set search_text = t.text
      from unnest(${sql`array[${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )}]`}, ${sql`array[${sql.join(
        texts.map((text) => sql`${text}::text`),
        sql`, `,
      )}]`}) as t(id, text)
      where p.id = t.id`)
    written += rows.length
    after = ids[ids.length - 1] ?? after
  }
}

/** A category's path as products keep it: its parent (when it has one), then itself. */
export async function categoryPathOf(db: Db | Tx, categoryId: number): Promise<number[] | null> {
  const rows = await queryRows<{ id: number; parent_id: number | null }>(
    db,
    sql`select id, parent_id from categories where id = ${categoryId}`,
  )
  const row = rows[0]
  if (!row) return null
  return row.parent_id ? [Number(row.parent_id), Number(row.id)] : [Number(row.id)]
}
