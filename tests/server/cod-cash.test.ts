import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, shipments } from '../../server/db/schema'
import type { CodPayout, CodWaiting } from '../../src/contract/admin-cod-cash'
import { adminCall } from './admin-support'
import { pick, type SkuInfo } from './commerce-support'
import type { TestApp } from './helpers'
import { moveAlong, orderDetail, orderTestApp, placeOrder, type Staff } from './orders-support'

let t: TestApp
let team: Staff
let items: SkuInfo[]
beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 12, phones: '0174400', skus: 6, stock: 60 }))
}, 180_000)
afterAll(async () => {
  await t?.close()
})

/** a cash-on-delivery order placed by a guest and delivered */
async function deliveredOrder(n = 0) {
  const placed = await placeOrder(t.app, [{ skuId: pick(items, n % 6).skuId, quantity: 1 }])
  await moveAlong(t.app, placed.id, 'delivered', team.manager)
  return orderDetail(t.app, placed.id, team.owner)
}

const waiting = async () =>
  ((await adminCall(t.app, 'GET', 'cod/waiting', { as: team.owner })).body as { data: CodWaiting }).data
const cashWithCouriers = async () =>
  (
    (await adminCall(t.app, 'GET', 'dashboard?range=today', { as: team.owner })).body as {
      data: { figures: { cashWithCouriers: { orders: number; amount: number } } }
    }
  ).data.figures.cashWithCouriers
const payout = (csv: string, dryRun: boolean) =>
  adminCall(t.app, 'POST', 'cod/payouts', { as: team.manager, body: { csv, dryRun } })

describe('a delivered cash-on-delivery order', () => {
  it('is paid by the shopper, its cash with the courier until the payout is recorded', async () => {
    const before = await cashWithCouriers()
    const order = await deliveredOrder()
    expect(order.paymentStatus).toBe('paid')
    expect(order.money).toMatchObject({ collected: order.totals.total, collect: 0, refund: 0 })
    const listed = (await waiting()).orders.find((row) => row.id === order.id)
    expect(listed).toMatchObject({ number: order.number, collected: order.totals.total, days: 0 })
    const after = await cashWithCouriers()
    expect(after.orders - before.orders).toBe(1)
    expect(after.amount - before.amount).toBeCloseTo(order.totals.total, 2)

    // the manager records the courier's payout by hand: the cash is no longer with the courier
    const settled = await adminCall(t.app, 'POST', `orders/${order.id}/cash`, {
      as: team.manager,
      body: { collected: order.totals.total, charges: 75, version: order.version },
    })
    expect(settled.status, JSON.stringify(settled.body)).toBe(200)
    expect((await waiting()).orders.some((row) => row.id === order.id)).toBe(false)
    expect((await cashWithCouriers()).amount).toBeCloseTo(before.amount, 2)
    const read = await orderDetail(t.app, order.id, team.owner)
    expect(read.events.at(-1)?.note).toMatch(
      /^Cash paid out by the courier: TK [\d.]+ collected, TK 75\.00 kept$/,
    )

    const again = await adminCall(t.app, 'POST', `orders/${order.id}/cash`, {
      as: team.manager,
      body: { collected: order.totals.total, charges: 75, version: read.version },
    })
    expect(again.status).toBe(409)
  })

  it('is paid out by owners and managers only, and only once delivered', async () => {
    const order = await deliveredOrder(1)
    const body = { collected: order.totals.total, charges: 0, version: order.version }
    expect((await adminCall(t.app, 'POST', `orders/${order.id}/cash`, { as: team.staff, body })).status).toBe(
      403,
    )
    expect((await adminCall(t.app, 'GET', 'cod/waiting', { as: team.staff })).status).toBe(403)
    const placed = await placeOrder(t.app, [{ skuId: pick(items, 2).skuId, quantity: 1 }])
    const pending = await orderDetail(t.app, placed.id, team.owner)
    const early = await adminCall(t.app, 'POST', `orders/${placed.id}/cash`, {
      as: team.manager,
      body: { collected: 100, charges: 0, version: pending.version },
    })
    expect(early.status).toBe(409)
    expect(early.body).toEqual({ error: { payment: [`Order ${placed.number} is not delivered`] } })
  })
})

describe("a courier's payout statement", () => {
  it('marks every order it names paid out at once, after a dry run that writes nothing', async () => {
    const [a, b, c] = [await deliveredOrder(3), await deliveredOrder(4), await deliveredOrder(5)]
    // Pathao names the parcel by its consignment ID
    await t.db.insert(shipments).values({
      orderId: c.id,
      courier: 'pathao',
      invoice: c.number,
      state: 'booked',
      consignmentId: 'DL121224VS8TTJ',
      codAmount: c.totals.total,
    })
    const pending = await placeOrder(t.app, [{ skuId: pick(items, 0).skuId, quantity: 1 }])
    const csv = [
      'Invoice,Consignment ID,Recipient Name,Collected Amount,Delivery Charge,COD Charge',
      `${a.number},,Rahim,"${a.totals.total.toLocaleString('en-IN')}",60,${(a.totals.total * 0.01).toFixed(2)}`,
      // less than was due: the customer took part of the parcel
      `${b.number},,Rahim,300,60,3`,
      `,DL121224VS8TTJ,Rahim,৳ ${c.totals.total},110,0`,
      `HT-000000-NONE0,,Nobody,500,60,5`,
      `${pending.number},,Rahim,500,60,5`,
      `${a.number},,Rahim,100,60,1`,
      `${c.number},,Rahim,abc,60,1`,
    ].join('\n')

    const dry = await payout(csv, true)
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    const preview = (dry.body as { data: CodPayout }).data
    expect(preview.settled.map((row) => row.number)).toEqual([a.number, b.number, c.number])
    expect(preview.problems.map((problem) => [problem.line, problem.message])).toEqual([
      [5, 'No order of the shop has this consignment ID or invoice'],
      [6, `Order ${pending.number} is not delivered`],
      [7, `Order ${a.number} is in the file twice`],
      [8, 'An amount is not a number of taka'],
    ])
    expect(preview.totals.collected).toBeCloseTo(a.totals.total + 300 + c.totals.total, 2)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, a.id))
    expect(row?.settledAt).toBeNull()

    const real = await payout(csv, false)
    expect(real.status).toBe(200)
    expect((real.body as { data: CodPayout }).data).toEqual({ ...preview, dryRun: false })
    const left = (await waiting()).orders.map((order) => order.id)
    expect(left).not.toContain(a.id)
    expect(left).not.toContain(b.id)
    expect(left).not.toContain(c.id)

    // the part not collected is owed again, and said so
    const partly = await orderDetail(t.app, b.id, team.owner)
    expect(partly.paymentStatus).toBe('partly_paid')
    expect(partly.money).toMatchObject({ collected: 300, collect: b.totals.total - 300 })

    // the same statement again: every order was paid out already, nothing changes
    const twice = (await payout(csv, false)).body as { data: CodPayout }
    expect(twice.data.settled).toEqual([])
  })

  it('refuses a file it cannot read as a statement, in the API’s shape', async () => {
    const reply = await payout('Name,Phone\nRahim,01711111111', true)
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ error: { csv: ['The file has no consignment ID or invoice column'] } })
    expect((await payout('', true)).status).toBe(400)
  })
})
