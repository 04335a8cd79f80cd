// `npm run bench -- --only=customers`: the back office's customers list over 100,000 orders (every number a
// customer, guests included: docs/decisions/0023), on PGlite and (with DATABASE_URL) PostgreSQL, as a signed-in
// owner asks it: p50/p95 per typical search; then a customer's page, and migration 0032's back-fill of the
// customers from those orders, run again.
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client'
import { migrationsFolder } from '../../server/db/migrate'
import { seedOrders } from '../../server/db/seed/orders'
import { adminCall, type StaffCredentials } from '../server/admin-support'
import { createTestApp } from '../server/helpers'
import { staffTeam } from '../server/orders-support'
import { percentile, type Row, table } from './stats'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000)
const RUNS = Number(process.env.BENCH_CUSTOMERS_RUNS ?? 40)
const BUDGET_P95_MS = 100

/** the seed's numbers are 01 + (3 + g % 7) + (g × 7919 mod 10^8) over 8 digits */
const seededPhone = (g: number) => `01${3 + (g % 7)}${String((g * 7919) % 100_000_000).padStart(8, '0')}`

const searches: [string, string][] = [
  ['no filter', ''],
  ['page 2', 'page=2'],
  ['page 400 (the deepest)', 'page=400'],
  ['blocked', 'status=blocked'],
  ['a whole number', `q=${seededPhone(4242)}`],
  ['+880 spelling', `q=%2B88${seededPhone(4243)}`],
  ['last 4 digits', 'q=7919'],
  ['a name', 'q=fatema%20akter'],
  ['a rare name', 'q=nobody%20called'],
]

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  process.env.TEST_DB = kind
  const t = await createTestApp({ products: 200 })
  try {
    const team = await staffTeam(t.app, t.db, '0173800')
    const started = performance.now()
    await seedOrders(t.db, { orders: ORDERS })
    const [counted] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from customers`)
    console.log(
      `${kind}: ${ORDERS} orders, ${counted?.n} customers written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    // one number in 200 blocked, as a shop that uses it might have
    await t.db.execute(sql`update customers set block = 'cod', blocked_at = now() where id % 200 = 0`)

    const rows: Row[] = []
    const measure = async (name: string, path: string, as: StaffCredentials) => {
      const times: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const at = performance.now()
        const reply = await adminCall(t.app, 'GET', path, { as })
        times.push(performance.now() - at)
        if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`)
      }
      times.sort((a, b) => a - b)
      const p95 = percentile(times, 95)
      rows.push({
        database: kind,
        request: name,
        p50: percentile(times, 50),
        p95,
        budget: p95 <= BUDGET_P95_MS ? `≤ ${BUDGET_P95_MS} ✔` : `> ${BUDGET_P95_MS} ✘`,
      })
    }
    for (const [name, query] of searches) await measure(name, `customers?${query}`, team.owner)
    const found = await adminCall(t.app, 'GET', `customers?q=${seededPhone(4242)}`, { as: team.owner })
    const id = (found.body.data as { id: number }[])[0]?.id
    await measure("a customer's page", `customers/${id}`, team.owner)

    // migration 0032's back-fill from the orders, run again over all of them
    const migration = readFileSync(`${migrationsFolder}/0032_guest_customers.sql`, 'utf8')
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('GROUP BY o."phone"'))
    if (!backfill) throw new Error('the back-fill statement was not found')
    const at = performance.now()
    await t.db.execute(sql.raw(backfill))
    const ms = performance.now() - at
    rows.push({ database: kind, request: 'migration 0032 back-fill', p50: ms, p95: ms, budget: 'once' })
    return rows
  } finally {
    await t.close()
  }
}

export async function benchCustomers(): Promise<void> {
  const rows = await benchDatabase('pglite')
  if (process.env.DATABASE_URL) rows.push(...(await benchDatabase('postgres')))
  console.log(`\nThe customers list at ${ORDERS} orders, ${RUNS} requests each, one at a time (ms)\n`)
  console.log(table(rows))
}
