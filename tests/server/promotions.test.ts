import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminPromotion, PromotionBody } from '../../src/contract/admin-promotions'
import type { Totals } from '../../src/contract/cart'
import { adminCall, type StaffCredentials } from './admin-support'
import { api, pick, type SkuInfo } from './commerce-support'
import type { TestApp } from './helpers'
import { orderDetail, orderTestApp, placeOrder, type Staff } from './orders-support'

let t: TestApp
let team: Staff
let items: SkuInfo[]
beforeAll(async () => {
  ;({ t, team, items } = await orderTestApp({ products: 20, phones: '0174400', skus: 8, stock: 50 }))
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const running = () => ({
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  endsAt: new Date(Date.now() + 86_400_000).toISOString(),
})

async function create(body: PromotionBody, as: StaffCredentials = team.manager): Promise<AdminPromotion> {
  const reply = await adminCall(t.app, 'POST', 'promotions', { as, body })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return (reply.body as { data: AdminPromotion }).data
}

/** Takes a promotion off (every test starts from a shop with none running). */
async function remove(promotion: AdminPromotion) {
  expect((await adminCall(t.app, 'DELETE', `promotions/${promotion.id}`, { as: team.manager })).status).toBe(
    204,
  )
}

async function quote(lines: { skuId: number; quantity: number }[], coupon?: string): Promise<Totals> {
  const reply = await api(t.app, 'POST', 'cart/quote', { body: { lines, ...(coupon ? { coupon } : {}) } })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return (reply.body as { data: { totals: Totals } }).data.totals
}

const money = (value: number) => Math.round(value * 100) / 100
/** what every total is made of: nothing is taken off twice, nothing forgotten */
const expectAddsUp = (totals: Totals) =>
  expect(totals.total).toBeCloseTo(
    totals.subtotal -
      totals.discount -
      (totals.promotionDiscount ?? 0) -
      totals.couponDiscount -
      (totals.manualDiscount ?? 0) +
      totals.deliveryCharge,
    2,
  )

describe('promotions in the price quote', () => {
  it('spend and save: the highest tier reached takes its percent off, the order keeps it and an edit works it out again', async () => {
    const item = pick(items, 0)
    const price = item.discountedPrice
    const promotion = await create({
      name: 'Eid savings',
      nameBn: 'ঈদ সেভিংস',
      rules: {
        kind: 'spend_tiers',
        tiers: [
          { spend: Math.ceil(price * 2), percent: 5 },
          { spend: Math.ceil(price * 4), percent: 10 },
        ],
      },
      ...running(),
    })
    expect(promotion.status).toBe('running')

    const one = await quote([{ skuId: item.skuId, quantity: 1 }])
    expect(one.promotionDiscount).toBeUndefined()
    const three = await quote([{ skuId: item.skuId, quantity: 3 }])
    expect(three.promotionDiscount).toBe(money(price * 3 * 0.05))
    const five = await quote([{ skuId: item.skuId, quantity: 5 }])
    expect(five.promotionDiscount).toBe(money(price * 5 * 0.1))
    expect(five.promotions).toEqual([
      { id: promotion.id, name: 'Eid savings', nameBn: 'ঈদ সেভিংস', discount: money(price * 5 * 0.1) },
    ])
    expectAddsUp(five)

    // the order is charged what the quote said, and keeps the offer by name
    const placed = await placeOrder(t.app, [{ skuId: item.skuId, quantity: 5 }])
    const detail = await orderDetail(t.app, placed.id, team.staff)
    expect(detail.totals).toMatchObject({ promotionDiscount: five.promotionDiscount, total: five.total })
    expect(detail.totals.promotions?.[0]?.name).toBe('Eid savings')

    // one piece left: below every tier, the offer goes and the total follows
    const edited = await adminCall(t.app, 'POST', `orders/${placed.id}/edit`, {
      as: team.staff,
      body: { version: detail.version, lines: [{ skuId: item.skuId, quantity: 1 }] },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    const after = await orderDetail(t.app, placed.id, team.staff)
    expect(after.totals.promotionDiscount).toBeUndefined()
    expectAddsUp(after.totals)

    // paused: the quote leaves it out
    const paused = await adminCall(t.app, 'PUT', `promotions/${promotion.id}`, {
      as: team.owner,
      body: {
        version: promotion.version,
        name: promotion.name,
        nameBn: promotion.nameBn,
        rules: promotion.rules,
        startsAt: promotion.startsAt,
        endsAt: promotion.endsAt,
        active: false,
      },
    })
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    expect((paused.body as { data: AdminPromotion }).data.status).toBe('paused')
    expect((await quote([{ skuId: item.skuId, quantity: 5 }])).promotionDiscount).toBeUndefined()
    await remove(promotion)
  })

  it('buy 2 get 1 free among its products; other products do not count; a coupon takes off what is left', async () => {
    const [inOffer, other] = [pick(items, 1), pick(items, 2)]
    const promotion = await create({
      name: 'Buy 2 get 1',
      rules: {
        kind: 'buy_get',
        buy: 2,
        get: 1,
        percent: 100,
        productIds: [inOffer.productId],
        categoryIds: [],
      },
      ...running(),
    })
    expect((await quote([{ skuId: inOffer.skuId, quantity: 2 }])).promotionDiscount).toBeUndefined()
    expect((await quote([{ skuId: other.skuId, quantity: 3 }])).promotionDiscount).toBeUndefined()
    const three = await quote([
      { skuId: inOffer.skuId, quantity: 3 },
      { skuId: other.skuId, quantity: 1 },
    ])
    expect(three.promotionDiscount).toBe(inOffer.discountedPrice)
    expectAddsUp(three)
    const six = await quote([{ skuId: inOffer.skuId, quantity: 6 }])
    expect(six.promotionDiscount).toBe(money(inOffer.discountedPrice * 2))
    await remove(promotion)
  })

  it('a bundle: one of each of its products for its price, as many sets as the cart holds', async () => {
    const [first, second] = [pick(items, 3), pick(items, 4)]
    const worth = first.discountedPrice + second.discountedPrice
    const price = Math.floor(worth) - 100
    const promotion = await create({
      name: 'Panjabi and pyjama',
      rules: { kind: 'bundle', productIds: [first.productId, second.productId], price },
      ...running(),
    })
    expect((await quote([{ skuId: first.skuId, quantity: 2 }])).promotionDiscount).toBeUndefined()
    const oneSet = await quote([
      { skuId: first.skuId, quantity: 2 },
      { skuId: second.skuId, quantity: 1 },
    ])
    expect(oneSet.promotionDiscount).toBe(money(worth - price))
    const twoSets = await quote([
      { skuId: first.skuId, quantity: 2 },
      { skuId: second.skuId, quantity: 2 },
    ])
    expect(twoSets.promotionDiscount).toBe(money(2 * (worth - price)))
    expectAddsUp(twoSets)
    await remove(promotion)
  })

  it('a promotion not yet started or already ended is left out', async () => {
    const item = pick(items, 5)
    const hour = 3_600_000
    for (const [startsAt, endsAt] of [
      [Date.now() + hour, Date.now() + 2 * hour],
      [Date.now() - 2 * hour, Date.now() - hour],
    ] as const) {
      const promotion = await create({
        name: 'Not now',
        rules: { kind: 'spend_tiers', tiers: [{ spend: 1, percent: 50 }] },
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(endsAt).toISOString(),
      })
      expect(['scheduled', 'ended']).toContain(promotion.status)
      expect((await quote([{ skuId: item.skuId, quantity: 1 }])).promotionDiscount).toBeUndefined()
      await remove(promotion)
    }
  })
})

describe('promotions in the back office', () => {
  it('refuses what cannot be applied, field by field, and lets only owners and managers in', async () => {
    const item = pick(items, 6)
    const base = { name: 'Offer', ...running() }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, 'name'],
      [{ ...base, rules: { kind: 'spend_tiers', tiers: [] } }, 'rules.tiers'],
      [
        { ...base, rules: { kind: 'spend_tiers', tiers: [{ spend: 1000, percent: 95 }] } },
        'rules.tiers.0.percent',
      ],
      [{ ...base, rules: { kind: 'buy_get', buy: 0, get: 1, percent: 100 } }, 'rules.buy'],
      [
        { ...base, rules: { kind: 'buy_get', buy: 1, get: 1, percent: 50, categoryIds: [999_999] } },
        'rules.categoryIds',
      ],
      [{ ...base, rules: { kind: 'bundle', productIds: [item.productId], price: 500 } }, 'rules.productIds'],
      [
        { ...base, rules: { kind: 'bundle', productIds: [item.productId, 999_999], price: 500 } },
        'rules.productIds',
      ],
      [
        { ...base, rules: { kind: 'bundle', productIds: [item.productId, item.productId], price: 500 } },
        'rules.productIds',
      ],
      [
        {
          ...base,
          rules: { kind: 'spend_tiers', tiers: [{ spend: 1000, percent: 5 }] },
          endsAt: base.startsAt,
        },
        'endsAt',
      ],
    ]
    for (const [body, field] of cases) {
      const reply = await adminCall(t.app, 'POST', 'promotions', { as: team.owner, body })
      expect(reply.status, field).toBe(400)
      expect(Object.keys((reply.body as { error: Record<string, string[]> }).error), field).toContain(field)
    }
    const listed = await adminCall(t.app, 'GET', 'promotions', { as: team.manager })
    expect((listed.body as { data: AdminPromotion[] }).data).toEqual([])

    const body = { ...base, rules: { kind: 'spend_tiers', tiers: [{ spend: 1000, percent: 5 }] } }
    expect((await adminCall(t.app, 'POST', 'promotions', { as: team.staff, body })).status).toBe(403)
    expect((await adminCall(t.app, 'GET', 'promotions', { as: team.staff })).status).toBe(403)

    const made = await create(body as PromotionBody)
    const save = (version: number) =>
      adminCall(t.app, 'PUT', `promotions/${made.id}`, {
        as: team.owner,
        body: { ...body, version, name: 'Renamed' },
      })
    expect((await save(made.version)).status).toBe(200)
    // a save from the version before: someone saved since
    expect((await save(made.version)).status).toBe(409)
    const audit = await adminCall(t.app, 'GET', `audit?objectType=promotion&objectId=${made.id}`, {
      as: team.owner,
    })
    expect((audit.body as { data: { action: string }[] }).data.map((entry) => entry.action)).toEqual([
      'promotion.update',
      'promotion.create',
    ])
    await remove(made)
    expect((await adminCall(t.app, 'DELETE', `promotions/${made.id}`, { as: team.manager })).status).toBe(404)
  })
})
