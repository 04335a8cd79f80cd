import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc, sql } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateTo } from 'drizzle-orm/node-postgres/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/client'
import { migrate, migrationsFolder } from '../../server/db/migrate'
import { rewardPointMoves, users } from '../../server/db/schema'

/**
 * Migration 0039 on a shop whose shoppers have earned points as the account page counted them (1 per full TK 100 of
 * their delivered orders): each keeps the balance it had, now one move of the ledger.
 */
let database: Database
const dirs: string[] = []

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
  await migrateTo(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsUpTo(38) })
  await run(sql`insert into users (id, phone, first_name, admin_type) values
    (1, '01711000001', 'Karim', 'customer'), (2, '01711000002', 'Rina', 'customer'), (3, '01711000003', 'Salma', 'customer')`)
  const order = (n: number, userId: number, total: number, status: string) =>
    run(sql`insert into orders (number, customer_name, phone, address, zone, subtotal, delivery_charge, total,
      payment_method, status, idempotency_key, request_hash, user_id)
      values (${`HT-260101-0000${n}`}, 'A', '01811000002', '{}'::jsonb, 'inside_dhaka', ${total}, 0, ${total},
        'cod', ${status}, ${`key-${n}`}, 'hash', ${userId})`)
  // Karim: TK 150 + TK 2,470 delivered is 26 points (not 1 + 24); a cancelled order earns none
  await order(1, 1, 150, 'delivered')
  await order(2, 1, 2470, 'delivered')
  await order(3, 1, 9000, 'cancelled')
  // Rina: TK 99.50 delivered, no point; Salma: nothing delivered
  await order(4, 2, 99.5, 'delivered')
  await order(5, 3, 500, 'shipped')
  await migrate(database)
}, 120_000)

afterAll(async () => {
  await database?.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('migration 0039', () => {
  it('keeps every balance the account page showed, as the ledger of each shopper', async () => {
    const balances = await database.db
      .select({ id: users.id, points: users.rewardPoints })
      .from(users)
      .orderBy(asc(users.id))
    expect(balances).toEqual([
      { id: 1, points: 26 },
      { id: 2, points: 0 },
      { id: 3, points: 0 },
    ])
    const moves = await database.db.select().from(rewardPointMoves)
    expect(moves.map(({ userId, kind, points, orderId }) => ({ userId, kind, points, orderId }))).toEqual([
      { userId: 1, kind: 'earned', points: 26, orderId: null },
    ])
  })
})
