import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema'
import { adminCall } from './admin-support'
import {
  api,
  freshPhone,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  stockOf,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { orderDetail, queuedTexts, type Staff, saveSettings, staffTeam } from './orders-support'

/** "Send Money" to the shop's wallet: the shopper gives the transaction ID, the staff find the money or not. */
let t: TestApp
let team: Staff
let items: SkuInfo[]
const SHOP_BKASH = '01812000111'

beforeAll(async () => {
  t = await createTestApp({ products: 12 })
  team = await staffTeam(t.app, t.db, '0173600')
  items = await sellableSkus(t.db, 6)
  const saved = await saveSettings(t.app, team.owner, (settings) => ({
    ...settings,
    payments: {
      ...settings.payments,
      transfer: { enabled: true, numbers: { bkash: SHOP_BKASH, nagad: '', rocket: '' } },
    },
  }))
  if (saved.status !== 200) throw new Error(`settings answered ${saved.status} ${JSON.stringify(saved.body)}`)
}, 180_000)
afterAll(async () => {
  await t?.close()
})

let address = 0
const transferId = () => `TRX${Date.now().toString(36).toUpperCase()}${address}`
function place(skuIndex: number, transfer: Record<string, unknown> | undefined) {
  address += 1
  return api(t.app, 'POST', 'orders', {
    body: orderBody([{ skuId: pick(items, skuIndex).skuId, quantity: 1 }], {
      paymentMethod: 'transfer',
      ...(transfer ? { transfer } : {}),
    }),
    headers: { 'idempotency-key': newKey() },
    ip: `10.93.${Math.floor(address / 250)}.${address % 250}`,
  })
}
type Placed = { id: number; status: string; paymentStatus: string }
const decide = (id: number, decision: 'verify' | 'reject', version: number, as = team.staff) =>
  adminCall(t.app, 'POST', `orders/${id}/transfer`, { as, body: { decision, version } })

describe('paying by transfer', () => {
  it('is offered with the wallets the shop gave numbers for', async () => {
    const shop = await api(t.app, 'GET', 'shop')
    expect(shop.body.data).toMatchObject({
      payments: expect.arrayContaining(['cod', 'transfer']),
      transferTo: [{ wallet: 'bkash', number: SHOP_BKASH }],
    })
  })

  it('places the order to verify, and takes a transaction ID once', async () => {
    const id = transferId()
    const sku = pick(items, 0)
    const stock = await stockOf(t.db, sku.skuId)
    const first = await place(0, { wallet: 'bkash', transactionId: id.toLowerCase(), sender: freshPhone() })
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({
      status: 'pending',
      paymentStatus: 'to_verify',
      paymentMethod: 'transfer',
    })
    const detail = await orderDetail(t.app, (first.body.data as Placed).id, team.staff)
    expect(detail.payments).toEqual([
      expect.objectContaining({ provider: 'transfer-bkash', reference: id, state: 'created' }),
    ])

    const again = await place(0, { wallet: 'bkash', transactionId: id, sender: freshPhone() })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      error: { 'transfer.transactionId': ['This transaction ID has already been given for an order'] },
    })
    expect(await stockOf(t.db, sku.skuId)).toBe(stock - 1)
  })

  it('refuses a wallet the shop does not take, and an order without the transfer', async () => {
    const nagad = await place(1, { wallet: 'nagad', transactionId: transferId(), sender: freshPhone() })
    expect(nagad.status).toBe(400)
    expect(nagad.body).toEqual({
      error: { 'transfer.wallet': ['The shop does not take transfers with this wallet'] },
    })
    const none = await place(1, undefined)
    expect(none.status).toBe(400)
    expect(none.body).toEqual({
      error: { transfer: ['Enter the transaction ID and the number you sent the money from'] },
    })
    const bad = await place(1, { wallet: 'bkash', transactionId: 'x!', sender: freshPhone() })
    expect(bad.status).toBe(400)
    expect(Object.keys((bad.body as { error: Record<string, unknown> }).error)).toEqual([
      'transfer.transactionId',
    ])
  })

  it('verified by the staff: paid, the shopper texted, the audit kept; a second decision is refused', async () => {
    const placed = (await place(2, { wallet: 'bkash', transactionId: transferId(), sender: freshPhone() }))
      .body.data as Placed
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const stale = await decide(placed.id, 'verify', version - 1)
    expect(stale.status).toBe(409)
    const verified = await decide(placed.id, 'verify', version)
    expect(verified.status).toBe(200)
    expect(verified.body.data).toMatchObject({
      status: 'pending',
      paymentStatus: 'paid',
      payments: [{ state: 'completed' }],
    })
    expect((await queuedTexts(t.db, placed.id)).map((text) => text.key)).toContain(
      `order-text:${placed.id}:paid`,
    )
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(placed.id)))
    expect(audit.map((entry) => entry.action)).toContain('order.transfer-verify')
    const twice = await decide(placed.id, 'reject', version + 1)
    expect(twice.status).toBe(409)
    expect(twice.body).toEqual({ error: { payment: ['This order has no transfer to verify'] } })
  })

  it('rejected by the staff: cancelled with its stock back', async () => {
    const sku = pick(items, 3)
    const stock = await stockOf(t.db, sku.skuId)
    const placed = (await place(3, { wallet: 'bkash', transactionId: transferId(), sender: freshPhone() }))
      .body.data as Placed
    expect(await stockOf(t.db, sku.skuId)).toBe(stock - 1)
    const { version } = await orderDetail(t.app, placed.id, team.staff)
    const rejected = await decide(placed.id, 'reject', version)
    expect(rejected.status).toBe(200)
    expect(rejected.body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' })
    expect(await stockOf(t.db, sku.skuId)).toBe(stock)
  })

  it("is the staff's to decide: a shopper is refused", async () => {
    const placed = (await place(4, { wallet: 'bkash', transactionId: transferId(), sender: freshPhone() }))
      .body.data as Placed
    const anonymous = await adminCall(t.app, 'POST', `orders/${placed.id}/transfer`, {
      body: { decision: 'verify', version: 1 },
    })
    expect([401, 403]).toContain(anonymous.status)
  })
})
