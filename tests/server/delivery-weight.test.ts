import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coupons, settings, skus } from '../../server/db/schema'
import { firstStartSettings } from '../../server/repositories/settings'
import type { AdminOrder } from '../../src/contract/admin-orders'
import type { Totals } from '../../src/contract/cart'
import {
  BASE_WEIGHT_MESSAGE,
  CHARGE_MESSAGE,
  type DeliverySettings,
  FREE_ABOVE_MESSAGE,
  type ShopInfo,
  type ShopSettings,
} from '../../src/contract/settings'
import { adminCall } from './admin-support'
import {
  api,
  dhakaAddress,
  newKey,
  orderBody,
  pick,
  type SkuInfo,
  sellableSkus,
  setStock,
} from './commerce-support'
import { createTestApp, type TestApp } from './helpers'
import { orderDetail, type Staff, staffTeam } from './orders-support'

type Loaded = { settings: ShopSettings; version: number }
type Line = { skuId: number; quantity: number }

const chattogram = { ...dhakaAddress, division: 'Chattogram', district: 'Chattogram', area: 'Panchlaish' }

let t: TestApp
let team: Staff
/** 1.2 kg each */
let heavy: SkuInfo
/** 300 g each */
let light: SkuInfo
/** not weighed in the catalogue (0 g) */
let unweighed: SkuInfo
beforeAll(async () => {
  t = await createTestApp({ products: 6 })
  team = await staffTeam(t.app, t.db, '0174300')
  const items = await sellableSkus(t.db, 3)
  for (const item of items) await setStock(t.db, item.skuId, 50)
  ;[heavy, light, unweighed] = [pick(items, 0), pick(items, 1), pick(items, 2)]
  await t.db.update(skus).set({ weightGrams: 1200 }).where(eq(skus.id, heavy.skuId))
  await t.db.update(skus).set({ weightGrams: 300 }).where(eq(skus.id, light.skuId))
  await t.db.update(skus).set({ weightGrams: 0 }).where(eq(skus.id, unweighed.skuId))
}, 180_000)
afterAll(async () => t?.close())

async function load(): Promise<Loaded> {
  const answer = await adminCall(t.app, 'GET', 'settings', { as: team.owner })
  expect(answer.status).toBe(200)
  return answer.body.data as Loaded
}

/** Saves the delivery settings as the owner would, changed by `change`. */
async function saveDelivery(change: Partial<DeliverySettings>) {
  const loaded = await load()
  const answer = await adminCall(t.app, 'PUT', 'settings', {
    as: team.owner,
    body: {
      version: loaded.version,
      settings: { ...loaded.settings, delivery: { ...loaded.settings.delivery, ...change } },
    },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

const zoneRates = (charges: [number, number][]) => {
  const [inside = [70, 0], suburbs = [110, 0], outside = [130, 0]] = charges
  const estimate = (en: string) => ({ en, bn: '' })
  return {
    inside_dhaka: { charge: inside[0], perKg: inside[1], estimate: estimate('1–2 days') },
    dhaka_suburbs: { charge: suburbs[0], perKg: suburbs[1], estimate: estimate('2–3 days') },
    outside_dhaka: { charge: outside[0], perKg: outside[1], estimate: estimate('3–5 days') },
  }
}

async function quote(lines: Line[], zone: string, coupon?: string): Promise<Totals> {
  const answer = await api(t.app, 'POST', 'cart/quote', { body: { lines, zone, coupon } })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body.data as { totals: Totals }).totals
}

let ip = 0
async function order(lines: Line[], address: object, extra: Record<string, unknown> = {}) {
  ip += 1
  const answer = await api(t.app, 'POST', 'orders', {
    body: orderBody(lines, { address, ...extra }),
    headers: { 'idempotency-key': newKey() },
    ip: `10.77.${ip}.1`,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.data as { id: number; totals: Totals }
}

describe('delivery priced by weight', () => {
  it('charges a heavy parcel outside Dhaka the base and every started kg above it, quote and order alike', async () => {
    await saveDelivery({
      ...zoneRates([
        [70, 10],
        [110, 20],
        [130, 25],
      ]),
      baseKg: 1,
      freeAbove: 0,
    })
    // 3 × 1.2 kg = 3.6 kg: 2.6 kg over the base, three started kg; the unweighed sku adds nothing
    const lines = [
      { skuId: heavy.skuId, quantity: 3 },
      { skuId: unweighed.skuId, quantity: 2 },
    ]
    const quoted = await quote(lines, 'outside_dhaka')
    expect(quoted.deliveryCharge).toBe(130 + 3 * 25)
    const placed = await order(lines, chattogram)
    expect(placed.totals).toEqual(quoted)
    expect(placed.totals.total).toBeCloseTo(
      3 * heavy.discountedPrice + 2 * unweighed.discountedPrice + 205,
      2,
    )

    // inside Dhaka at its own rate; a parcel within the base weight pays the base alone
    expect((await quote(lines, 'inside_dhaka')).deliveryCharge).toBe(70 + 3 * 10)
    expect((await quote([{ skuId: light.skuId, quantity: 3 }], 'outside_dhaka')).deliveryCharge).toBe(130)
    expect((await quote([{ skuId: light.skuId, quantity: 4 }], 'outside_dhaka')).deliveryCharge).toBe(155)
  })

  it('makes delivery free from the threshold, counted after the coupon, and tells the storefront', async () => {
    const goods = Math.floor(2 * light.discountedPrice)
    await saveDelivery({
      ...zoneRates([
        [70, 10],
        [110, 20],
        [130, 25],
      ]),
      baseKg: 1,
      freeAbove: goods,
    })
    const two = [{ skuId: light.skuId, quantity: 2 }]
    const free = await quote(two, 'outside_dhaka')
    expect(free.deliveryCharge).toBe(0)
    const placed = await order(two, chattogram)
    expect(placed.totals).toEqual(free)
    expect(placed.totals.total).toBe(free.total)
    expect((await quote([{ skuId: light.skuId, quantity: 1 }], 'outside_dhaka')).deliveryCharge).toBe(130)

    // a coupon that takes the goods below the threshold brings the charge back
    const code = `TAKE50${Date.now().toString(36).toUpperCase()}`
    await t.db.insert(coupons).values({
      code,
      kind: 'flat',
      value: 50,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
    })
    const withCoupon = await quote(two, 'outside_dhaka', code)
    expect(withCoupon.couponDiscount).toBe(50)
    expect(withCoupon.deliveryCharge).toBe(130)
    const couponOrder = await order(two, chattogram, { coupon: code })
    expect(couponOrder.totals).toEqual(withCoupon)

    const shop = (await api(t.app, 'GET', 'shop')).body.data as ShopInfo
    expect(shop.freeDeliveryAbove).toBe(goods)
    expect(shop.deliveryBaseKg).toBe(1)
    expect(shop.delivery.find((zone) => zone.zone === 'outside_dhaka')).toMatchObject({
      charge: 130,
      perKg: 25,
    })
  })

  it('re-prices an edited order in the back office as checkout prices it', async () => {
    await saveDelivery({
      ...zoneRates([
        [70, 10],
        [110, 20],
        [130, 25],
      ]),
      baseKg: 1,
      freeAbove: 0,
    })
    const one = [{ skuId: heavy.skuId, quantity: 1 }]
    const placed = await order(one, dhakaAddress)
    expect(placed.totals.deliveryCharge).toBe(80)
    const edit = async (body: Record<string, unknown>) => {
      const { version } = await orderDetail(t.app, placed.id, team.staff)
      const answer = await adminCall(t.app, 'POST', `orders/${placed.id}/edit`, {
        as: team.staff,
        body: { version, ...body },
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return (answer.body.data as AdminOrder).totals
    }
    // to Chattogram: the outside zone's base and one started kg
    const moved = await edit({ lines: one, address: chattogram })
    expect(moved.deliveryCharge).toBe((await quote(one, 'outside_dhaka')).deliveryCharge)
    expect(moved.deliveryCharge).toBe(155)
    // two more: 3.6 kg, three started kg, as the quote of the same lines says
    const three = [{ skuId: heavy.skuId, quantity: 3 }]
    const heavier = await edit({ lines: three })
    const { deliveryCharge, total } = await quote(three, 'outside_dhaka')
    expect(heavier).toMatchObject({ deliveryCharge, total })
    expect(heavier.deliveryCharge).toBe(205)
  })

  it('refuses rates it cannot charge by, field by field and in Bangla, and keeps what was saved', async () => {
    const loaded = await load()
    const delivery = {
      ...loaded.settings.delivery,
      inside_dhaka: { ...loaded.settings.delivery.inside_dhaka, perKg: 2.5 },
      outside_dhaka: { ...loaded.settings.delivery.outside_dhaka, perKg: -1 },
      baseKg: 0.3,
      freeAbove: -100,
    }
    const put = (lang = '') =>
      adminCall(t.app, 'PUT', `settings${lang}`, {
        as: team.owner,
        body: { version: loaded.version, settings: { ...loaded.settings, delivery } },
      })
    const answer = await put()
    expect(answer.status).toBe(400)
    expect(answer.body.error).toEqual({
      'settings.delivery.inside_dhaka.perKg': [CHARGE_MESSAGE],
      'settings.delivery.outside_dhaka.perKg': [CHARGE_MESSAGE],
      'settings.delivery.baseKg': [BASE_WEIGHT_MESSAGE],
      'settings.delivery.freeAbove': [FREE_ABOVE_MESSAGE],
    })
    const bangla = await put('?lang=bn')
    expect(bangla.status).toBe(400)
    expect((bangla.body.error as Record<string, string[]>)['settings.delivery.baseKg']).toEqual([
      '০ থেকে ১০০ কেজির মধ্যে ওজন দিন, ০.৫ কেজির ধাপে',
    ])
    expect(await load()).toEqual(loaded)
  })

  it('reads settings saved before delivery had weights as they were: a flat charge per zone', async () => {
    const { delivery, ...rest } = firstStartSettings()
    const flat = (charge: number, en: string) => ({ charge, estimate: { en, bn: '' } })
    const older = {
      ...rest,
      delivery: {
        inside_dhaka: flat(60, '1 day'),
        dhaka_suburbs: flat(100, '2 days'),
        outside_dhaka: flat(140, '4 days'),
      },
    }
    expect(delivery).toHaveProperty('baseKg')
    await t.db
      .insert(settings)
      .values({ key: 'shop', value: older })
      .onConflictDoUpdate({ target: settings.key, set: { value: older } })
    t.app.changeFeed.publish({ settings: true })

    const read = (await load()).settings.delivery
    expect(read.outside_dhaka).toEqual({ ...flat(140, '4 days'), perKg: 0 })
    expect(read).toMatchObject({ baseKg: 1, freeAbove: 0 })
    const lines = [{ skuId: heavy.skuId, quantity: 5 }]
    const quoted = await quote(lines, 'outside_dhaka')
    expect(quoted.deliveryCharge).toBe(140)
    expect((await order(lines, chattogram)).totals).toEqual(quoted)
    const shop = (await api(t.app, 'GET', 'shop')).body.data as ShopInfo
    expect(shop.freeDeliveryAbove).toBe(0)
  })
})
