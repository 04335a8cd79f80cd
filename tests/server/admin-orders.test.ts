import { parse } from 'csv-parse/sync'
import { and, asc, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orders, users } from '../../server/db/schema'
import type { AdminOrderRow } from '../../src/contract/admin-orders'
import { adminCall } from './admin-support'
import { pick, type SkuInfo, sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { insertOrder, type OrderSeed, type Staff, staffTeam } from './orders-support'

let t: TestApp
let team: Staff
let item: SkuInfo
const ids: Record<string, number> = {}

/**
 * The shop's orders, oldest first. Times are UTC: 18:00 UTC is midnight in Dhaka, so `late-feb28` was placed
 * on 1 March in Dhaka, and `last-of-mar1` in the last second of 1 March there.
 */
const seeds: (OrderSeed & { name: string })[] = [
  {
    name: 'late-feb28',
    number: 'HT-250301-AAAAA',
    phone: '01711000001',
    customerName: 'Rahim Uddin',
    createdAt: new Date('2025-02-28T18:00:00Z'),
    status: 'delivered',
  },
  {
    name: 'mar1-bkash',
    number: 'HT-250301-BKASH',
    phone: '01811000002',
    customerName: 'Fatema Begum',
    createdAt: new Date('2025-03-01T06:00:00Z'),
    paymentMethod: 'bkash',
    paymentStatus: 'paid',
    status: 'confirmed',
    zone: 'outside_dhaka',
  },
  {
    name: 'last-of-mar1',
    number: 'HT-250301-ZZZZZ',
    phone: '01911005678',
    customerName: 'Karim Rahim Chowdhury',
    createdAt: new Date('2025-03-01T17:59:59Z'),
    status: 'pending',
  },
  {
    name: 'first-of-mar2',
    number: 'HT-250302-CCCCC',
    phone: '01511000004',
    customerName: '=HYPERLINK("http://evil.test","Click")',
    createdAt: new Date('2025-03-01T18:00:00Z'),
    status: 'pending',
    zone: 'dhaka_suburbs',
  },
  {
    name: 'mar3',
    number: 'HT-250303-DDDDD',
    phone: '01611000005',
    customerName: 'Salma Akter',
    createdAt: new Date('2025-03-03T04:00:00Z'),
    status: 'cancelled',
  },
  {
    name: 'mar4',
    number: 'HT-250304-EEEEE',
    phone: '01711000006',
    customerName: '+Nasrin -Sultana',
    createdAt: new Date('2025-03-04T04:00:00Z'),
    status: 'pending',
    quantity: 3,
  },
]

beforeAll(async () => {
  t = await createTestApp({ products: 4 })
  team = await staffTeam(t.app, t.db, '0173200')
  item = pick(await sellableSkus(t.db, 1), 0)
  for (const seed of seeds) ids[seed.name] = await insertOrder(t.db, item, seed)
}, 180_000)
afterAll(async () => t?.close())

type Meta = {
  page: number
  perPage: number
  total: number
  hasNext: boolean
  counts: Record<string, number>
  latestId: number
}

async function list(query = '') {
  const reply = await adminCall(t.app, 'GET', `orders${query ? `?${query}` : ''}`, { as: team.staff })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const rows = reply.body.data as AdminOrderRow[]
  return { rows, names: rows.map((row) => nameOf(row.id)), meta: reply.body.meta as Meta }
}
const nameOf = (id: number) => Object.entries(ids).find(([, value]) => value === id)?.[0]

describe('GET /admin/orders', () => {
  it('answers the newest first with the count of each status and the newest id', async () => {
    const { rows, names, meta } = await list()
    expect(names).toEqual(['mar4', 'mar3', 'first-of-mar2', 'last-of-mar1', 'mar1-bkash', 'late-feb28'])
    expect(meta).toEqual({
      page: 1,
      perPage: 25,
      total: 6,
      hasNext: false,
      counts: { pending: 3, confirmed: 1, delivered: 1, cancelled: 1 },
      latestId: ids.mar4,
    })
    expect(rows[0]).toEqual({
      id: ids.mar4,
      number: 'HT-250304-EEEEE',
      status: 'pending',
      customerName: '+Nasrin -Sultana',
      phone: '01711000006',
      zone: 'inside_dhaka',
      district: 'Dhaka',
      paymentMethod: 'cod',
      paymentStatus: 'unpaid',
      total: 1000,
      // cash on delivery: all of it at the door
      collect: 1000,
      refund: 0,
      itemCount: 3,
      createdAt: '2025-03-04T04:00:00.000Z',
      version: 1,
    })
    // paid by bKash: nothing to collect
    expect(rows.find((row) => row.number === 'HT-250301-BKASH')).toMatchObject({
      paymentStatus: 'paid',
      collect: 0,
      refund: 0,
    })
  })

  it('filters by status, counting every status among the orders the other filters match', async () => {
    const pending = await list('status=pending')
    expect(pending.names).toEqual(['mar4', 'first-of-mar2', 'last-of-mar1'])
    expect(pending.meta.total).toBe(3)
    expect(pending.meta.counts).toEqual({ pending: 3, confirmed: 1, delivered: 1, cancelled: 1 })
    const inDhaka = await list('status=pending&zone=inside_dhaka')
    expect(inDhaka.names).toEqual(['mar4', 'last-of-mar1'])
    expect(inDhaka.meta.counts).toEqual({ pending: 2, delivered: 1, cancelled: 1 })
    expect(inDhaka.meta.latestId).toBe(ids.mar4)
  })

  it('filters by payment method and status, and by zone', async () => {
    expect((await list('paymentMethod=bkash')).names).toEqual(['mar1-bkash'])
    expect((await list('paymentStatus=paid')).names).toEqual(['mar1-bkash'])
    expect((await list('zone=dhaka_suburbs')).names).toEqual(['first-of-mar2'])
    const none = await list('paymentMethod=nagad')
    expect(none.names).toEqual([])
    expect(none.meta).toMatchObject({ total: 0, counts: {}, latestId: ids.mar4 })
  })

  it('takes the days of Asia/Dhaka, midnight to midnight', async () => {
    expect((await list('from=2025-03-01&to=2025-03-01')).names).toEqual([
      'last-of-mar1',
      'mar1-bkash',
      'late-feb28',
    ])
    expect((await list('from=2025-03-02')).names).toEqual(['mar4', 'mar3', 'first-of-mar2'])
    expect((await list('to=2025-02-28')).names).toEqual([])
    expect((await list('from=2025-03-02&to=2025-03-02')).names).toEqual(['first-of-mar2'])
  })

  it.each([
    ['the whole number', 'HT-250301-BKASH', ['mar1-bkash']],
    ['part of a number, any case', 'zzzz', ['last-of-mar1']],
    ['the date part of numbers', '250301', ['last-of-mar1', 'mar1-bkash', 'late-feb28']],
    ['a whole phone number', '01911005678', ['last-of-mar1']],
    ['the last digits of a phone', '5678', ['last-of-mar1']],
    ['a phone written +880', '+8801811000002', ['mar1-bkash']],
    ['a phone in Bengali digits', '০১৫১১০০০০০৪', ['first-of-mar2']],
    ['a word of a name', 'rahim', ['last-of-mar1', 'late-feb28']],
    ['words of a name in any order', 'Chowdhury karim', ['last-of-mar1']],
    ['words that are in no one name', 'rahim fatema', []],
    ['punctuation only', '%_', []],
  ])('searches by %s', async (_, q, expected) => {
    expect((await list(`q=${encodeURIComponent(q as string)}`)).names).toEqual(expected)
  })

  it('counts the statuses among the orders a search finds', async () => {
    const { meta } = await list('q=rahim&status=pending')
    expect(meta).toMatchObject({ total: 1, counts: { pending: 1, delivered: 1 } })
  })

  it('pages newest first, saying whether more follow', async () => {
    const first = await list('perPage=4')
    const second = await list('perPage=4&page=2')
    expect(first.names).toEqual(['mar4', 'mar3', 'first-of-mar2', 'last-of-mar1'])
    expect(first.meta).toMatchObject({ total: 6, hasNext: true })
    expect(second.names).toEqual(['mar1-bkash', 'late-feb28'])
    expect(second.meta).toMatchObject({ page: 2, total: 6, hasNext: false })
  })

  it.each([
    ['a page beyond the depth', 'page=401&perPage=25', 'page'],
    ['a date that is not one', 'from=2025-13-01', 'from'],
    ['an unknown status', 'status=lost', 'status'],
    ['a search too long', `q=${'a'.repeat(101)}`, 'q'],
  ])('refuses %s with 400', async (_, query, field) => {
    const reply = await adminCall(t.app, 'GET', `orders?${query}`, { as: team.staff })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toHaveProperty(field)
  })
})

describe('GET /admin/orders/export.csv', () => {
  const exported = async (query: string) => {
    const reply = await adminCall(t.app, 'GET', `orders/export.csv?${query}`, { as: team.manager })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8')
    const text = String(reply.body.text)
    expect(text.startsWith('\uFEFF')).toBe(true)
    return parse(text.slice(1), { columns: true }) as Record<string, string>[]
  }

  it('writes the orders the filters match, newest first, with their Dhaka times', async () => {
    const rows = await exported('from=2025-03-01&to=2025-03-01')
    expect(rows.map((row) => row.number)).toEqual(['HT-250301-ZZZZZ', 'HT-250301-BKASH', 'HT-250301-AAAAA'])
    expect(rows[0]).toMatchObject({
      placed: '2025-03-01 23:59',
      status: 'pending',
      customer: 'Karim Rahim Chowdhury',
      phone: '01911005678',
      zone: 'inside_dhaka',
      district: 'Dhaka',
      'payment method': 'cod',
      items: '1',
      total: '1000',
    })
  })

  it('never lets a spreadsheet run a cell as a formula', async () => {
    const rows = await exported(`ids=${ids['first-of-mar2']},${ids.mar4}`)
    expect(rows.map((row) => row.customer)).toEqual([
      "'+Nasrin -Sultana",
      '\'=HYPERLINK("http://evil.test","Click")',
    ])
  })

  it('records who took the orders, with the filters and how many rows', async () => {
    await exported('from=2025-03-01&to=2025-03-01')
    const entries = await t.db
      .select({ staff: users.firstName, after: auditLog.after })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.staffId))
      .where(eq(auditLog.action, 'orders.export'))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entries).toEqual([
      {
        staff: 'Karim',
        after: {
          filters: expect.objectContaining({ from: '2025-03-01', to: '2025-03-01' }),
          rows: 3,
          complete: true,
        },
      },
    ])
  })

  it('refuses ids that are not a selection', async () => {
    for (const query of ['ids=abc', 'ids=1,,2', 'ids=99999999999', `ids=${Array(201).fill(1).join(',')}`]) {
      const reply = await adminCall(t.app, 'GET', `orders/export.csv?${query}`, { as: team.manager })
      expect([query, reply.status]).toEqual([query, 400])
    }
  })
})

describe('the audit log', () => {
  it('records each move with its staff member, before and after', async () => {
    const id = ids.mar4 as number
    const reply = await adminCall(t.app, 'POST', `orders/${id}/status`, {
      as: team.manager,
      body: { to: 'confirmed', version: 1, note: 'Called the customer' },
    })
    expect(reply.status).toBe(200)
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(id))))
    expect(entry).toMatchObject({
      action: 'order.status',
      before: { status: 'pending', version: 1 },
      after: { status: 'confirmed', version: 2 },
    })
    expect(entry?.staffId).not.toBeNull()
    expect((reply.body.data as { events: { note: string; by: string }[] }).events.at(-1)).toMatchObject({
      note: 'Called the customer',
      by: 'Karim manager',
    })
  })

  it('moves a selection each on its own, listing those that could not move with their status', async () => {
    const selection = [ids['first-of-mar2'], ids.mar3, ids['last-of-mar1'], 99_999_999] as number[]
    const reply = await adminCall(t.app, 'POST', 'orders/bulk-status', {
      as: team.staff,
      body: { ids: selection, to: 'confirmed' },
    })
    expect(reply.status).toBe(200)
    expect(reply.body.data).toEqual({
      changed: 2,
      skipped: [
        { id: ids.mar3, status: 'cancelled' },
        { id: 99_999_999, status: 'not-found' },
      ],
    })
    const moved = await t.db
      .select({ id: orders.id, status: orders.status, version: orders.version })
      .from(orders)
      .orderBy(asc(orders.id))
    expect(moved.filter((row) => row.status === 'confirmed').map((row) => nameOf(row.id))).toEqual(
      expect.arrayContaining(['first-of-mar2', 'last-of-mar1']),
    )
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.status'))
    expect(entries.map((entry) => Number(entry.objectId))).toEqual(
      expect.arrayContaining([ids['first-of-mar2'], ids['last-of-mar1']]),
    )
    expect(entries.map((entry) => Number(entry.objectId))).not.toContain(ids.mar3)
  })
})

describe('GET /admin/orders/new', () => {
  it('counts the orders placed after the newest one a list showed, whatever ids were spent meanwhile', async () => {
    const { meta } = await list()
    const since = async (id: number | string) =>
      adminCall(t.app, 'GET', `orders/new?since=${id}`, { as: team.staff })
    expect((await since(meta.latestId)).body).toEqual({ data: { count: 0 } })
    // an order refused half-way spends an id of the sequence
    await expect(
      t.db.transaction(async (tx) => {
        await insertOrder(tx as unknown as typeof t.db, item, {
          number: 'HT-250305-RRRRR',
          phone: '01711000007',
          customerName: 'Rolled Back',
          createdAt: new Date('2025-03-05T04:00:00Z'),
          status: 'pending',
        })
        throw new Error('out of stock')
      }),
    ).rejects.toThrow('out of stock')
    for (const [index, number] of ['HT-250305-NNNN1', 'HT-250305-NNNN2'].entries()) {
      await insertOrder(t.db, item, {
        number,
        phone: `0171100001${index}`,
        customerName: 'New Customer',
        createdAt: new Date('2025-03-05T05:00:00Z'),
        status: 'pending',
      })
    }
    expect((await list()).meta.latestId - meta.latestId).toBe(3)
    expect((await since(meta.latestId)).body).toEqual({ data: { count: 2 } })
    expect((await since(0)).body).toEqual({ data: { count: seeds.length + 2 } })
    for (const bad of ['-1', 'x', '1.5', '99999999999']) expect((await since(bad)).status).toBe(400)
  })
})
