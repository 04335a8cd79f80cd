import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCall } from './admin-support'
import { sellableSkus } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { placeOrder, type Staff, staffTeam } from './orders-support'

/**
 * Every date a back-office query takes is a real day from 2000-01-01 to 2100-12-31: a day of year 1 or
 * 30 February is refused in the error shape, never a 500, and never an export cut short after its header.
 */
let t: TestApp
let team: Staff

beforeAll(async () => {
  t = await createTestApp({ products: 4 })
  team = await staffTeam(t.app, t.db, '0173900')
  const [sku] = await sellableSkus(t.db, 1)
  if (!sku) throw new Error('no sku')
  await placeOrder(t.app, [{ skuId: sku.skuId, quantity: 1 }])
}, 180_000)
afterAll(async () => {
  await t?.close()
})

/** Each route that reads a day, with the days it is asked for. */
const routes: { name: string; path: (from: string, to: string) => string }[] = [
  { name: 'the orders list', path: (from, to) => `orders?from=${from}&to=${to}` },
  { name: 'the orders export', path: (from, to) => `orders/export.csv?from=${from}&to=${to}` },
  { name: 'the dashboard', path: (from, to) => `dashboard?range=custom&from=${from}&to=${to}` },
  {
    name: "the dashboard's orders",
    path: (from, to) => `dashboard/orders?range=custom&from=${from}&to=${to}`,
  },
  { name: 'the sales report', path: (from, to) => `reports/sales?from=${from}&to=${to}` },
  { name: 'the sales report CSV', path: (from, to) => `reports/sales.csv?from=${from}&to=${to}` },
]

const refusals = [
  { day: '0001-01-01', message: 'Enter a date from 2000-01-01 to 2100-12-31' },
  { day: '1999-12-31', message: 'Enter a date from 2000-01-01 to 2100-12-31' },
  { day: '2026-02-30', message: 'Enter a date that exists' },
  { day: '2026-13-01', message: 'Enter a date that exists' },
]

describe('dates in back-office queries', () => {
  for (const route of routes) {
    it.each(refusals)(`${route.name} refuses $day with 400 in the error shape`, async ({ day, message }) => {
      const answer = await adminCall(t.app, 'GET', route.path(day, '2026-03-01'), { as: team.owner })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ error: { from: [message] } })
      const asEnd = await adminCall(t.app, 'GET', route.path('2026-03-01', day), { as: team.owner })
      expect(asEnd.status).toBe(400)
      expect(asEnd.body).toEqual({ error: { to: [message] } })
    })

    it(`${route.name} takes the first and the last day of the range`, async () => {
      for (const day of ['2000-01-01', '2100-12-31']) {
        const answer = await adminCall(t.app, 'GET', route.path(day, day), { as: team.owner })
        expect(answer.status).toBe(200)
      }
    })
  }

  it('says it in Bangla when asked', async () => {
    const answer = await adminCall(t.app, 'GET', 'orders?from=0001-01-01&lang=bn', {
      as: team.owner,
      headers: { 'accept-language': 'bn' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      error: { from: ['২০০০-০১-০১ থেকে ২১০০-১২-৩১-এর মধ্যে একটি তারিখ দিন'] },
    })
  })
})
