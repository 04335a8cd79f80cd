// `npm run bench -- --only=orders`: the back office's orders list and its tabs' counts over 100,000 orders, on
// PGlite and (with DATABASE_URL) PostgreSQL, as a signed-in staff member asks it: p50/p95 per typical filter.
import { sql } from 'drizzle-orm'
import { adminCall } from '../server/admin-support'
import { pick, sellableSkus } from '../server/commerce-support'
import { createTestApp } from '../server/helpers'
import { staffTeam } from '../server/orders-support'
import { percentile, type Row, table } from './stats'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000)
const RUNS = Number(process.env.BENCH_ORDERS_RUNS ?? 40)
const BUDGET_P95_MS = 100

const filters: [string, string][] = [
  ['no filter', ''],
  ['a status', 'status=pending'],
  ['the last week', `from=${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}`],
  ['a zone and method', 'zone=outside_dhaka&paymentMethod=bkash'],
  ['page 200', 'page=200'],
  ['a name', 'q=fatema%20akter'],
  ['a phone end', 'q=79190'],
  ['a number part', 'q=000123'],
]

/** One database's figures: 100,000 orders written in two statements, then every filter RUNS times. */
async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  process.env.TEST_DB = kind
  const t = await createTestApp({ products: 4 })
  try {
    const team = await staffTeam(t.app, t.db, '0173900')
    const item = pick(await sellableSkus(t.db, 1), 0)
    const started = performance.now()
    await t.db.execute(sql`
      insert into orders (number, customer_name, phone, address, zone, subtotal, delivery_charge, total,
        payment_method, payment_status, status, idempotency_key, request_hash, created_at, updated_at)
      select 'HT-' || to_char(at at time zone 'Asia/Dhaka', 'YYMMDD') || '-' || lpad(g::text, 6, '0'),
        (array['Rahim','Karim','Fatema','Salma','Nasrin'])[1 + g % 5] || ' '
          || (array['Uddin','Begum','Akter','Chowdhury','Hossain','Islam','Sarkar'])[1 + (g / 5) % 7],
        '01' || (3 + g % 7)::text || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
        jsonb_build_object('district', 'Dhaka', 'area', 'Dhanmondi'),
        (array['inside_dhaka','dhaka_suburbs','outside_dhaka'])[1 + g % 3],
        1000, 60, 1060,
        case when g % 4 = 0 then 'bkash' else 'cod' end,
        case when g % 4 = 0 then 'paid' else 'unpaid' end,
        (array['pending','confirmed','packed','shipped','delivered','delivered','delivered','cancelled',
          'returned','pending'])[1 + g % 10],
        'bench-' || g, 'bench', at, at
      from (select g, now() - g * interval '5 minutes' as at from generate_series(1, ${ORDERS}) g) s`)
    await t.db.execute(sql`
      insert into order_lines (order_id, product_id, sku_id, name, slug, sku, unit_price, unit_discounted_price,
        quantity, line_total)
      select id, ${item.productId}, ${item.skuId}, 'Bench item', ${item.slug}, 'BENCH', 1000, 1000, 1 + id % 3, 1000
      from orders`)
    await t.db.execute(sql`analyze orders`)
    await t.db.execute(sql`analyze order_lines`)
    console.log(`${kind}: ${ORDERS} orders written in ${((performance.now() - started) / 1000).toFixed(1)} s`)

    const rows: Row[] = []
    for (const [name, query] of filters) {
      const times: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const at = performance.now()
        const reply = await adminCall(t.app, 'GET', `orders?${query}`, { as: team.staff })
        times.push(performance.now() - at)
        if (reply.status !== 200) throw new Error(`orders?${query} answered ${reply.status}`)
      }
      times.sort((a, b) => a - b)
      const p95 = percentile(times, 95)
      rows.push({
        database: kind,
        filter: name,
        p50: percentile(times, 50),
        p95,
        budget: p95 <= BUDGET_P95_MS ? `≤ ${BUDGET_P95_MS} ✔` : `> ${BUDGET_P95_MS} ✘`,
      })
    }
    return rows
  } finally {
    await t.close()
  }
}

export async function benchOrders(): Promise<void> {
  const rows = await benchDatabase('pglite')
  if (process.env.DATABASE_URL) rows.push(...(await benchDatabase('postgres')))
  console.log(`\nThe orders list at ${ORDERS} orders, ${RUNS} requests per filter, one at a time (ms)\n`)
  console.log(table(rows))
}
