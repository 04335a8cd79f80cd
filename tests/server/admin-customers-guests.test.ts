import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, customers, orders } from '../../server/db/schema'
import type { AdminCustomer, AdminCustomerRow } from '../../src/contract/admin-customers'
import { adminCall, type StaffCredentials } from './admin-support'
import { advanceClock, call, lastCode, sendOtp } from './auth-support'
import { api, newKey, orderBody, pick, type SkuInfo } from './commerce-support'
import type { TestApp } from './helpers'
import {
  changeStatus,
  moveAlong,
  orderDetail,
  orderTestApp,
  type Staff,
  saveSettings,
} from './orders-support'

/** Guests are customers: every number that orders is found, noted and blocked, registered or not. */
let t: TestApp
let team: Staff
let items: SkuInfo[]
const SHOP_BKASH = '01812000222'

beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 10, phones: '0173700', skus: 3, stock: 500 }))
  // Send Money is the prepaid way to pay these tests use
  const saved = await saveSettings(t.app, team.owner, (settings) => ({
    ...settings,
    payments: {
      ...settings.payments,
      transfer: { enabled: true, numbers: { bkash: SHOP_BKASH, nagad: '', rocket: '' } },
    },
  }))
  if (saved.status !== 200) throw new Error(`settings answered ${saved.status}`)
}, 180_000)
afterAll(async () => {
  await t?.close()
})

let sent = 0
/** A guest's order through POST /api/v1/orders, from a client address of its own. */
function guestOrder(
  phone: string,
  name: string,
  how: 'cod' | 'transfer' = 'cod',
  street = 'House 12, Road 5',
) {
  sent += 1
  const extra =
    how === 'transfer'
      ? {
          paymentMethod: 'transfer',
          transfer: { wallet: 'bkash', transactionId: `TRX${sent}${Date.now().toString(36)}`, sender: phone },
        }
      : {}
  return api(t.app, 'POST', 'orders', {
    body: orderBody([{ skuId: pick(items, sent % 3).skuId, quantity: 1 }], {
      customer: { name, phone, email: '' },
      address: {
        name,
        phone,
        division: 'Dhaka',
        district: 'Dhaka',
        area: 'Dhanmondi',
        street,
        landmark: '',
      },
      ...extra,
    }),
    headers: { 'idempotency-key': newKey() },
    ip: `10.97.${Math.floor(sent / 250)}.${sent % 250}`,
  })
}

async function placed(phone: string, name: string, street?: string) {
  const reply = await guestOrder(phone, name, 'cod', street)
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data as { id: number }
}

async function find(q: string, as: StaffCredentials = team.owner) {
  const reply = await adminCall(t.app, 'GET', `customers?q=${encodeURIComponent(q)}`, { as })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data as AdminCustomerRow[]
}

async function customerOf(phone: string) {
  const [row] = await find(phone)
  if (!row) throw new Error(`${phone} is no customer`)
  return row.id
}

async function record(id: number) {
  const reply = await adminCall(t.app, 'GET', `customers/${id}`, { as: team.owner })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data as AdminCustomer
}

const block = (id: number, body?: { scope: 'cod' | 'all' }, as = team.owner) =>
  adminCall(t.app, 'POST', `customers/${id}/block`, { as, body })
const unblock = (id: number, as = team.owner) => adminCall(t.app, 'POST', `customers/${id}/unblock`, { as })

const ordersOf = async (phone: string) =>
  (await t.db.select({ n: count() }).from(orders).where(eq(orders.phone, phone)))[0]?.n ?? 0

describe('a guest who ordered is a customer', () => {
  it('is listed and found by the number in any spelling and by name, with their orders counted', async () => {
    const phone = '01912345670'
    const first = await placed(phone, 'Salma Khatun', 'House 3, Road 9')
    await placed(phone, 'Salma Begum Khatun')
    await moveAlong(t.app, first.id, 'delivered', team.staff)

    for (const q of [phone, '+8801912345670', '8801912345670', '01912-345670', '০১৯১২৩৪৫৬৭০', '345670']) {
      const rows = await find(q)
      expect(
        rows.map((row) => row.phone),
        q,
      ).toEqual([phone])
    }
    const [row] = await find('salma begum')
    expect(row).toMatchObject({
      phone,
      // the name on the latest order
      name: 'Salma Begum Khatun',
      registered: false,
      ordersCount: 2,
      status: 'active',
    })
    expect(row?.totalSpent).toBeGreaterThan(0)
    expect(row?.lastOrderAt).not.toBeNull()

    const guest = await record(row?.id ?? 0)
    expect(guest).toMatchObject({
      name: 'Salma Begum Khatun',
      account: null,
      blockScope: null,
      record: { orders: 2, delivered: 1, cancelled: 0, returned: 0, refusals: 0, risk: 'low' },
    })
    expect(guest.orders).toHaveLength(2)
    // the places the orders went to, the latest first
    expect(guest.addresses.map((address) => [address.street, address.orders])).toEqual([
      ['House 12, Road 5', 1],
      ['House 3, Road 9', 1],
    ])
  })

  it('takes a note about a guest, audited', async () => {
    const phone = '01912345671'
    await placed(phone, 'Rupa Das')
    const id = await customerOf(phone)
    const noted = await adminCall(t.app, 'POST', `customers/${id}/notes`, {
      as: team.manager,
      body: { text: 'Asks for delivery after 6 pm' },
    })
    expect(noted.status).toBe(200)
    expect((noted.body.data as AdminCustomer).notes).toEqual([
      expect.objectContaining({
        text: 'Asks for delivery after 6 pm',
        staff: { id: expect.any(Number), name: 'Karim manager' },
      }),
    ])
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.note'), eq(auditLog.objectId, String(id))))
    expect(audit).toHaveLength(1)
  })
})

describe('blocking a number', () => {
  it("refuses the guest's next cash-on-delivery order (nothing written), takes a prepaid one; unblock restores", async () => {
    const phone = '01912345672'
    await placed(phone, 'Fake Buyer')
    const id = await customerOf(phone)

    const blocked = await block(id)
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200)
    expect(blocked.body.data).toMatchObject({ status: 'blocked', blockScope: 'cod' })
    expect((await find(phone))[0]?.status).toBe('blocked')
    const [before] = await t.db.select().from(customers).where(eq(customers.id, id))

    const refused = await guestOrder(phone, 'Fake Buyer')
    expect(refused.status).toBe(403)
    expect(refused.body.error).toEqual({
      paymentMethod: ['Cash on delivery is not available for this number. Please contact the shop.'],
    })
    expect(await ordersOf(phone)).toBe(1)
    const [after] = await t.db.select().from(customers).where(eq(customers.id, id))
    expect(after?.lastOrderAt).toEqual(before?.lastOrderAt)

    const prepaid = await guestOrder(phone, 'Fake Buyer', 'transfer')
    expect(prepaid.status, JSON.stringify(prepaid.body)).toBe(201)
    expect(await ordersOf(phone)).toBe(2)

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.block'), eq(auditLog.objectId, String(id))))
    expect(audit.map((entry) => entry.after)).toEqual([{ status: 'blocked', scope: 'cod', sessionsEnded: 0 }])

    expect((await unblock(id)).status).toBe(200)
    expect((await guestOrder(phone, 'Fake Buyer')).status).toBe(201)
    expect(await ordersOf(phone)).toBe(3)
  })

  it('refuses every way to pay when the owner chose "refuse every order", in the shopper\'s language', async () => {
    const phone = '01912345673'
    await placed(phone, 'Mina Roy')
    const id = await customerOf(phone)
    expect((await block(id, { scope: 'all' })).body.data).toMatchObject({ blockScope: 'all' })

    for (const how of ['cod', 'transfer'] as const) {
      const refused = await guestOrder(phone, 'Mina Roy', how)
      expect(refused.status, how).toBe(403)
      expect(refused.body.error).toEqual({
        paymentMethod: ['The shop does not take orders for this number. Please contact the shop.'],
      })
    }
    const bangla = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'x-api-key': 'haat-demo-key', 'accept-language': 'bn', 'idempotency-key': newKey() },
      payload: orderBody([{ skuId: pick(items, 0).skuId, quantity: 1 }], {
        customer: { name: 'Mina Roy', phone, email: '' },
      }),
    })
    expect(bangla.statusCode).toBe(403)
    expect(bangla.body).toContain('দোকান এই নম্বরের অর্ডার নিচ্ছে না')
    expect(await ordersOf(phone)).toBe(1)

    // back to cash on delivery alone: a prepaid order goes through again
    expect((await block(id, { scope: 'cod' })).body.data).toMatchObject({ blockScope: 'cod' })
    expect((await guestOrder(phone, 'Mina Roy', 'transfer')).status).toBe(201)
    expect((await unblock(id)).status).toBe(200)
  })

  it('keeps a blocked guest blocked once the number registers: the sign-in is refused', async () => {
    const phone = '01912345674'
    await placed(phone, 'Tania Sultana')
    const id = await customerOf(phone)
    expect((await block(id)).status).toBe(200)
    advanceClock(t.app, 2 * 60_000)
    const otp = await sendOtp(t.app, phone)
    expect(otp.status).toBe(200)
    const signIn = await call(t.app, 'POST', 'auth/customer/otp-login', {
      body: { phone, otpId: otp.body.otpId, otpCode: await lastCode(t.app, phone) },
    })
    expect(signIn.status).toBe(403)
    expect(signIn.body.error).toHaveProperty('auth')
    // the account joined the number's record
    expect((await record(id)).account).not.toBeNull()
    expect((await find(phone))[0]).toMatchObject({ id, registered: true, status: 'blocked' })
  })

  it('is for owners and managers: the staff role cannot block or unblock (403)', async () => {
    const phone = '01912345675'
    await placed(phone, 'Nipa Akter')
    const id = await customerOf(phone)
    for (const path of [`customers/${id}/block`, `customers/${id}/unblock`]) {
      const reply = await adminCall(t.app, 'POST', path, { as: team.staff })
      expect(reply.status, path).toBe(403)
      expect(reply.body).toHaveProperty('error')
    }
    expect((await block(id, undefined, team.manager)).status).toBe(200)
    expect((await unblock(id, team.manager)).status).toBe(200)
  })
})

describe("a number's delivery record", () => {
  const cancel = async (id: number, code?: 'customer_request' | 'refused') => {
    const { version } = await orderDetail(t.app, id, team.staff)
    const reply = await changeStatus(
      t.app,
      id,
      { to: 'cancelled', version, reason: 'As told on the phone', ...(code ? { code } : {}) },
      team.staff,
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  }

  it('does not hold a cancellation the customer asked for against the number; a refused delivery counts', async () => {
    const phone = '01912345676'
    const asked = await placed(phone, 'Shila Rani')
    await cancel(asked.id, 'customer_request')
    const id = await customerOf(phone)
    expect((await record(id)).record).toEqual({
      orders: 1,
      delivered: 0,
      cancelled: 1,
      returned: 0,
      refusals: 0,
      risk: 'new',
    })
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, asked.id))
    expect(stored?.cancelCode).toBe('customer_request')

    // the parcel refused at the door
    const sentOut = await placed(phone, 'Shila Rani')
    await moveAlong(t.app, sentOut.id, 'shipped', team.staff)
    const { version } = await orderDetail(t.app, sentOut.id, team.staff)
    const back = await changeStatus(
      t.app,
      sentOut.id,
      { to: 'returned', version, reason: 'Refused at the door' },
      team.staff,
    )
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect((await record(id)).record).toMatchObject({ cancelled: 1, returned: 1, refusals: 1, risk: 'high' })
    // the order's page reads the same record
    expect((await orderDetail(t.app, sentOut.id, team.staff)).record).toMatchObject({
      refusals: 1,
      risk: 'high',
    })
  })

  it("holds the shop's refusal against the number, and a cancellation with no code as it always did", async () => {
    const phone = '01912345677'
    const delivered = await placed(phone, 'Lucky Akter')
    await moveAlong(t.app, delivered.id, 'delivered', team.staff)
    const id = await customerOf(phone)
    expect((await record(id)).record.risk).toBe('low')
    await cancel((await placed(phone, 'Lucky Akter')).id, 'refused')
    expect((await record(id)).record).toMatchObject({ delivered: 1, refusals: 1, risk: 'high' })
    await moveAlong(t.app, (await placed(phone, 'Lucky Akter')).id, 'delivered', team.staff)
    await moveAlong(t.app, (await placed(phone, 'Lucky Akter')).id, 'delivered', team.staff)
    expect((await record(id)).record).toMatchObject({ delivered: 3, refusals: 1, risk: 'medium' })
    await cancel((await placed(phone, 'Lucky Akter')).id)
    expect((await record(id)).record).toMatchObject({ delivered: 3, cancelled: 2, refusals: 2 })
  })

  it('refuses a cancellation code it does not know (400), nothing changed', async () => {
    const order = await placed('01912345678', 'Moni Begum')
    const { version } = await orderDetail(t.app, order.id, team.staff)
    const reply = await adminCall(t.app, 'POST', `orders/${order.id}/status`, {
      as: team.staff,
      body: { to: 'cancelled', version, reason: 'x', code: 'bored' },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toHaveProperty('error')
    expect((await orderDetail(t.app, order.id, team.staff)).status).toBe('pending')
  })
})
