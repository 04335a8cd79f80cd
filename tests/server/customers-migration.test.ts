import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc, sql } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateTo } from 'drizzle-orm/node-postgres/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/client'
import { migrate, migrationsFolder } from '../../server/db/migrate'
import { customerNotes, customers, orders } from '../../server/db/schema'

/** Migration 0032 on a shop that already has accounts, orders and notes: every number that ordered becomes a customer. */
let database: Database
const dirs: string[] = []

/** the committed migrations up to `last` (its journal index), in a folder of their own */
function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'haat-migrations-'))
  dirs.push(folder)
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((entry) => entry.idx <= last)
  writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

const run = (query: ReturnType<typeof sql>) => database.db.execute(query)

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-test-'))
  dirs.push(dataDir)
  database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, { memory: true, poolSize: 2 })
  await migrateTo(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsUpTo(31) })

  await run(sql`insert into users (id, phone, first_name, last_name, admin_type, status, created_at) values
    (1, '01711000001', 'Karim', 'Mia', 'customer', 'blocked', '2026-01-05T10:00:00Z'),
    (2, null, 'Rina', 'Begum', 'customer', 'active', '2026-02-01T10:00:00Z'),
    (3, '01711000003', 'Rahima', 'Owner', 'owner', 'active', '2026-01-01T10:00:00Z')`)
  await run(sql`insert into customer_notes (user_id, staff_id, text) values (1, 3, 'Refused two parcels')`)
  const order = (n: number, phone: string, name: string, at: string, status: string, reason: string | null) =>
    run(sql`insert into orders (number, customer_name, phone, address, zone, subtotal, delivery_charge, total,
      payment_method, status, cancel_reason, idempotency_key, request_hash, created_at, user_id)
      values (${`HT-260101-0000${n}`}, ${name}, ${phone}, ${JSON.stringify({ name, phone })}::jsonb, 'inside_dhaka',
        100, 60, 160, 'cod', ${status}, ${reason}, ${`key-${n}`}, 'hash', ${at}, null)`)
  await order(1, '01811000002', 'Salma Akter', '2026-03-01T10:00:00Z', 'cancelled', 'Not paid in time')
  await order(2, '01811000002', 'Salma Begum Akter', '2026-04-01T10:00:00Z', 'cancelled', 'Asked to cancel')
  await order(3, '01711000001', 'Karim M.', '2026-05-01T10:00:00Z', 'delivered', null)
  await migrate(database)
}, 120_000)

afterAll(async () => {
  await database?.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('migration 0032', () => {
  it("makes every ordering number and every shopper's account a customer; staff are none", async () => {
    const rows = await database.db.select().from(customers).orderBy(asc(customers.id))
    const byPhone = (phone: string | null) => rows.find((row) => row.phone === phone)
    expect(rows).toHaveLength(3)
    // the blocked account keeps its number blocked for cash on delivery; its latest order names it
    expect(byPhone('01711000001')).toMatchObject({
      userId: 1,
      block: 'cod',
      name: 'Karim M.',
      lastOrderAt: new Date('2026-05-01T10:00:00Z'),
      createdAt: new Date('2026-01-05T10:00:00Z'),
    })
    // an account by social sign-in alone is a customer of its own
    expect(byPhone(null)).toMatchObject({ userId: 2, block: null, lastOrderAt: null })
    // a guest: the name on the latest order, known since the first
    expect(byPhone('01811000002')).toMatchObject({
      userId: null,
      name: 'Salma Begum Akter',
      lastOrderAt: new Date('2026-04-01T10:00:00Z'),
      createdAt: new Date('2026-03-01T10:00:00Z'),
    })
    expect(byPhone('01711000003')).toBeUndefined()
  })

  it("keeps each note with its customer, and marks the payments' cancellations as held against no one", async () => {
    const [note] = await database.db.select().from(customerNotes)
    const karim = (await database.db.select().from(customers)).find((row) => row.userId === 1)
    expect(note).toMatchObject({ customerId: karim?.id, staffId: 3, text: 'Refused two parcels' })
    const codes = await database.db
      .select({ number: orders.number, code: orders.cancelCode })
      .from(orders)
      .orderBy(asc(orders.number))
    expect(codes).toEqual([
      { number: 'HT-260101-00001', code: 'unpaid' },
      { number: 'HT-260101-00002', code: null },
      { number: 'HT-260101-00003', code: null },
    ])
  })
})
