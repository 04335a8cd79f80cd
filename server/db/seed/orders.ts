import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../client'

export type OrderSeedOptions = {
  orders: number
  /** the newest order is placed just before this moment, the oldest a year earlier */
  now?: Date
  /** part of every number and idempotency key, so that a second run adds orders of its own */
  tag?: string
}

/**
 * Many orders of the shop's active skus, spread evenly over the year before `now`, in a few statements
 * (`npm run db:seed -- --orders 100000`, and the orders bench): every status, cash on delivery and bKash,
 * one line each (1-3 pieces), wholly and partly returned ones among them. Stock is left as it is.
 */
export async function seedOrders(db: Db, options: OrderSeedOptions): Promise<number> {
  const now = (options.now ?? new Date()).toISOString()
  const tag = options.tag ?? ''
  const key = `seed-orders-${tag}-`
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from skus s join products p on p.id = s.product_id where p.status = 'active'`,
  )
  if (!counted?.n) throw new Error('Seed the catalogue first: there are no active products to order')
  // the skus numbered 0…n-1: order g buys sku (g × 7919) mod n, so sales spread over the whole catalogue
  const pool = sql`pool as (
    select (row_number() over (order by s.id) - 1)::int as k, s.id as sku_id, s.product_id, s.sku,
      s.discounted_price as price, p.slug, p.name
    from skus s join products p on p.id = s.product_id
    where p.status = 'active')`
  await db.execute(sql`
    with ${pool}
    insert into orders (number, customer_name, phone, address, zone, subtotal, delivery_charge, total,
      payment_method, payment_status, status, idempotency_key, request_hash, created_at, updated_at)
    select 'HT-' || to_char(at at time zone 'Asia/Dhaka', 'YYMMDD') || '-' || ${tag} || lpad(g::text, 6, '0'),
      (array['Rahim','Karim','Fatema','Salma','Nasrin'])[1 + g % 5] || ' '
        || (array['Uddin','Begum','Akter','Chowdhury','Hossain','Islam','Sarkar'])[1 + (g / 5) % 7],
      '01' || (3 + g % 7)::text || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
      jsonb_build_object('name', 'Seed Shopper', 'phone', '01700000000', 'division', 'Dhaka',
        'district', 'Dhaka', 'area', 'Dhanmondi', 'street', 'Road 1', 'landmark', '', 'zone', 'inside_dhaka'),
      (array['inside_dhaka','dhaka_suburbs','outside_dhaka'])[1 + g % 3],
      pool.price * (1 + g % 3), 60, pool.price * (1 + g % 3) + 60,
      case when g % 4 = 0 then 'bkash' else 'cod' end,
      case when g % 4 = 0 then 'paid' else 'unpaid' end,
      (array['pending','confirmed','packed','shipped','delivered','delivered','delivered','cancelled',
        'returned','pending'])[1 + g % 10],
      ${key} || g, 'seed', at, at
    from (
      select g, ${now}::timestamptz - g * (interval '365 days' / ${options.orders}) as at
      from generate_series(1, ${options.orders}) g
    ) placed
    join pool on pool.k = (g::bigint * 7919) % ${counted.n}`)
  await db.execute(sql`
    with ${pool}
    insert into order_lines (order_id, product_id, sku_id, name, slug, sku, unit_price, unit_discounted_price,
      quantity, line_total, returned_quantity)
    select o.id, pool.product_id, pool.sku_id, pool.name, pool.slug, pool.sku, pool.price, pool.price,
      1 + o.g % 3, pool.price * (1 + o.g % 3),
      case when o.status = 'returned' then 1 + o.g % 3
        when o.status = 'delivered' and o.g % 3 > 0 and o.g % 7 = 0 then 1 else 0 end
    from (
      select id, status, substring(idempotency_key from ${key.length + 1}::int)::int as g
      from orders where idempotency_key like ${`${key}%`}
    ) o
    join pool on pool.k = (o.g::bigint * 7919) % ${counted.n}`)
  await db.execute(sql`
    insert into order_status_history (order_id, status, note, created_at)
    select id, status, 'Order placed', created_at from orders where idempotency_key like ${`${key}%`}`)
  // their numbers are customers, as placing each order would have made them (migration 0032 does the same)
  await db.execute(sql`
    insert into customers (phone, name, last_order_at, created_at, updated_at)
    select phone, (array_agg(customer_name order by created_at desc, id desc))[1], max(created_at),
      min(created_at), now()
    from orders where idempotency_key like ${`${key}%`}
    group by phone
    on conflict (phone) do update set name = excluded.name,
      last_order_at = greatest(customers.last_order_at, excluded.last_order_at),
      created_at = least(customers.created_at, excluded.created_at)`)
  // as the daily upkeep would (server/jobs/clean-up.ts): the planner's statistics, and the visibility map
  // that lets the lists and the dashboard read the orders off their indexes alone
  await db.execute(sql`vacuum analyze orders`)
  await db.execute(sql`vacuum analyze order_lines`)
  await db.execute(sql`vacuum analyze customers`)
  return options.orders
}
