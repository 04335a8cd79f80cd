import { sql } from 'drizzle-orm'
import { queryRows, type Tx } from '../../db/client'
import { campaignUnitPrice } from '../../domain/campaigns'
import { refreshProductCards } from './product-cards'

const idArray = (ids: readonly number[]) =>
  sql`array[${sql.join(ids.length ? ids.map((id) => sql`${id}::int`) : [sql`null::int`], sql`, `)}]::int[]`

/**
 * Writes the prices of the products' skus for the campaigns running at `now`: the best campaign price
 * goes into discounted_price with the sku's own kept in regular_discounted_price; a sku no running
 * campaign lowers gets its own back. Then the products' card figures follow.
 *
 * The shop's own discounted price is `regular_discounted_price ?? discounted_price` (what the back office
 * edits and exports). Every writer of prices writes the own price into discounted_price with
 * regular_discounted_price cleared, then calls this, which puts a running campaign's price back on top:
 * an edit made during a campaign neither ends the campaign's price nor comes back as it ends.
 */
export async function priceForCampaigns(tx: Tx, productIds: readonly number[], now: Date): Promise<void> {
  if (productIds.length === 0) return
  const rows = await queryRows<{
    id: number
    product_id: number
    price: string
    discounted_price: string
    regular: string | null
    deals: { ownPrice: number | null; discountPercent: number }[] | string | null
  }>(
    tx,
    sql`select s.id, s.product_id, s.price, s.discounted_price, s.regular_discounted_price as regular,
          (select json_agg(json_build_object('ownPrice', cp.price, 'discountPercent', c.discount_percent))
           from campaigns c left join campaign_prices cp on cp.campaign_id = c.id and cp.product_id = p.id
           where c.id = any(p.campaign_ids) and c.starts_at <= ${now} and c.ends_at > ${now}) as deals
        from skus s join products p on p.id = s.product_id
        where s.product_id = any(${idArray(productIds)})
        order by s.id
        for update of s`,
  )
  const changes: { id: number; discounted: number; regular: number | null }[] = []
  for (const row of rows) {
    const price = Number(row.price)
    const regular = row.regular === null ? Number(row.discounted_price) : Number(row.regular)
    const deals = (typeof row.deals === 'string' ? JSON.parse(row.deals) : (row.deals ?? [])) as {
      ownPrice: number | string | null
      discountPercent: number
    }[]
    const best = deals
      .map((deal) =>
        campaignUnitPrice(
          { price, regularDiscountedPrice: regular },
          {
            ownPrice: deal.ownPrice === null ? null : Number(deal.ownPrice),
            discountPercent: Number(deal.discountPercent),
          },
        ),
      )
      .filter((value): value is number => value !== null)
      .reduce<number | null>((low, value) => (low === null || value < low ? value : low), null)
    const next =
      best === null ? { discounted: regular, regular: null } : { discounted: best, regular: regular }
    if (
      next.discounted !== Number(row.discounted_price) ||
      next.regular !== (row.regular === null ? null : regular)
    )
      changes.push({ id: Number(row.id), ...next })
  }
  for (const change of changes) {
    await tx.execute(sql`
      update skus s set discounted_price = ${change.discounted},
        discounted_value = price - ${change.discounted}::numeric,
        regular_discounted_price = ${change.regular}
      where s.id = ${change.id}`)
  }
  await refreshProductCards(tx, productIds)
}
