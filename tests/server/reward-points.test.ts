import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, rewardPointMoves, skus, users } from '../../server/db/schema'
import { POINTS_CHANGED } from '../../server/domain/reward-points'
import { adminCall } from './admin-support'
import { api, createShopper, newKey, orderBody, pick, type SkuInfo } from './commerce-support'
import type { TestApp } from './helpers'
import {
  changeStatus,
  moveAlong,
  orderDetail,
  orderTestApp,
  type Staff,
  saveSettings,
} from './orders-support'

type Json = Record<string, unknown>
type Totals = { total: number; deliveryCharge: number; pointsUsed?: number; pointsDiscount?: number }
type PointsAnswer = { balance: number; offer: { points: number; discount: number } | null; changed: boolean }

let t: TestApp
let team: Staff
let items: SkuInfo[]
let address = 0
beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 6, phones: '0174400', skus: 3, stock: 500 }))
  // one item at TK 1,000: 20 % of it is 200 points at TK 1 a point
  for (const item of items) {
    await t.db.update(skus).set({ price: 1000, discountedPrice: 1000 }).where(eq(skus.id, item.skuId))
  }
}, 180_000)
afterAll(async () => t?.close())

const line = (quantity = 1) => [{ skuId: pick(items, 0).skuId, quantity }]

let shopperCount = 0
/** A shopper with an account, a customer row (their number's) and `points` given by a manager. */
async function shopperWith(points: number) {
  const phone = `0175500${String(++shopperCount).padStart(4, '0')}`
  const shopper = await createShopper(t.db, phone)
  const [customer] = await t.db.insert(customers).values({ phone, userId: shopper.id }).returning()
  if (!customer) throw new Error('no customer')
  if (points > 0) {
    const given = await adminCall(t.app, 'POST', `customers/${customer.id}/points`, {
      as: team.manager,
      body: { points, reason: 'Welcome gift' },
    })
    expect(given.status).toBe(200)
  }
  return { ...shopper, phone, customerId: customer.id }
}

const quote = async (token: string | undefined, points?: number) => {
  const reply = await api(t.app, 'POST', 'cart/quote', {
    body: { lines: line(), ...(points ? { points } : {}) },
    ...(token ? { token } : {}),
  })
  expect(reply.status).toBe(200)
  const data = reply.body.data as { totals: Totals; points?: PointsAnswer }
  return data
}

const place = (token: string, extra: Json = {}) => {
  address += 1
  return api(t.app, 'POST', 'orders', {
    body: orderBody(line(), extra),
    token,
    headers: { 'idempotency-key': newKey() },
    ip: `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`,
  })
}

const account = async (token: string) => {
  const reply = await api(t.app, 'GET', 'user/reward-points', { token })
  expect(reply.status).toBe(200)
  return reply.body.data as {
    points: number
    history: { kind: string; points: number; order: string | null }[]
  }
}

/** The balance the users row keeps, and what the ledger's moves add up to: always the same. */
async function balances(userId: number) {
  const [user] = await t.db.select({ points: users.rewardPoints }).from(users).where(eq(users.id, userId))
  const [sum] = await t.db
    .select({ sum: sql<string | null>`sum(${rewardPointMoves.points})` })
    .from(rewardPointMoves)
    .where(eq(rewardPointMoves.userId, userId))
  return { balance: user?.points ?? -1, ledger: Number(sum?.sum ?? 0) }
}

describe(`reward points (${process.env.TEST_DB})`, () => {
  it('are offered by the server quote: up to the cap, from the minimum, never to a guest', async () => {
    const rich = await shopperWith(250)
    const full = await quote(rich.token)
    expect(full.points).toEqual({ balance: 250, offer: { points: 200, discount: 200 }, changed: false })
    // chosen, the quote takes them off the total (the delivery charge stays)
    const chosen = await quote(rich.token, 200)
    expect(chosen.totals.pointsUsed).toBe(200)
    expect(chosen.totals.total).toBe(full.totals.total - 200)
    // a number the server does not offer is not believed: the totals leave the points out
    const wrong = await quote(rich.token, 250)
    expect(wrong.points?.changed).toBe(true)
    expect(wrong.totals.total).toBe(full.totals.total)
    expect(wrong.totals.pointsUsed).toBeUndefined()

    const poor = await shopperWith(99)
    expect((await quote(poor.token)).points).toEqual({ balance: 99, offer: null, changed: false })
    expect((await quote(undefined)).points).toBeUndefined()
  })

  it('are spent on the order, shown in its totals, and what is owed on delivery follows', async () => {
    const shopper = await shopperWith(150)
    const { totals: before } = await quote(shopper.token)
    const reply = await place(shopper.token, { points: 150 })
    expect(reply.status).toBe(201)
    const order = reply.body.data as { id: number; totals: Totals }
    expect(order.totals.pointsUsed).toBe(150)
    expect(order.totals.pointsDiscount).toBe(150)
    expect(order.totals.total).toBe(before.total - 150)
    const detail = await orderDetail(t.app, order.id, team.owner)
    expect(detail.totals.pointsDiscount).toBe(150)
    expect(detail.money?.collect).toBe(before.total - 150)
    expect(await balances(shopper.id)).toEqual({ balance: 0, ledger: 0 })
    const history = (await account(shopper.token)).history
    expect(history.map((move) => [move.kind, move.points])).toEqual([
      ['spent', -150],
      ['adjusted', 150],
    ])
  })

  it('refuses points a guest or a changed balance cannot give, in the usual shape', async () => {
    const shopper = await shopperWith(150)
    const stale = await place(shopper.token, { points: 120 })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toEqual({ points: [POINTS_CHANGED] })
    const guest = await api(t.app, 'POST', 'orders', {
      body: orderBody(line(), { points: 100 }),
      headers: { 'idempotency-key': newKey() },
      ip: '10.78.0.1',
    })
    expect(guest.status).toBe(422)
    expect(Object.keys(guest.body.error as Json)).toEqual(['points'])
    expect(await balances(shopper.id)).toEqual({ balance: 150, ledger: 150 })
  })

  it('20 parallel orders spending the same points: only those the balance covers go through', async () => {
    const shopper = await shopperWith(250)
    expect((await quote(shopper.token)).points?.offer?.points).toBe(200)
    // each order is for half the item's cap: 100 points; 250 pays for two, and the third finds 50
    await t.db
      .update(skus)
      .set({ price: 500, discountedPrice: 500 })
      .where(eq(skus.id, pick(items, 0).skuId))
    try {
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => place(shopper.token, { points: 100 })),
      )
      const placed = replies.filter((reply) => reply.status === 201)
      const refused = replies.filter((reply) => reply.status !== 201)
      console.info(
        `parallel spend (${process.env.TEST_DB}): ${placed.length} placed, ${refused.length} refused`,
      )
      expect(placed).toHaveLength(2)
      for (const reply of refused) {
        expect(reply.status).toBe(409)
        expect(reply.body.error).toEqual({ points: [POINTS_CHANGED] })
      }
      expect(await balances(shopper.id)).toEqual({ balance: 50, ledger: 50 })
    } finally {
      await t.db
        .update(skus)
        .set({ price: 1000, discountedPrice: 1000 })
        .where(eq(skus.id, pick(items, 0).skuId))
    }
  })

  it('come back once when the staff cancel the order', async () => {
    const shopper = await shopperWith(200)
    const reply = await place(shopper.token, { points: 200 })
    expect(reply.status).toBe(201)
    const id = (reply.body.data as { id: number }).id
    expect(await balances(shopper.id)).toEqual({ balance: 0, ledger: 0 })
    const { version } = await orderDetail(t.app, id, team.manager)
    const cancelled = await changeStatus(
      t.app,
      id,
      { to: 'cancelled', version, reasonCode: 'customer_asked' },
      team.manager,
    )
    expect(cancelled.status).toBe(200)
    expect(await balances(shopper.id)).toEqual({ balance: 200, ledger: 200 })
    const again = await changeStatus(
      t.app,
      id,
      { to: 'cancelled', version: version + 1, reasonCode: 'customer_asked' },
      team.manager,
    )
    expect(again.status).toBe(409)
    expect(await balances(shopper.id)).toEqual({ balance: 200, ledger: 200 })
    const kinds = (await account(shopper.token)).history.map((move) => move.kind)
    expect(kinds).toEqual(['given_back', 'spent', 'adjusted'])
  })

  it('are earned on delivery, and a return gives back what was spent and takes back what was earned', async () => {
    const shopper = await shopperWith(100)
    const reply = await place(shopper.token, { points: 100 })
    expect(reply.status).toBe(201)
    const order = reply.body.data as { id: number; number: string; totals: Totals }
    await moveAlong(t.app, order.id, 'delivered', team.owner)
    const earned = Math.floor(order.totals.total / 100)
    expect(await balances(shopper.id)).toEqual({ balance: earned, ledger: earned })
    const delivered = (await account(shopper.token)).history[0]
    expect(delivered).toMatchObject({ kind: 'earned', points: earned, order: order.number })

    const { version } = await orderDetail(t.app, order.id, team.owner)
    const returned = await changeStatus(
      t.app,
      order.id,
      { to: 'returned', version, reason: 'Wrong size' },
      team.owner,
    )
    expect(returned.body).toMatchObject({ data: { status: 'returned' } })
    expect(await balances(shopper.id)).toEqual({ balance: 100, ledger: 100 })
    const kinds = (await account(shopper.token)).history.map((move) => move.kind)
    expect(kinds.slice(0, 3)).toEqual(['taken_back', 'given_back', 'earned'])
  })

  it('come back in part when the staff make the order smaller than its points cap allows', async () => {
    const shopper = await shopperWith(500)
    // two items of TK 1,000: 20 % of TK 2,000 is 400 points
    const reply = await place(shopper.token, { lines: line(2), points: 400 })
    expect(reply.status).toBe(201)
    const order = reply.body.data as { id: number; totals: Totals }
    expect(order.totals.pointsUsed).toBe(400)
    const { version } = await orderDetail(t.app, order.id, team.staff)
    const edited = await adminCall(t.app, 'POST', `orders/${order.id}/edit`, {
      as: team.staff,
      body: { version, lines: line(1), note: 'Customer keeps one' },
    })
    expect(edited.status).toBe(200)
    const after = (edited.body.data as { totals: Totals; money?: { collect: number } }).totals
    // one item of TK 1,000 keeps 200 points; the other 200 go back
    expect(after.pointsUsed).toBe(200)
    expect(after.pointsDiscount).toBe(200)
    expect(after.total).toBe(1000 - 200 + after.deliveryCharge)
    expect(await balances(shopper.id)).toEqual({ balance: 300, ledger: 300 })
    const history = (await account(shopper.token)).history
    expect(history[0]).toMatchObject({ kind: 'given_back', points: 200 })
  })

  it('are adjusted by managers with a reason, never below 0, and not by staff', async () => {
    const shopper = await shopperWith(0)
    const path = `customers/${shopper.customerId}/points`
    const noReason = await adminCall(t.app, 'POST', path, {
      as: team.manager,
      body: { points: 10, reason: '' },
    })
    expect(noReason.status).toBe(400)
    expect(Object.keys(noReason.body.error as Json)).toEqual(['reason'])
    const byStaff = await adminCall(t.app, 'POST', path, {
      as: team.staff,
      body: { points: 10, reason: 'Gift' },
    })
    expect(byStaff.status).toBe(403)
    const below = await adminCall(t.app, 'POST', path, {
      as: team.owner,
      body: { points: -1, reason: 'Mistake' },
    })
    expect(below.status).toBe(422)
    expect(below.body.error).toEqual({ points: ['The balance cannot go below 0'] })
    const given = await adminCall(t.app, 'POST', path, {
      as: team.owner,
      body: { points: 40, reason: 'Late parcel' },
    })
    expect(given.status).toBe(200)
    // staff read the balance and its history
    const read = await adminCall(t.app, 'GET', path, { as: team.staff })
    expect(read.status).toBe(403)
    const seen = await adminCall(t.app, 'GET', path, { as: team.manager })
    expect(seen.body.data).toMatchObject({
      account: true,
      points: 40,
      history: [{ kind: 'adjusted', reason: 'Late parcel' }],
    })
    const audit = await adminCall(t.app, 'GET', `audit?objectType=user&objectId=${shopper.id}`, {
      as: team.owner,
    })
    expect(JSON.stringify(audit.body)).toContain('Late parcel')
  })

  it('are set by the owner alone in the settings, and spending switched off offers none', async () => {
    const byManager = await adminCall(t.app, 'PUT', 'settings', {
      as: team.manager,
      body: { version: 1, settings: {} },
    })
    expect(byManager.status).toBe(403)
    const bad = await saveSettings(t.app, team.owner, (s) => ({
      ...s,
      rewardPoints: { ...s.rewardPoints, capPercent: 0 },
    }))
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error as Json)).toEqual(['settings.rewardPoints.capPercent'])
    const shopper = await shopperWith(500)
    const saved = await saveSettings(t.app, team.owner, (s) => ({
      ...s,
      rewardPoints: { ...s.rewardPoints, capPercent: 50, pointValue: 2 },
    }))
    expect(saved.status).toBe(200)
    // 50 % of TK 1,000 at TK 2 a point
    expect((await quote(shopper.token)).points?.offer).toEqual({ points: 250, discount: 500 })
    const off = await saveSettings(t.app, team.owner, (s) => ({
      ...s,
      rewardPoints: { ...s.rewardPoints, spending: false },
    }))
    expect(off.status).toBe(200)
    expect((await quote(shopper.token)).points?.offer).toBeNull()
    expect((await place(shopper.token, { points: 250 })).status).toBe(409)
  })
})
