import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import {
  categoryPathOf,
  refreshProductCards,
  refreshSearchText,
} from '../../server/repositories/catalogue/product-cards'
import { createTestApp, type TestApp } from './helpers'

type Card = {
  id: number
  price: number
  discounted_price: number
  discount_percent: number
  in_stock: boolean
  stock_quantity: number
  sizes: string[]
  colours: string[]
  search_text: string
  category_path: number[]
  category_id: number
}
const cards = (t: TestApp) =>
  queryRows<Card>(
    t.db,
    sql`select id, price::float8 as price, discounted_price::float8 as discounted_price, discount_percent, in_stock,
          stock_quantity, sizes, colours, search_text, category_path, category_id from products order by id`,
  )

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 20 })
}, 180_000)
afterAll(() => t?.close())

describe('every writer of the catalogue keeps the figures the storefront reads in step', () => {
  it('recomputes the seed’s card figures, sizes, colours and search text exactly', async () => {
    const before = await cards(t)
    const ids = before.map((card) => card.id)
    await t.db.execute(sql`update products set price = 1, discounted_price = 1, sizes = '{}', colours = '{}',
      in_stock = false, stock_quantity = 0, search_text = 'x'`)
    await refreshProductCards(t.db, ids)
    await refreshSearchText(t.db, { productIds: ids })
    expect(await cards(t)).toEqual(before)
  })

  it('follows a sku change: stock out, a cheaper sku', async () => {
    const [first] = await cards(t)
    if (!first) throw new Error('no product')
    await t.db.execute(sql`update skus set stock_quantity = 0 where product_id = ${first.id}`)
    await t.db.execute(
      sql`update skus set discounted_price = 10 where id = (select min(id) from skus where product_id = ${first.id})`,
    )
    await refreshProductCards(t.db, [first.id])
    const after = (await cards(t)).find((card) => card.id === first.id)
    expect(after).toMatchObject({ in_stock: false, stock_quantity: 0, discounted_price: 10 })
  })

  it('writes the search text of every product of a renamed brand', async () => {
    const [product] = await queryRows<{ id: number; brand_id: number }>(
      t.db,
      sql`select id, brand_id from products limit 1`,
    )
    if (!product) throw new Error('no product')
    await t.db.execute(
      sql`update brands set name = 'Zephyrine', name_bn = 'জেফিরিন' where id = ${product.brand_id}`,
    )
    const written = await refreshSearchText(t.db, { brandId: product.brand_id })
    const rows = await queryRows<{ search_text: string }>(
      t.db,
      sql`select search_text from products where brand_id = ${product.brand_id}`,
    )
    expect(written).toBe(rows.length)
    for (const row of rows) expect(row.search_text).toMatch(/zephyrine .*। .*জেফিরিন/)
  })

  it('gives a category’s path from its parent down', async () => {
    const [card] = await cards(t)
    if (!card) throw new Error('no product')
    expect(await categoryPathOf(t.db, card.category_id)).toEqual(card.category_path)
    expect(await categoryPathOf(t.db, 999_999)).toBeNull()
  })
})
