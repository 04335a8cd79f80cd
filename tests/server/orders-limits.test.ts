import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultOrderLimits, type OrderLimits } from '../../src/contract/settings'
import { adminCall } from './admin-support'
import {
  api,
  createShopper,
  freshPhone,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  stockOf,
} from './commerce-support'
import type { TestApp } from './helpers'
import { changeStatus, orderDetail, orderTestApp, type Staff, saveSettings } from './orders-support'

/**
 * What one order, and one shopper, may take of the stock before the shop has the money or its word for it:
 * the attack was one anonymous request of 100 lines of up to 1,000 pieces, holding the stock of 100 skus.
 */
let t: TestApp
let team: Staff
let items: SkuInfo[]

beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 30, phones: '0173600', skus: 25, stock: 5_000 }))
}, 180_000)
afterAll(async () => {
  await t?.close()
})

async function setLimits(limits: Partial<OrderLimits>) {
  const saved = await saveSettings(t.app, team.owner, (settings) => ({
    ...settings,
    orderLimits: { ...defaultOrderLimits, ...limits },
  }))
  expect(saved.status).toBe(200)
}

let address = 0
/** a client address no other order of this file came from */
const freshAddress = () => {
  address += 1
  return `10.95.${Math.floor(address / 250)}.${address % 250}`
}

type Line = { skuId: number; quantity: number }
const place = (lines: Line[], options: { phone?: string; ip?: string; token?: string; lang?: 'bn' } = {}) =>
  api(t.app, 'POST', options.lang ? `orders?lang=${options.lang}` : 'orders', {
    body: orderBody(lines, {
      customer: { name: 'Rahim Uddin', phone: options.phone ?? freshPhone(), email: '' },
    }),
    headers: { 'idempotency-key': newKey() },
    ip: options.ip ?? freshAddress(),
    token: options.token,
  })
const line = (index: number, quantity: number): Line => ({ skuId: pick(items, index).skuId, quantity })
const errorOf = (reply: { body: Record<string, unknown> }) => reply.body.error as Record<string, string[]>

describe('one order', () => {
  it('the anonymous order of 25 lines of 1,000 pieces is refused, and takes nothing', async () => {
    await setLimits({})
    const before = await Promise.all(items.map((item) => stockOf(t.db, item.skuId)))
    const attack = await place(items.map((_, index) => line(index, 1_000)))
    expect(attack.status).toBe(409)
    const error = errorOf(attack)
    expect(Object.keys(error)).toHaveLength(items.length)
    expect(error['lines.0']?.[0]).toMatch(/^At most 10 of .+ in one order$/)
    expect(await Promise.all(items.map((item) => stockOf(t.db, item.skuId)))).toEqual(before)
  })

  it('takes at most the pieces of one item the shop allows, said on the line (409), and in the cart', async () => {
    await setLimits({ perLine: 4 })
    expect((await place([line(0, 4)])).status).toBe(201)
    const refused = await place([line(1, 1), line(0, 3), line(0, 2)])
    expect(refused.status).toBe(409)
    // the same item twice counts as one line of 5
    const name = errorOf(refused)['lines.1']?.[0]
    expect(name).toMatch(/^At most 4 of .+ in one order$/)
    expect(errorOf(refused)).toEqual({ 'lines.1': [name], 'lines.2': [name] })

    const quote = await api(t.app, 'POST', 'cart/quote', { body: { lines: [line(0, 5), line(1, 4)] } })
    expect(quote.status).toBe(200)
    const quoted = (quote.body.data as { lines: { skuId: number; problem: string | null }[] }).lines
    expect(quoted.map((row) => row.problem)).toEqual([name, null])
  })

  it('takes at most the pieces in all the shop allows (422 on lines)', async () => {
    await setLimits({ perLine: 10, perOrder: 12 })
    expect((await place([line(2, 6), line(3, 6)])).status).toBe(201)
    const refused = await place([line(2, 6), line(3, 6), line(4, 1)])
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({ error: { lines: ['At most 12 pieces in one order'] } })
  })

  it("refuses a guest's order above the largest the shop takes without an account; a shopper's goes through", async () => {
    await setLimits({})
    const one = await place([line(5, 1)])
    const total = (one.body.data as { totals: { total: number } }).totals.total
    await setLimits({ guestTotal: Math.ceil(total) })
    expect((await place([line(5, 1)])).status).toBe(201)
    const refused = await place([line(5, 2)])
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({
      error: {
        lines: [`An order without an account is for up to TK ${Math.ceil(total)}: log in, or order less`],
      },
    })
    const inBangla = await place([line(5, 2)], { lang: 'bn' })
    expect(errorOf(inBangla).lines?.[0]).toMatch(/^অ্যাকাউন্ট ছাড়া সর্বোচ্চ [০-৯]+ টাকার অর্ডার করা যায়/)

    const shopper = await createShopper(t.db, freshPhone())
    expect((await place([line(5, 2)], { token: shopper.token })).status).toBe(201)
  })

  it('refuses limits out of range in the settings, each on its field', async () => {
    const limitsNow = async () => {
      const shown = await adminCall(t.app, 'GET', 'settings', { as: team.owner })
      return (shown.body.data as { settings: { orderLimits: OrderLimits } }).settings.orderLimits
    }
    const before = await limitsNow()
    const saved = await saveSettings(t.app, team.owner, (settings) => ({
      ...settings,
      orderLimits: { perLine: 0, perOrder: 10.5, guestTotal: -1, heldPerNumber: 10_001, heldPerAddress: 5 },
    }))
    expect(saved.status).toBe(400)
    expect(saved.body.error).toEqual({
      'settings.orderLimits.perLine': ['Enter a whole number from 1 to 1000'],
      'settings.orderLimits.perOrder': ['Enter a whole number from 1 to 10000'],
      'settings.orderLimits.guestTotal': ['Enter a whole number of taka from 0 to 10000000 (0: no limit)'],
      'settings.orderLimits.heldPerNumber': ['Enter a whole number from 0 to 10000 (0: no limit)'],
    })
    expect(await limitsNow()).toEqual(before)
  })
})

describe('what one number or address holds unpaid and unconfirmed', () => {
  it('a number holds at most its limit at once; a confirmed or cancelled order frees its part', async () => {
    await setLimits({ heldPerNumber: 8 })
    const phone = freshPhone()
    const first = await place([line(6, 5)], { phone })
    expect(first.status).toBe(201)
    expect((await place([line(7, 3)], { phone })).status).toBe(201)
    const refused = await place([line(8, 1)], { phone })
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({
      error: {
        'customer.phone': [
          'This number already has 8 pieces in orders not yet paid or confirmed, and at most 8 can wait at once. Please order fewer, or wait for the shop to confirm them',
        ],
      },
    })
    // another number is not held back by this one
    expect((await place([line(8, 1)])).status).toBe(201)

    const id = (first.body.data as { id: number }).id
    const { version } = await orderDetail(t.app, id, team.staff)
    expect((await changeStatus(t.app, id, { to: 'confirmed', version }, team.staff)).status).toBe(200)
    expect((await place([line(8, 5)], { phone })).status).toBe(201)
    expect((await place([line(8, 1)], { phone })).status).toBe(422)
  })

  it('an address holds at most its limit at once, whatever the numbers', async () => {
    await setLimits({ heldPerAddress: 6 })
    const ip = freshAddress()
    expect((await place([line(9, 4)], { ip })).status).toBe(201)
    const refused = await place([line(10, 3)], { ip, lang: 'bn' })
    expect(refused.status).toBe(422)
    expect(errorOf(refused).lines?.[0]).toMatch(/^এই সংযোগ থেকে করা .*[০-৯]+টি পিস আছে/)
    expect((await place([line(10, 2)], { ip })).status).toBe(201)
    expect((await place([line(10, 3)], { ip: freshAddress() })).status).toBe(201)
  })

  it('holds under 20 parallel orders from one number', async () => {
    await setLimits({ heldPerNumber: 5 })
    const phone = freshPhone()
    // a signed-in shopper's orders: the number's own guest limit (5 a day) does not stop them first
    const shopper = await createShopper(t.db, freshPhone())
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        place([line(11 + (index % 10), 1)], { phone, token: shopper.token }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(5)
    expect(statuses.filter((status) => status === 422)).toHaveLength(15)
    const held = answers
      .filter((answer) => answer.status === 201)
      .reduce((sum, answer) => sum + (answer.body.data as { lines: { quantity: number }[] }).lines.length, 0)
    expect(held).toBe(5)
  })
})
