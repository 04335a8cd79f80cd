import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skus } from '../../server/db/schema'
import type { AdminOrder, AdminOrderRow, OrderPrint } from '../../src/contract/admin-orders'
import type { Order, OrderStatus, PaymentStatus } from '../../src/contract/orders'
import { type FakeBkash, fakeBkashConfig, paymentIdOf, startFakeBkash } from '../fakes/bkash'
import { FAKE_PATHAO, type FakePathao, startFakePathao } from '../fakes/pathao'
import { FAKE_STEADFAST, type FakeSteadfast, startFakeSteadfast } from '../fakes/steadfast'
import { adminCall } from './admin-support'
import {
  api,
  createShopper,
  dhakaAddress,
  freshPhone,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { comeBack, type Staff, saveSettings, staffTeam } from './orders-support'

/**
 * The money rule, total − paid − advance + refunded, against every surface that reads it: random orders
 * (cash on delivery, bKash, Send Money, cash on delivery with its delivery charge paid first by either) go
 * through random edits up and down, payments, refunds, and end booked with a courier or cancelled. After
 * each step the admin order, the list, the shopper's page, the invoice's and label's figures (and, once
 * booked, what the courier was asked to collect) must say what a model of the money says.
 */

const SHOP = 'https://shop.example.com'
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 40)
/** prices in paisa: whole taka, and one with paisa */
const PRICE_A = 263_000
const PRICE_B = 41_550
const CHARGE = { inside_dhaka: 7_000, outside_dhaka: 13_000 } as const

let bkash: FakeBkash
let steadfast: FakeSteadfast
let pathao: FakePathao
let t: TestApp
let team: Staff
let a: SkuInfo
let b: SkuInfo

const sylhet = {
  name: 'Rahim Uddin',
  phone: '01711000000',
  division: 'Sylhet',
  district: 'Sylhet',
  area: 'Jalalabad',
  street: 'House 4, Road 2',
  landmark: '',
}

beforeAll(async () => {
  bkash = await startFakeBkash()
  steadfast = await startFakeSteadfast()
  pathao = await startFakePathao()
  t = await createTestApp({
    products: 4,
    config: {
      ...fakeBkashConfig(bkash.baseUrl),
      PUBLIC_URL: SHOP,
      PATHAO_BASE_URL: pathao.baseUrl,
      PATHAO_CLIENT_ID: FAKE_PATHAO.clientId,
      PATHAO_CLIENT_SECRET: FAKE_PATHAO.clientSecret,
      PATHAO_USERNAME: FAKE_PATHAO.username,
      PATHAO_PASSWORD: FAKE_PATHAO.password,
      PATHAO_STORE_ID: FAKE_PATHAO.storeId,
      PATHAO_WEBHOOK_SECRET: FAKE_PATHAO.webhookSecret,
      STEADFAST_BASE_URL: steadfast.baseUrl,
      STEADFAST_API_KEY: FAKE_STEADFAST.apiKey,
      STEADFAST_SECRET_KEY: FAKE_STEADFAST.secretKey,
      STEADFAST_WEBHOOK_TOKEN: FAKE_STEADFAST.webhookToken,
      COURIER_TIMEOUT_MS: 2_000,
      GUEST_ORDERS_PER_ADDRESS_HOUR: 10_000,
    },
  })
  team = await staffTeam(t.app, t.db, '0174800')
  const items = await sellableSkus(t.db, 2)
  a = pick(items, 0)
  b = pick(items, 1)
  for (const [item, price] of [
    [a, PRICE_A],
    [b, PRICE_B],
  ] as const) {
    await t.db
      .update(skus)
      .set({ price: price / 100, discountedPrice: price / 100, weightGrams: 0 })
      .where(eq(skus.id, item.skuId))
    await setStock(t.db, item.skuId, 100_000)
  }
  // cash on delivery outside Dhaka pays its delivery charge first, by bKash or Send Money
  const saved = await saveSettings(
    t.app,
    team.owner,
    (settings) => ({
      ...settings,
      delivery: {
        ...settings.delivery,
        freeAbove: 0,
        inside_dhaka: { ...settings.delivery.inside_dhaka, charge: CHARGE.inside_dhaka / 100 },
        outside_dhaka: { ...settings.delivery.outside_dhaka, charge: CHARGE.outside_dhaka / 100 },
      },
      payments: {
        cod: {
          enabled: true,
          limit: 0,
          maxOpen: 0,
          confirmAbove: 0,
          advance: { outsideDhaka: true, above: 0 },
        },
        bkash: { enabled: true },
        transfer: { enabled: true, numbers: { bkash: '01812000222', nagad: '', rocket: '' } },
      },
    }),
    SHOP,
  )
  if (saved.status !== 200) throw new Error(`settings answered ${saved.status} ${JSON.stringify(saved.body)}`)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await bkash?.close()
  await steadfast?.close()
  await pathao?.close()
})

// ---------------------------------------------------------------- the cases

type Kind = 'cod' | 'bkash' | 'transfer' | 'advance-bkash' | 'advance-transfer'
type Step =
  | { do: 'edit'; a: number; b: number; charge: number | null }
  | { do: 'pay' }
  | { do: 'refund'; paisa: number }
  | { do: 'ship'; courier: 'steadfast' | 'pathao' }
  | { do: 'cancel' }
type Case = { kind: Kind; signedIn: boolean; a: number; b: number; steps: Step[] }

const middleStep: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      do: fc.constant('edit' as const),
      a: fc.integer({ min: 1, max: 6 }),
      b: fc.integer({ min: 0, max: 3 }),
      charge: fc.option(fc.integer({ min: 0, max: 300 }), { freq: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ do: 'pay' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ do: fc.constant('refund' as const), paisa: fc.integer({ min: 1, max: 500_000 }) }),
  },
)
const lastStep: fc.Arbitrary<Step[]> = fc.oneof(
  fc.constant<Step[]>([]),
  fc
    .record({
      do: fc.constant('ship' as const),
      courier: fc.constantFrom('steadfast' as const, 'pathao' as const),
    })
    .map((step): Step[] => [step]),
  fc.constant<Step[]>([{ do: 'cancel' }]),
)
const cases: fc.Arbitrary<Case> = fc
  .record({
    kind: fc.constantFrom<Kind>('cod', 'bkash', 'transfer', 'advance-bkash', 'advance-transfer'),
    signedIn: fc.boolean(),
    a: fc.integer({ min: 1, max: 3 }),
    b: fc.integer({ min: 0, max: 2 }),
    middle: fc.array(middleStep, { minLength: 1, maxLength: 7 }),
    last: lastStep,
  })
  .map(({ middle, last, ...rest }) => ({ ...rest, steps: [...middle, ...last] }))

// ---------------------------------------------------------------- the model of an order's money

type Model = {
  kind: Kind
  id: number
  number: string
  phone: string
  token: string | null
  payUrl: string | null
  status: OrderStatus
  a: number
  b: number
  /** paisa, as every amount of the model */
  charge: number
  /** what the payment or transfer of the order brings when it comes in */
  asked: number
  paid: number
  advance: number
  refunded: number
  /** the payment status while nothing has come in */
  waiting: PaymentStatus
  version: number
}

const totalOf = (m: Model) => m.a * PRICE_A + m.b * PRICE_B + m.charge
const received = (m: Model) => m.paid + m.advance
/** THE RULE, restated: what the order still owes, in paisa (negative: to give back) */
const owed = (m: Model) => totalOf(m) - received(m) + m.refunded
function expectedMoney(m: Model) {
  const undelivered = m.status === 'cancelled' || m.status === 'returned'
  const due = owed(m)
  return {
    paid: m.paid,
    advance: m.advance,
    refunded: m.refunded,
    collect: undelivered ? 0 : Math.max(0, due),
    refund: undelivered ? Math.max(0, received(m) - m.refunded) : Math.max(0, -due),
  }
}
function expectedStatus(m: Model): PaymentStatus {
  if (received(m) === 0) return m.waiting
  if (m.refunded >= received(m)) return 'refunded'
  if (m.refunded > 0) return 'partly_refunded'
  if (owed(m) > 0) return m.paid > 0 ? 'partly_paid' : 'advance_paid'
  return 'paid'
}

const paisaOf = (taka: number) => Math.round(taka * 100)
const inPaisa = (money: NonNullable<Order['money']>) => ({
  paid: paisaOf(money.paid),
  advance: paisaOf(money.advance),
  refunded: paisaOf(money.refunded),
  collect: paisaOf(money.collect),
  refund: paisaOf(money.refund),
})

// ---------------------------------------------------------------- the calls

let ip = 0
const nextIp = () => {
  ip += 1
  return `10.${120 + Math.floor(ip / 62_500)}.${Math.floor(ip / 250) % 250}.${ip % 250}`
}
const transferId = () => `PT${randomBytes(6).toString('hex').toUpperCase()}`
const admin = (method: 'GET' | 'POST', path: string, body?: unknown, as = team.staff) =>
  adminCall(t.app, method, path, { as, origin: SHOP, ...(body === undefined ? {} : { body }) })

async function place(c: Case): Promise<Model> {
  const outside = c.kind.startsWith('advance')
  const phone = freshPhone()
  const shopper = c.signedIn ? await createShopper(t.db, phone) : null
  const transfer = { wallet: 'bkash', transactionId: transferId(), sender: freshPhone() }
  const lines = [{ skuId: a.skuId, quantity: c.a }, ...(c.b > 0 ? [{ skuId: b.skuId, quantity: c.b }] : [])]
  const extra: Record<string, Record<string, unknown>> = {
    cod: {},
    bkash: { paymentMethod: 'bkash' },
    transfer: { paymentMethod: 'transfer', transfer },
    'advance-bkash': { advanceBy: 'bkash' },
    'advance-transfer': { advanceBy: 'transfer', transfer },
  }
  const body = orderBody(lines, {
    customer: { name: 'Rahim Uddin', phone, email: '' },
    address: outside ? sylhet : dhakaAddress,
    ...extra[c.kind],
  })
  const reply = await api(t.app, 'POST', 'orders', {
    body,
    headers: { 'idempotency-key': newKey() },
    ip: nextIp(),
    ...(shopper ? { token: shopper.token } : {}),
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  const order = reply.body.data as Order
  const charge = outside ? CHARGE.outside_dhaka : CHARGE.inside_dhaka
  const model: Model = {
    kind: c.kind,
    id: order.id,
    number: order.number,
    phone,
    token: shopper?.token ?? null,
    payUrl: order.paymentRedirectUrl,
    status: order.status,
    a: c.a,
    b: c.b,
    charge,
    asked: 0,
    paid: 0,
    advance: 0,
    refunded: 0,
    waiting: order.paymentStatus,
    version: 0,
  }
  model.asked = outside ? charge : totalOf(model)
  expect(paisaOf(order.totals.total)).toBe(totalOf(model))
  expect(paisaOf(order.advance ?? 0)).toBe(outside ? charge : 0)
  return model
}

/** Every surface that reads the order's money, against the model. */
async function check(m: Model, step: string) {
  const money = expectedMoney(m)
  const status = expectedStatus(m)
  const detail = await admin('GET', `orders/${m.id}`)
  const order = detail.body.data as AdminOrder
  m.version = order.version
  expect({ step, total: paisaOf(order.totals.total), status: order.status }).toEqual({
    step,
    total: totalOf(m),
    status: m.status,
  })
  expect({ step, money: inPaisa(order.money ?? ({} as never)), paymentStatus: order.paymentStatus }).toEqual({
    step,
    money,
    paymentStatus: status,
  })

  const own = m.token
    ? await api(t.app, 'GET', `orders/${m.id}`, { token: m.token })
    : await api(t.app, 'POST', 'orders/lookup', { body: { number: m.number, phone: m.phone }, ip: nextIp() })
  expect(own.status).toBe(200)
  const shopper = own.body.data as Order
  expect({
    step,
    money: inPaisa(shopper.money ?? ({} as never)),
    paymentStatus: shopper.paymentStatus,
  }).toEqual({
    step,
    money,
    paymentStatus: status,
  })

  const listed = await admin('GET', `orders?q=${m.number}`)
  const row = (listed.body.data as AdminOrderRow[]).find((found) => found.id === m.id)
  expect({ step, collect: paisaOf(row?.collect ?? -1), refund: paisaOf(row?.refund ?? -1) }).toEqual({
    step,
    collect: money.collect,
    refund: money.refund,
  })

  const printed = await admin('GET', `orders/print?ids=${m.id}`)
  const [sheet] = (printed.body.data as { orders: OrderPrint[] }).orders
  expect({ step, paid: paisaOf(sheet?.paid ?? -1), collect: paisaOf(sheet?.collect ?? -1) }).toEqual({
    step,
    paid: Math.max(0, received(m) - m.refunded),
    collect: money.collect,
  })
  return order
}

const editable = (m: Model) => m.status === 'pending' || m.status === 'confirmed'

async function edit(m: Model, step: Extract<Step, { do: 'edit' }>) {
  const charge = step.charge === null ? m.charge : step.charge * 100
  const lines = [
    { skuId: a.skuId, quantity: step.a },
    ...(step.b > 0 ? [{ skuId: b.skuId, quantity: step.b }] : []),
  ]
  const reply = await admin('POST', `orders/${m.id}/edit`, {
    version: m.version,
    lines,
    ...(step.charge === null ? {} : { deliveryCharge: step.charge }),
  })
  if (!editable(m)) {
    expect(reply.status).toBe(409)
    expect(reply.body).toEqual({ error: { status: [expect.any(String)] } })
    return
  }
  if (step.a === m.a && step.b === m.b && charge === m.charge) {
    expect(reply.status).toBe(400)
    return
  }
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const before = totalOf(m)
  Object.assign(m, { a: step.a, b: step.b, charge })
  const changes = (reply.body.data as AdminOrder).events.at(-1)?.changes ?? []
  const said = changes.filter((change) => change.kind === 'collect' || change.kind === 'refund')
  const due = owed(m)
  const expected =
    totalOf(m) === before || received(m) === 0 || due === 0
      ? []
      : [{ kind: due > 0 ? 'collect' : 'refund', amount: Math.abs(due) / 100 }]
  expect(said).toEqual(expected)
}

async function pay(m: Model) {
  if (m.kind === 'cod' || received(m) > 0 || m.status === 'cancelled') return
  if (m.kind === 'bkash' || m.kind === 'advance-bkash') {
    await comeBack(t.app, bkash.pay(paymentIdOf(m.payUrl), 'success'))
    m.status = 'confirmed'
  } else {
    const reply = await admin('POST', `orders/${m.id}/transfer`, { decision: 'verify', version: m.version })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  }
  if (m.kind.startsWith('advance')) m.advance = m.asked
  else m.paid = m.asked
}

async function refund(m: Model, amount: number) {
  const reply = await admin(
    'POST',
    `orders/${m.id}/refund`,
    { amount: amount / 100, reason: 'Changed order' },
    team.owner,
  )
  const byBkash = m.kind === 'bkash' || m.kind === 'advance-bkash'
  if (!byBkash || received(m) === 0) {
    expect(reply.status).toBe(404)
    return
  }
  if (m.refunded + amount > m.asked) {
    expect(reply.status).toBe(422)
    return
  }
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  m.refunded += amount
}

async function runJobs() {
  for (let round = 0; round < 5; round++) if ((await t.app.jobs.runDue()) === 0) break
}

async function ship(m: Model, courier: 'steadfast' | 'pathao') {
  // Pathao is asked for the places of Dhaka the fake keeps
  const chosen = m.kind.startsWith('advance') ? 'steadfast' : courier
  if (m.status === 'pending') {
    const confirmed = await admin('POST', `orders/${m.id}/status`, { to: 'confirmed', version: m.version })
    expect(confirmed.status).toBe(200)
    m.status = 'confirmed'
  }
  const reply = await admin('POST', 'orders/ship', { ids: [m.id], courier: chosen })
  expect(reply.status).toBe(200)
  if (m.status !== 'confirmed') {
    expect(reply.body.data).toMatchObject({ queued: 0 })
    return
  }
  await runJobs()
  m.status = 'shipped'
  const parcels =
    chosen === 'steadfast'
      ? [...steadfast.parcels.values()].filter((p) => p.invoice === m.number).map((p) => p.codAmount)
      : [...pathao.parcels.values()]
          .filter((p) => p.merchantOrderId === m.number)
          .map((p) => p.amountToCollect)
  // both couriers collect whole taka
  expect(parcels).toEqual([Math.round(expectedMoney(m).collect / 100)])
}

async function cancel(m: Model) {
  const reply = await admin('POST', `orders/${m.id}/status`, {
    to: 'cancelled',
    version: m.version,
    reason: 'The shopper asked',
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  m.status = 'cancelled'
}

let steps = 0

describe('what an order still owes', () => {
  it('is the same on every surface after every edit, payment, advance and refund', async () => {
    const started = performance.now()
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const m = await place(c)
        await check(m, 'placed')
        for (const [index, step] of c.steps.entries()) {
          if (step.do === 'edit') await edit(m, step)
          else if (step.do === 'pay') await pay(m)
          else if (step.do === 'refund') await refund(m, step.paisa)
          else if (step.do === 'ship') await ship(m, step.courier)
          else await cancel(m)
          steps += 1
          await check(m, `${index}: ${JSON.stringify(step)}`)
        }
      }),
      { numRuns: RUNS },
    )
    console.info(
      `money property: ${RUNS} orders, ${steps} steps, ${Math.round((performance.now() - started) / 1000)} s`,
    )
  }, 1_200_000)
})
