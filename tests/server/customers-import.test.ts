import { readFileSync } from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, customers, importedOrderHistory } from '../../server/db/schema'
import type { CustomerImportResult } from '../../src/contract/admin-customer-import'
import type { AdminCustomer, AdminCustomerRow } from '../../src/contract/admin-customers'
import type { DeliveryRecord } from '../../src/contract/admin-delivery-record'
import {
  SHOPIFY_CUSTOMER_COLUMNS,
  SHOPIFY_ORDER_COLUMNS,
  WOOCOMMERCE_CUSTOMER_COLUMNS,
  WOOCOMMERCE_ORDER_COLUMNS,
} from '../fixtures/other-shops/generate-customers'
import { adminCall, createPerson, openSession, type StaffCredentials } from './admin-support'
import { createTestApp, type TestApp } from './helpers'

// A shop moving in brings its customers and their order history from Shopify or WooCommerce
// (docs/customers-csv.md): the numbers become customers, and their history counts in their delivery record.

let t: TestApp
let owner: StaffCredentials
let manager: StaffCredentials
let staff: StaffCredentials

beforeAll(async () => {
  t = await createTestApp()
  owner = await openSession(t.app, await createPerson(t.db, { phone: '01730003101', role: 'owner' }))
  manager = await openSession(t.app, await createPerson(t.db, { phone: '01730003102', role: 'manager' }))
  staff = await openSession(t.app, await createPerson(t.db, { phone: '01730003103', role: 'staff' }))
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/other-shops/${name}`, import.meta.url), 'utf8')

function upload(csv: string | Buffer, fileName: string) {
  const boundary = `----haat${Math.random().toString(16).slice(2)}`
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const send = (csv: string | Buffer, dryRun: boolean, as = owner, fileName = 'customers.csv') =>
  adminCall(t.app, 'POST', `customer-imports?dryRun=${dryRun}`, { as, ...upload(csv, fileName) })

/** Checks the file, then imports it: the two answers, the check's figures being the import's. */
async function checkThenImport(name: string, csv = fixture(name)) {
  const checked = await send(csv, true, owner, name)
  expect(checked.status).toBe(200)
  const imported = await send(csv, false, owner, name)
  expect(imported.status).toBe(200)
  const check = checked.body.data as CustomerImportResult
  const result = imported.body.data as CustomerImportResult
  const { dryRun: _a, tookMs: checkMs, ...predicted } = check
  const { dryRun: _b, tookMs: importMs, ...done } = result
  expect(done).toEqual(predicted)
  console.info(`${name}: ${result.rowsRead} rows checked in ${checkMs} ms, imported in ${importMs} ms`)
  return result
}

async function customerByNumber(phone: string): Promise<AdminCustomer> {
  const found = await adminCall(t.app, 'GET', `customers?q=${phone}`, { as: manager })
  expect(found.status).toBe(200)
  const rows = found.body.data as AdminCustomerRow[]
  expect(rows.map((row) => row.phone)).toEqual([phone])
  const detail = await adminCall(t.app, 'GET', `customers/${rows[0]?.id}`, { as: manager })
  return detail.body.data as AdminCustomer
}

async function recordWhenTaking(phone: string): Promise<DeliveryRecord> {
  const facts = await adminCall(t.app, 'GET', `orders/customer?phone=${phone}`, { as: staff })
  expect(facts.status).toBe(200)
  return (facts.body.data as { record: DeliveryRecord }).record
}

describe('a Shopify customers export', () => {
  it('checks, then imports, its numbers as customers, leaving out rows with no Bangladeshi number', async () => {
    const result = await checkThenImport('shopify-customers.csv')
    expect(result).toMatchObject({
      source: 'shopify_customers',
      rowsRead: 60,
      orders: 0,
      created: 48,
      updated: 0,
      merged: 2,
      skippedCount: 10,
      notes: 10,
    })
    // each row left out names its row of the file, the column and who it is
    expect(result.skipped).toContainEqual({
      row: 9,
      field: 'Phone',
      who: 'Mitu Sarkar',
      message: 'No mobile number: the row is left out',
    })
    expect(result.skipped).toContainEqual({
      row: 21,
      field: 'Default Address Phone',
      who: 'Ruma Islam',
      message: 'Not a Bangladeshi mobile number: the row is left out',
    })
  })

  it("makes each number a customer found by it, with the previous shop's figures and its note", async () => {
    // '+8801712000000, kept with the apostrophe a spreadsheet puts before a +
    const first = await customerByNumber('01712000000')
    expect(first.name).toBe('Rahim Hossain')
    expect(first.record.previous).toEqual({
      orders: 1,
      delivered: 0,
      cancelled: 0,
      returned: 0,
      totalSpent: 1250.5,
    })
    expect(first.notes).toMatchObject([
      { text: 'Prefers evening delivery (customer 0)', importedFrom: 'shopify_customers' },
    ])
    // one number on three rows, written three ways: one customer, its figures added up
    const shared = await customerByNumber('01711000001')
    expect(shared.name).toBe('Rahim Akter')
    expect(shared.record.previous).toMatchObject({ orders: 3, totalSpent: 3751.5 })
    // a number kept on the default address alone
    expect((await customerByNumber('01712000011')).record.previous?.orders).toBe(2)
  })

  it('replaces its own figures when imported again, never adding them twice', async () => {
    const again = await checkThenImport('shopify-customers.csv')
    expect(again).toMatchObject({ created: 0, updated: 48, skippedCount: 10, notes: 10 })
    const shared = await customerByNumber('01711000001')
    expect(shared.record.previous).toMatchObject({ orders: 3, totalSpent: 3751.5 })
    const first = await customerByNumber('01712000000')
    expect(first.notes).toHaveLength(1)
    const rows = await t.db
      .select()
      .from(importedOrderHistory)
      .where(eq(importedOrderHistory.source, 'shopify_customers'))
    expect(rows).toHaveLength(48)
  })

  it('keeps the name a customer already has, and the audit log says who imported what', async () => {
    await t.db.update(customers).set({ name: 'Rahim H.' }).where(eq(customers.phone, '01712000000'))
    await send(fixture('shopify-customers.csv'), false)
    expect((await customerByNumber('01712000000')).name).toBe('Rahim H.')
    const audited = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'customers.import'))
      .orderBy(asc(auditLog.id))
    expect(audited.length).toBeGreaterThanOrEqual(3)
    expect(audited.at(-1)?.after).toMatchObject({ source: 'shopify_customers', created: 0, updated: 48 })
  })
})

describe('a WooCommerce customers export', () => {
  it('checks, then imports, its numbers as customers', async () => {
    const result = await checkThenImport('woocommerce-customers.csv')
    expect(result).toMatchObject({
      source: 'woocommerce_customers',
      rowsRead: 55,
      created: 49,
      updated: 0,
      merged: 1,
      skippedCount: 5,
    })
    expect(result.skipped[0]).toMatchObject({ row: 7, field: 'billing_phone' })
    const customer = await customerByNumber('01912000001')
    expect(customer.record.previous).toEqual({
      orders: 1,
      delivered: 0,
      cancelled: 0,
      returned: 0,
      totalSpent: 990,
    })
    expect((await customerByNumber('01911000001')).record.previous?.orders).toBe(2)
  })
})

describe('an orders export', () => {
  it('counts a Shopify order once however many lines it has, and its cancellations in the risk', async () => {
    const result = await checkThenImport('shopify-orders.csv')
    expect(result).toMatchObject({
      source: 'shopify_orders',
      rowsRead: 60,
      orders: 30,
      created: 19,
      merged: 9,
      skippedCount: 2,
    })
    expect(result.skipped.map((skip) => skip.who)).toEqual(['#1012', '#1013'])
    const refuser = await customerByNumber('01811000009')
    expect(refuser.name).toBe('Shamim Reza')
    expect(refuser.record).toMatchObject({
      orders: 0,
      risk: 'high',
      previous: { orders: 5, delivered: 1, cancelled: 4, returned: 0, totalSpent: 1540 },
    })
    // taking an order by hand reads the same record
    expect(await recordWhenTaking('01811000009')).toMatchObject({ risk: 'high', previous: { cancelled: 4 } })
    const steady = await recordWhenTaking('01811000002')
    expect(steady).toMatchObject({ risk: 'low', previous: { orders: 6, delivered: 6, totalSpent: 9450 } })
    // a number nobody imported has no previous shop
    expect((await recordWhenTaking('01611000000')).previous).toBeUndefined()
  })

  it('reads a WooCommerce order by its status, and counts its orders export over its customers export', async () => {
    const result = await checkThenImport('woocommerce-orders.csv')
    expect(result).toMatchObject({
      source: 'woocommerce_orders',
      rowsRead: 24,
      orders: 24,
      created: 17,
      updated: 1,
      merged: 5,
      skippedCount: 1,
    })
    expect(result.skipped[0]).toMatchObject({
      field: 'billing_phone',
      who: '9006',
      message: 'Not a Bangladeshi mobile number: the row is left out',
    })
    // its customers export said 2 orders; its orders export tells how 6 ended
    const customer = await customerByNumber('01911000001')
    expect(customer.record.previous).toEqual({
      orders: 6,
      delivered: 3,
      cancelled: 1,
      returned: 2,
      totalSpent: 3400,
    })
    expect(customer.record.risk).toBe('high')
  })

  it('leaves out the figures of numbers a newer export of the same kind no longer has', async () => {
    const fewer = fixture('woocommerce-orders.csv').split('\n').slice(0, 7).join('\n')
    const result = await checkThenImport('woocommerce-orders.csv', fewer)
    expect(result).toMatchObject({ rowsRead: 6, orders: 6, created: 0, updated: 1 })
    const gone = await t.db
      .select()
      .from(importedOrderHistory)
      .where(eq(importedOrderHistory.source, 'woocommerce_orders'))
    expect(gone.map((row) => row.phone)).toEqual(['01911000001'])
    expect((await customerByNumber('01911000001')).record.previous?.orders).toBe(6)
  })
})

describe('a file the import refuses', () => {
  it('answers 400 for a header that is none of the exports, and writes nothing', async () => {
    const before = await t.db.$count(customers)
    const refused = await send('handle,title,price\nshirt,Shirt,500\n', false)
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: {
          file: [
            'The file is not a customers or orders export from Shopify or WooCommerce: its header is not one of theirs',
          ],
        },
      },
    })
    expect((await send('', true)).status).toBe(400)
    expect(await t.db.$count(customers)).toBe(before)
  })

  it('answers 413 for more than 100,000 rows, and writes nothing', async () => {
    const before = await t.db.$count(customers)
    const header = SHOPIFY_CUSTOMER_COLUMNS.join(',')
    const row = (index: number) => `,A,B,,,,,,,,,,,017${String(index).padStart(8, '0')},,0,1,,,`
    const rows = Array.from({ length: 100_001 }, (_, index) => row(index))
    const refused = await send(`${header}\n${rows.join('\n')}\n`, false)
    expect(refused).toMatchObject({
      status: 413,
      body: { error: { file: ['A file can have at most 100,000 rows'] } },
    })
    expect(await t.db.$count(customers)).toBe(before)
  }, 60_000)

  it('answers 413 for a file of more than 100 MB', async () => {
    const header = SHOPIFY_CUSTOMER_COLUMNS.join(',')
    const note = 'n'.repeat(1_200)
    const row = `,A,B,,,,,,,,,,,01712000000,,0,1,${note},,\n`
    const refused = await send(`${header}\n${row.repeat(90_000)}`, true)
    expect(refused).toMatchObject({
      status: 413,
      body: { error: { file: ['The CSV file can be at most 100 MB'] } },
    })
  }, 60_000)

  it('answers in Bangla when asked', async () => {
    const refused = await adminCall(t.app, 'POST', 'customer-imports?dryRun=true&lang=bn', {
      as: owner,
      ...upload('a,b\n1,2\n', 'x.csv'),
    })
    expect(refused.status).toBe(400)
    expect((refused.body.error as { file: string[] }).file[0]).toMatch(/^ফাইলটি Shopify/)
  })

  it('refuses staff, who may not import customers (403), and lets a manager', async () => {
    const refused = await send(fixture('shopify-customers.csv'), true, staff)
    expect(refused.status).toBe(403)
    expect(refused.body).toHaveProperty('error')
    expect((await send(fixture('shopify-customers.csv'), true, manager)).status).toBe(200)
  })
})

describe('a large export', () => {
  /** A file of `count` rows of the columns, each row's cells from `row`. */
  const fileOf = (
    columns: readonly string[],
    count: number,
    row: (index: number) => Record<string, string>,
  ) =>
    [
      columns.join(','),
      ...Array.from({ length: count }, (_, index) => {
        const cells = row(index)
        return columns.map((column) => cells[column] ?? '').join(',')
      }),
    ].join('\n')
  const number = (prefix: string, index: number) => `+880${prefix}${String(index).padStart(6, '0')}`

  it.each([
    [
      'Shopify customers',
      fileOf(SHOPIFY_CUSTOMER_COLUMNS, 10_000, (index) => ({
        'First Name': `Customer${index}`,
        Phone: number('1555', index),
        'Total Orders': '3',
        'Total Spent': '4500.00',
        Note: index % 10 ? '' : 'Wants a call first',
      })),
    ],
    [
      'WooCommerce customers',
      fileOf(WOOCOMMERCE_CUSTOMER_COLUMNS, 10_000, (index) => ({
        first_name: `Customer${index}`,
        billing_phone: number('1556', index),
        order_count: '2',
        total_spent: '2000.00',
      })),
    ],
    [
      'Shopify orders',
      fileOf(SHOPIFY_ORDER_COLUMNS, 10_000, (index) => ({
        Name: `#${20_000 + Math.floor(index / 2)}`,
        ...(index % 2
          ? {}
          : {
              'Financial Status': 'paid',
              'Fulfillment Status': index % 6 ? 'fulfilled' : 'unfulfilled',
              Total: '1200.00',
              'Shipping Phone': number('1557', Math.floor(index / 4)),
            }),
        'Lineitem quantity': '1',
      })),
    ],
    [
      'WooCommerce orders',
      fileOf(WOOCOMMERCE_ORDER_COLUMNS, 10_000, (index) => ({
        order_id: String(50_000 + index),
        status: index % 9 ? 'completed' : 'cancelled',
        order_total: '900.00',
        billing_phone: number('1558', Math.floor(index / 2)),
      })),
    ],
  ])(
    'of 10,000 rows (%s) is checked and imported whole, its time printed beside it',
    async (name, csv) => {
      const result = await checkThenImport(`${name} (10,000 rows)`, csv)
      expect(result.rowsRead).toBe(10_000)
      expect(result.skippedCount).toBe(0)
    },
    180_000,
  )
})
