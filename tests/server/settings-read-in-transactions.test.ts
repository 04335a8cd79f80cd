import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queuePurchaseEvents } from '../../server/marketing/purchase'
import { lockOrder } from '../../server/repositories/order-lifecycle/lock'
import { transition } from '../../server/repositories/order-lifecycle/transition'
import { api, createShopper, freshPhone, orderBody, type SkuInfo } from './commerce-support'
import type { TestApp } from './helpers'
import { moveAlong, orderDetail, orderTestApp, placeOrder, type Staff } from './orders-support'

// The shop's settings are kept 30 seconds; an order's transaction that reads them when the kept copy is gone
// reads them through the transaction. On the embedded database, with its one connection, a read past the
// transaction would wait for good, and the whole shop with it (it stopped a browser run when the kept copy aged
// out between an order's checks and its transaction on a busy machine). Here the kept settings are forgotten
// inside the transaction, as their age or a save on another instance forgets them.

let t: TestApp
let team: Staff
let items: SkuInfo[]

beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 2, phones: '0173910', skus: 1, stock: 100 }))
}, 180_000)
afterAll(async () => t?.close())

const sku = () => items[0]?.skuId ?? 0
const forgetSettings = () => t.app.changeFeed.publish({ settings: true })

describe('an order’s transaction that needs the settings when none are kept', () => {
  it('queues a placed order’s purchase events, reading the ad tags through it', async () => {
    const placed = await placeOrder(t.app, [{ skuId: sku(), quantity: 1 }])
    const queued = await t.app.db.transaction(async (tx) => {
      const row = await lockOrder(tx, placed.id)
      forgetSettings()
      await queuePurchaseEvents(t.app, tx, row)
      return 'queued'
    })
    expect(queued).toBe('queued')
  })

  it('delivers a signed-in shopper’s order, reading the points’ rate through it', async () => {
    const phone = freshPhone()
    const shopper = await createShopper(t.db, phone)
    const placed = await api(t.app, 'POST', 'orders', {
      token: shopper.token,
      body: orderBody([{ skuId: sku(), quantity: 1 }], {
        customer: { name: 'Rina Akter', phone, email: '' },
      }),
      headers: { 'idempotency-key': `kept-settings-${phone}` },
    })
    expect(placed.status).toBe(201)
    const { id } = placed.body.data as { id: number }
    await moveAlong(t.app, id, 'shipped', team.manager)
    await t.app.db.transaction(async (tx) => {
      const row = await lockOrder(tx, id)
      forgetSettings()
      const change = { to: 'delivered' as const, version: row.version }
      await transition(t.app, tx, row, { kind: 'move', change }, { staffId: null, ip: null })
    })
    expect((await orderDetail(t.app, id, team.manager)).status).toBe('delivered')
  })
})
