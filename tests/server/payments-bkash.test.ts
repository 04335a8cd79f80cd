import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs, orders, payments } from '../../server/db/schema'
import type { ShopSettings } from '../../src/contract/settings'
import { type FakeBkash, fakeBkashConfig, paymentIdOf, startFakeBkash } from '../fakes/bkash'
import { adminCall, advanceClock } from './admin-support'
import { api, newKey, orderBody, pick, type SkuInfo, sellableSkus, stockOf } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import {
  comeBack as backFromGateway,
  orderDetail,
  queuedTexts,
  type Staff,
  saveSettings,
  staffTeam,
} from './orders-support'

/**
 * bKash Tokenized Checkout end to end against a fake of bKash's API on loopback: the order waits for its
 * payment, the shopper pays on bKash's page and is sent back, the server executes once whatever the
 * repeats, and asks bKash's own record whenever an answer is unclear.
 */
/** the shop's origin (PUBLIC_URL): bKash sends the shopper back there, and the back office's writes come from it */
const SHOP = 'https://shop.example.com'
let bkash: FakeBkash
let t: TestApp
let team: Staff
let items: SkuInfo[]

beforeAll(async () => {
  bkash = await startFakeBkash()
  t = await createTestApp({
    products: 12,
    config: {
      ...fakeBkashConfig(bkash.baseUrl),
      PUBLIC_URL: SHOP,
    },
  })
  team = await staffTeam(t.app, t.db, '0173400')
  items = await sellableSkus(t.db, 8)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await bkash?.close()
})

type PlacedOrder = {
  id: number
  number: string
  status: string
  paymentStatus: string
  paymentRedirectUrl: string | null
  phone: string
  totals: { total: number }
}

async function placeBkash(
  skuIndex: number,
  key = newKey(),
  body = orderBody([{ skuId: pick(items, skuIndex).skuId, quantity: 1 }], { paymentMethod: 'bkash' }),
) {
  const reply = await api(t.app, 'POST', 'orders', {
    body,
    headers: { 'idempotency-key': key },
    ip: `10.77.${skuIndex}.${Math.floor(Math.random() * 250)}`,
  })
  return { reply, order: reply.body.data as PlacedOrder, key, body }
}

/** The shopper's browser back from bKash's page, on our server. */
const comeBack = (callbackUrl: string) => backFromGateway(t.app, callbackUrl)

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id))
  if (!row) throw new Error(`no order ${id}`)
  return row
}

const executes = () => bkash.calls.filter((call) => call.path.endsWith('/checkout/execute')).length

async function paymentState(reference: string) {
  const [row] = await t.db
    .select({ state: payments.state })
    .from(payments)
    .where(eq(payments.reference, reference))
  return row?.state
}

/** The way to pay an order its lookup gives (what the confirmation page's "Pay with bKash" opens). */
async function lookupLink(order: PlacedOrder) {
  const lookup = await api(t.app, 'POST', 'orders/lookup', {
    body: { number: order.number, phone: order.phone },
    ip: '10.78.0.1',
  })
  expect(lookup.status).toBe(200)
  return (lookup.body.data as PlacedOrder).paymentRedirectUrl
}

/** The shopper pays again from the order's confirmation: the bKash payment its link starts. */
async function payAnew(order: PlacedOrder) {
  const followed = await comeBack((await lookupLink(order)) ?? '')
  expect(followed.status).toBe(303)
  return paymentIdOf(followed.location)
}

describe('checkout with bKash', () => {
  it('is offered when configured and switched on, and the order waits for its payment on bKash', async () => {
    const shop = await api(t.app, 'GET', 'shop')
    expect(shop.body.data).toMatchObject({ payments: ['cod', 'bkash'] })

    const { reply, order, key, body } = await placeBkash(0)
    expect(reply.status).toBe(201)
    expect(order).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' })
    expect(order.paymentRedirectUrl).toMatch(new RegExp(`^${bkash.url}/`))
    const fake = bkash.payments.get(paymentIdOf(order.paymentRedirectUrl))
    expect(fake).toMatchObject({
      amount: order.totals.total.toFixed(2),
      merchantInvoiceNumber: order.number,
      payerReference: order.phone,
      callbackURL: 'https://shop.example.com/api/v1/payments/bkash/return',
      currency: 'BDT',
      intent: 'sale',
      mode: '0011',
    })

    // the same request again: the same order and the same payment, not a second one at bKash
    const creates = bkash.calls.filter((call) => call.path.endsWith('/checkout/create')).length
    const again = await placeBkash(0, key, body)
    expect(again.reply.status).toBe(200)
    expect(again.order.paymentRedirectUrl).toBe(order.paymentRedirectUrl)
    expect(bkash.calls.filter((call) => call.path.endsWith('/checkout/create')).length).toBe(creates)
  })

  it('paid on bKash: the order is confirmed and paid once, however many times the shopper comes back', async () => {
    const { order } = await placeBkash(1)
    const reference = paymentIdOf(order.paymentRedirectUrl)
    const callback = bkash.pay(reference, 'success')
    const before = executes()

    const answers = await Promise.all(Array.from({ length: 20 }, () => comeBack(callback)))
    for (const answer of answers) {
      expect(answer.status).toBe(303)
      expect(answer.location).toMatch(
        new RegExp(`^/confirm-order\\?number=${order.number}&payment=(paid|pending)$`),
      )
    }
    expect(answers.filter((answer) => answer.location.endsWith('payment=paid')).length).toBeGreaterThan(0)
    expect(bkash.payments.get(reference)).toMatchObject({ status: 'Completed', charges: 1 })
    expect(executes() - before).toBe(1)

    const row = await orderRow(order.id)
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    const texts = await queuedTexts(t.db, order.id)
    expect(texts.filter((text) => text.key?.endsWith(':paid'))).toHaveLength(1)
    const detail = await orderDetail(t.app, order.id, team.manager)
    expect(detail.payments).toEqual([
      expect.objectContaining({
        provider: 'bkash',
        reference,
        state: 'completed',
        transactionId: bkash.payments.get(reference)?.trxID,
        amount: order.totals.total,
      }),
    ])
    expect(
      detail.events.some((event) => event.note.includes(String(bkash.payments.get(reference)?.trxID))),
    ).toBe(true)

    // a replay long after changes nothing
    expect((await comeBack(callback)).location).toMatch(/payment=paid$/)
    expect(executes() - before).toBe(1)
  })

  it('an execute answered too late is settled by asking bKash, never executed twice', async () => {
    const { order } = await placeBkash(2)
    const reference = paymentIdOf(order.paymentRedirectUrl)
    const callback = bkash.pay(reference, 'success')
    bkash.failNext('execute', { kind: 'timeout', ms: 1_500 })
    const answer = await comeBack(callback)
    expect(answer.location).toMatch(/payment=paid$/)
    expect(bkash.payments.get(reference)).toMatchObject({ status: 'Completed', charges: 1, executeCalls: 1 })
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
  })

  it('an execute lost before bKash took it is completed later by the queue', async () => {
    const { order } = await placeBkash(3)
    const reference = paymentIdOf(order.paymentRedirectUrl)
    const callback = bkash.pay(reference, 'success')
    bkash.failNext('execute', { kind: 'http500' })
    expect((await comeBack(callback)).location).toMatch(/payment=pending$/)
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending_payment' })
    const [check] = await t.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'bkash-check'), eq(jobs.payload, { paymentId: await paymentRowId(reference) })),
      )
    expect(check).toBeDefined()

    // the unpaid order's expiry waits while the payment is being completed
    advanceClock(t.app, 31 * 60_000)
    await t.app.jobs.runDue()
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
    expect(bkash.payments.get(reference)).toMatchObject({ charges: 1 })
  })

  it('a cancelled or failed payment leaves the order to be paid again with a new payment', async () => {
    const { order } = await placeBkash(4)
    const first = paymentIdOf(order.paymentRedirectUrl)
    expect((await comeBack(bkash.pay(first, 'cancel'))).location).toMatch(/payment=cancelled$/)
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' })
    expect(await paymentState(first)).toBe('cancelled')

    const second = await payAnew(order)
    expect(second).not.toBe(first)
    expect((await comeBack(bkash.pay(second, 'failure'))).location).toMatch(/payment=failed$/)
    expect(await paymentState(second)).toBe('failed')

    const third = await payAnew(order)
    expect((await comeBack(bkash.pay(third, 'success'))).location).toMatch(/payment=paid$/)
    // a late success message for the cancelled payment takes nothing more
    const late = await comeBack(
      `https://shop.example.com/api/v1/payments/bkash/return?paymentID=${first}&status=success`,
    )
    expect(late.location).toMatch(/payment=(cancelled|paid)$/)
    const charged = [first, second, third].map((id) => bkash.payments.get(id)?.charges ?? 0)
    expect(charged).toEqual([0, 0, 1])
    // paid, the order's lookup offers no way to pay
    expect(await lookupLink(order)).toBeNull()
  })

  it.each(['cancel', 'failure', 'success'])(
    'a forged %s return before the shopper pays closes nothing: the shopper then pays and lands on paid',
    async (status) => {
      const { order } = await placeBkash(7)
      const reference = paymentIdOf(order.paymentRedirectUrl)
      const forged = await comeBack(
        `${SHOP}/api/v1/payments/bkash/return?paymentID=${reference}&status=${status}`,
      )
      expect(forged.status).toBe(303)
      expect(forged.location).not.toMatch(/payment=paid$/)
      expect(await paymentState(reference)).toBe('created')
      expect(await orderRow(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' })

      // the shopper, still on bKash's page, pays: the payment was never closed under them
      expect((await comeBack(bkash.pay(reference, 'success'))).location).toBe(
        `/confirm-order?number=${order.number}&payment=paid`,
      )
      expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })
      expect(bkash.payments.get(reference)).toMatchObject({ status: 'Completed', charges: 1 })
    },
  )

  it("the order lookup hands out the shop's own link, never the open payment's ID", async () => {
    const { order } = await placeBkash(7)
    const open = paymentIdOf(order.paymentRedirectUrl)
    const link = (await lookupLink(order)) ?? ''
    expect(link.startsWith(`${SHOP}/api/v1/orders/pay?order=`)).toBe(true)
    expect(link).not.toContain(open)
    expect(link).not.toContain(bkash.url)

    // followed, it is a payment of its own on bKash's page: the open one is untouched, and still payable
    const followed = await comeBack(link)
    expect(followed.status).toBe(303)
    expect(followed.location.startsWith(`${bkash.url}/`)).toBe(true)
    const fresh = paymentIdOf(followed.location)
    expect(fresh).not.toBe(open)
    expect(await paymentState(open)).toBe('created')
    expect((await comeBack(bkash.pay(open, 'success'))).location).toMatch(/payment=paid$/)
    // paid, the link leads to the order's confirmation, and the other payment is never executed
    expect((await comeBack(link)).location).toBe(`/confirm-order?number=${order.number}`)
    expect((await comeBack(bkash.pay(fresh, 'success'))).location).toMatch(/payment=(paid|cancelled)$/)
    expect(bkash.payments.get(fresh)).toMatchObject({ charges: 0 })
  })

  it('a made-up or altered link leads nowhere', async () => {
    for (const token of ['v1.AAAA', `v1.${'x'.repeat(60)}`, '12']) {
      const answer = await comeBack(`${SHOP}/api/v1/orders/pay?order=${token}`)
      expect(answer).toEqual({ status: 303, location: '/confirm-order?number=&payment=unknown' })
    }
    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/orders/pay?order=%3Cscript%3E' })
    expect(malformed.statusCode).toBe(400)
    expect(Object.keys((malformed.json() as { error: Record<string, string[]> }).error)).toEqual(['order'])
  })

  it('a success message for a payment the shopper never confirmed marks nothing paid', async () => {
    const { order } = await placeBkash(5)
    const reference = paymentIdOf(order.paymentRedirectUrl)
    const forged = `/api/v1/payments/bkash/return?paymentID=${reference}&status=success`
    const response = await t.app.inject({ method: 'GET', url: forged })
    expect(response.headers.location).toMatch(/payment=failed$/)
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' })
    expect(bkash.payments.get(reference)).toMatchObject({ charges: 0 })
  })

  it('bKash answering another amount than the order total never marks the order paid', async () => {
    const { order } = await placeBkash(5)
    const reference = paymentIdOf(order.paymentRedirectUrl)
    const callback = bkash.pay(reference, 'success')
    // the gateway's record says one taka: what bKash took is not what was asked
    const fake = bkash.payments.get(reference)
    if (!fake) throw new Error('no payment at the fake')
    fake.amount = '1.00'
    expect((await comeBack(callback)).location).toMatch(/payment=failed$/)
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' })
    const detail = await orderDetail(t.app, order.id, team.manager)
    expect(detail.payments[0]).toMatchObject({
      state: 'completed',
      detail: 'Amount differs: bKash took TK 1.00',
    })
  })

  it('unknown payments and malformed returns are answered, never a 500', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payments/bkash/return?paymentID=TR0011NOTOURS&status=success',
    })
    expect(unknown.statusCode).toBe(303)
    expect(unknown.headers.location).toBe('/confirm-order?number=&payment=unknown')
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payments/bkash/return?paymentID=%3Cscript%3E&status=maybe',
    })
    expect(malformed.statusCode).toBe(400)
    expect(Object.keys((malformed.json() as { error: Record<string, string[]> }).error).sort()).toEqual([
      'paymentID',
      'status',
    ])
  })

  it('an unpaid order expires with its stock back, and its payment can no longer be taken', async () => {
    const sku = pick(items, 6)
    const stock = await stockOf(t.db, sku.skuId)
    const { order } = await placeBkash(6)
    expect(await stockOf(t.db, sku.skuId)).toBe(stock - 1)
    const reference = paymentIdOf(order.paymentRedirectUrl)
    advanceClock(t.app, 31 * 60_000)
    await t.app.jobs.runDue()
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled' })
    expect(await stockOf(t.db, sku.skuId)).toBe(stock)
    // the shopper pays on bKash's page after all: the order no longer waits, nothing is taken
    expect((await comeBack(bkash.pay(reference, 'success'))).location).toMatch(/payment=cancelled$/)
    expect(bkash.payments.get(reference)).toMatchObject({ charges: 0 })
  })
})

async function paymentRowId(reference: string) {
  const [row] = await t.db.select({ id: payments.id }).from(payments).where(eq(payments.reference, reference))
  return row?.id ?? 0
}

describe('refunds from the back office', () => {
  async function paidOrder(skuIndex: number) {
    const { order } = await placeBkash(skuIndex)
    await comeBack(bkash.pay(paymentIdOf(order.paymentRedirectUrl), 'success'))
    return order
  }

  it('gives back part, then the rest, and never more than was paid', async () => {
    const order = await paidOrder(7)
    const total = order.totals.total
    const part = await adminCall(t.app, 'POST', `orders/${order.id}/refund`, {
      origin: SHOP,
      as: team.manager,
      body: { amount: 100, reason: 'One size was missing' },
    })
    expect(part.body).toMatchObject({ data: { state: 'completed' } })
    expect(part.status).toBe(200)
    expect(part.body.data).toMatchObject({ state: 'completed', order: { paymentStatus: 'partly_refunded' } })

    const tooMuch = await adminCall(t.app, 'POST', `orders/${order.id}/refund`, {
      origin: SHOP,
      as: team.owner,
      body: { amount: total, reason: 'Customer cancelled' },
    })
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.body).toEqual({ error: { amount: ['That is more than is left to refund'] } })

    // five at once for what is left: one goes through
    const rest = Math.round((total - 100) * 100) / 100
    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        adminCall(t.app, 'POST', `orders/${order.id}/refund`, {
          origin: SHOP,
          as: team.owner,
          body: { amount: rest, reason: 'Customer cancelled' },
        }),
      ),
    )
    expect(racing.map((reply) => reply.status).sort()).toEqual([200, 422, 422, 422, 422])
    const reference = (await orderDetail(t.app, order.id, team.owner)).payments[0]?.reference ?? ''
    expect(bkash.payments.get(reference)?.refunds.map((refund) => refund.amount)).toEqual([
      '100.00',
      rest.toFixed(2),
    ])
    const detail = await orderDetail(t.app, order.id, team.owner)
    expect(detail).toMatchObject({ paymentStatus: 'refunded', payments: [{ refunded: total }] })
  })

  it('is for owners and managers only, with the reason required', async () => {
    const order = await paidOrder(0)
    const asStaff = await adminCall(t.app, 'POST', `orders/${order.id}/refund`, {
      origin: SHOP,
      as: team.staff,
      body: { amount: 10, reason: 'Damaged' },
    })
    expect(asStaff.status).toBe(403)
    const noReason = await adminCall(t.app, 'POST', `orders/${order.id}/refund`, {
      origin: SHOP,
      as: team.owner,
      body: { amount: 10, reason: '' },
    })
    expect(noReason.status).toBe(400)
    expect(noReason.body).toMatchObject({ error: { reason: ['Write why the money goes back'] } })
  })

  it('a refund bKash refuses gives nothing back and can be tried again', async () => {
    const order = await paidOrder(1)
    bkash.failNext('refund', { kind: 'error', statusCode: '2028', statusMessage: 'Reverse failed' })
    const refused = await adminCall(t.app, 'POST', `orders/${order.id}/refund`, {
      origin: SHOP,
      as: team.owner,
      body: { amount: 50, reason: 'Late delivery' },
    })
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ error: { amount: ['bKash refused the refund'] } })
    expect(await orderDetail(t.app, order.id, team.owner)).toMatchObject({
      paymentStatus: 'paid',
      payments: [{ refunded: 0 }],
    })
    const again = await adminCall(t.app, 'POST', `orders/${order.id}/refund`, {
      origin: SHOP,
      as: team.owner,
      body: { amount: 50, reason: 'Late delivery' },
    })
    expect(again.status).toBe(200)
  })
})

describe('switched off', () => {
  it('is no longer offered, and an order naming it is refused', async () => {
    const off = (cod: boolean) => (settings: ShopSettings) => ({
      ...settings,
      payments: {
        ...settings.payments,
        cod: { ...settings.payments.cod, enabled: cod },
        bkash: { enabled: false },
      },
    })
    expect((await saveSettings(t.app, team.owner, off(true), SHOP)).status).toBe(200)
    expect((await api(t.app, 'GET', 'shop')).body.data).toMatchObject({ payments: ['cod'] })
    const { reply } = await placeBkash(2)
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ error: { paymentMethod: ['This payment method is not available'] } })

    const none = await saveSettings(t.app, team.owner, off(false), SHOP)
    expect(none.status).toBe(400)
    expect(none.body).toMatchObject({
      error: { 'settings.payments.cod.enabled': ['Switch on at least one payment method'] },
    })
  })
})
