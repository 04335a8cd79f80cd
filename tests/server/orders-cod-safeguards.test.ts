import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  api,
  freshPhone,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { changeStatus, orderDetail, type Staff, saveSettings, staffTeam } from './orders-support'

/** Cash on delivery's safeguards, as the owner sets them: the largest order, and orders on their way at once. */
let t: TestApp
let team: Staff
let items: SkuInfo[]

beforeAll(async () => {
  t = await createTestApp({ products: 12 })
  team = await staffTeam(t.app, t.db, '0173500')
  items = await sellableSkus(t.db, 4)
  for (const item of items) await setStock(t.db, item.skuId, 500)
}, 180_000)
afterAll(async () => {
  await t?.close()
})

async function setCod(cod: { limit: number; maxOpen: number }) {
  const saved = await saveSettings(t.app, team.owner, (settings) => ({
    ...settings,
    payments: { ...settings.payments, cod: { enabled: true, ...cod } },
  }))
  expect(saved.status).toBe(200)
}

let address = 0
const place = (phone: string, quantity = 1, skuIndex = 0) => {
  address += 1
  return api(t.app, 'POST', 'orders', {
    body: orderBody([{ skuId: pick(items, skuIndex).skuId, quantity }], {
      customer: { name: 'Rahim Uddin', phone, email: '' },
    }),
    headers: { 'idempotency-key': newKey() },
    ip: `10.91.${Math.floor(address / 250)}.${address % 250}`,
  })
}

describe('cash on delivery safeguards', () => {
  it('refuses an order above the largest the shop takes on delivery', async () => {
    await setCod({ limit: 0, maxOpen: 0 })
    const one = await place(freshPhone(), 1, 1)
    const limit = Math.ceil((one.body.data as { totals: { total: number } }).totals.total)
    await setCod({ limit, maxOpen: 0 })
    expect((await place(freshPhone(), 1, 1)).status).toBe(201)
    const larger = await place(freshPhone(), 2, 1)
    expect(larger.status).toBe(422)
    expect(larger.body).toEqual({
      error: {
        paymentMethod: [`Cash on delivery is for orders up to TK ${limit}. Please choose another way to pay`],
      },
    })
    const inBangla = await api(t.app, 'POST', 'orders?lang=bn', {
      body: orderBody([{ skuId: pick(items, 1).skuId, quantity: 2 }]),
      headers: { 'idempotency-key': newKey() },
      ip: '10.92.0.1',
    })
    expect((inBangla.body.error as Record<string, string[]>).paymentMethod?.[0]).toMatch(/^ক্যাশ অন ডেলিভারি/)
  })

  it("limits a number's orders on their way, and a finished one frees its place", async () => {
    await setCod({ limit: 0, maxOpen: 2 })
    const phone = freshPhone()
    const first = await place(phone)
    const second = await place(phone)
    expect([first.status, second.status]).toEqual([201, 201])
    const third = await place(phone)
    expect(third.status).toBe(409)
    expect(third.body).toEqual({
      error: {
        paymentMethod: [
          'This number already has 2 cash-on-delivery orders on their way. Please pay online, or wait for them to arrive',
        ],
      },
    })
    // another number is not held back by this one
    expect((await place(freshPhone())).status).toBe(201)

    const id = (first.body.data as { id: number }).id
    const { version } = await orderDetail(t.app, id, team.staff)
    const cancelled = await changeStatus(
      t.app,
      id,
      { to: 'cancelled', version, reason: 'Customer changed mind' },
      team.staff,
    )
    expect(cancelled.status).toBe(200)
    expect((await place(phone)).status).toBe(201)
  })

  it('holds under parallel orders from one number', async () => {
    await setCod({ limit: 0, maxOpen: 2 })
    const phone = freshPhone()
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(phone)))
    const statuses = answers.map((answer) => answer.status)
    // two go through; the others are refused by this limit (409), or by the per-number order limit (429)
    expect(statuses.filter((status) => status === 201)).toHaveLength(2)
    expect(
      statuses.filter((status) => status !== 201).every((status) => status === 409 || status === 429),
    ).toBe(true)
    expect(statuses).toContain(409)
  })
})
