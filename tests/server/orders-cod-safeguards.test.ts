import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { advanceClock, call, lastCode, sendOtp } from './auth-support'
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

/** Cash on delivery's safeguards, as the owner sets them: the largest order, and orders on their way at once. */
let t: TestApp
let team: Staff
let items: SkuInfo[]

beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 12, phones: '0173500', skus: 4, stock: 500 }))
}, 180_000)
afterAll(async () => {
  await t?.close()
})

async function setCod(cod: {
  limit: number
  maxOpen: number
  confirmAbove?: number
  advance?: { outsideDhaka: boolean; above: number }
}) {
  const saved = await saveSettings(t.app, team.owner, (settings) => ({
    ...settings,
    payments: {
      ...settings.payments,
      cod: { enabled: true, confirmAbove: 0, advance: { outsideDhaka: false, above: 0 }, ...cod },
    },
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

describe('a one-time code before a large cash-on-delivery order', () => {
  const CONFIRM = 'For cash on delivery of this order, confirm the number with a code sent by SMS'
  const orderOf = (phone: string, extra: Record<string, unknown> = {}, token?: string) => {
    address += 1
    return api(t.app, 'POST', 'orders', {
      body: orderBody([{ skuId: pick(items, 2).skuId, quantity: 2 }], {
        customer: { name: 'Rahim Uddin', phone, email: '' },
        ...extra,
      }),
      headers: { 'idempotency-key': newKey() },
      ip: `10.93.${Math.floor(address / 250)}.${address % 250}`,
      token,
    })
  }
  /** SEND CODE for an order, then the code from the SMS: the proof the order carries */
  async function prove(phone: string, ip = '10.94.0.1') {
    const sent = await sendOtp(t.app, phone, 'order', ip)
    expect(sent.status).toBe(200)
    const otpCode = await lastCode(t.app, phone)
    expect(otpCode).toMatch(/^\d{6}$/)
    return call(t.app, 'POST', 'auth/customer/confirm-phone', {
      body: { phone, otpId: sent.body.otpId, otpCode },
      ip,
    })
  }
  let threshold = 0

  beforeAll(async () => {
    await setCod({ limit: 0, maxOpen: 0 })
    const one = await place(freshPhone(), 1, 2)
    threshold = Math.ceil((one.body.data as { totals: { total: number } }).totals.total)
    // one piece is at the threshold, two are above it
    await setCod({ limit: 0, maxOpen: 0, confirmAbove: threshold })
  })

  it('tells the storefront the threshold, and takes an order at it without a code', async () => {
    const shop = await api(t.app, 'GET', 'shop')
    expect((shop.body.data as { codConfirmAbove: number }).codConfirmAbove).toBe(threshold)
    expect((await place(freshPhone(), 1, 2)).status).toBe(201)
  })

  it('refuses a guest order above it without a proof, and writes nothing', async () => {
    const before = await stockOf(t.db, pick(items, 2).skuId)
    const refused = await orderOf(freshPhone())
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({ error: { phoneProof: [CONFIRM] } })
    expect(await stockOf(t.db, pick(items, 2).skuId)).toBe(before)
    // paying another way needs no code
    const bangla = await api(t.app, 'POST', 'orders?lang=bn', {
      body: orderBody([{ skuId: pick(items, 2).skuId, quantity: 2 }]),
      headers: { 'idempotency-key': newKey() },
      ip: '10.95.0.1',
    })
    expect((bangla.body.error as Record<string, string[]>).phoneProof?.[0]).toMatch(/^এই অর্ডারে ক্যাশ অন/)
  })

  it('places it once the code proved the number, and only for that number', async () => {
    const phone = freshPhone()
    const proven = await prove(phone)
    expect(proven.status).toBe(200)
    const { proof } = proven.body.data as { phone: string; proof: string }
    expect((proven.body.data as { phone: string }).phone).toBe(phone)
    expect((await orderOf(freshPhone(), { phoneProof: proof })).status).toBe(422)
    expect((await orderOf(phone, { phoneProof: proof })).status).toBe(201)
    // the proof holds for the rest of the hour (a second order of the same shopper), not after
    expect((await orderOf(phone, { phoneProof: proof })).status).toBe(201)
    advanceClock(t.app, 61 * 60 * 1000)
    const late = await orderOf(phone, { phoneProof: proof })
    expect(late.status).toBe(422)
    expect(late.body).toEqual({ error: { phoneProof: [CONFIRM] } })
  })

  it('takes no made-up proof, and no code sent for another purpose', async () => {
    const phone = freshPhone()
    const forged = [String(Date.now() + 3_600_000), 'v1.AAAA', `v1.${'A'.repeat(60)}`]
    for (const phoneProof of forged) expect((await orderOf(phone, { phoneProof })).status).toBe(422)
    const login = await sendOtp(t.app, phone, 'login', '10.94.0.2')
    const wrongPurpose = await call(t.app, 'POST', 'auth/customer/confirm-phone', {
      body: { phone, otpId: login.body.otpId, otpCode: await lastCode(t.app, phone) },
      ip: '10.94.0.2',
    })
    expect(wrongPurpose.status).toBe(400)
    expect(wrongPurpose.body).toEqual({ error: { otpCode: ['This code is not valid. Request a new one.'] } })
    // a spent order code proves nothing twice
    const sent = await sendOtp(t.app, phone, 'order', '10.94.0.3')
    const body = { phone, otpId: sent.body.otpId, otpCode: await lastCode(t.app, phone) }
    expect((await call(t.app, 'POST', 'auth/customer/confirm-phone', { body, ip: '10.94.0.3' })).status).toBe(
      200,
    )
    expect((await call(t.app, 'POST', 'auth/customer/confirm-phone', { body, ip: '10.94.0.3' })).status).toBe(
      400,
    )
  })

  it("asks no code of a signed-in shopper's own number, but does for another number", async () => {
    const phone = freshPhone()
    const shopper = await createShopper(t.db, phone)
    expect((await orderOf(phone, {}, shopper.token)).status).toBe(201)
    expect((await orderOf(freshPhone(), {}, shopper.token)).status).toBe(422)
  })
})
