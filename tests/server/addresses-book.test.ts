import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createShopper, dhakaAddress } from './commerce-support'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ products: 0 })
}, 180_000)
afterAll(async () => t?.close())

type Saved = { id: number; zone: string; isDefault: boolean; area: string }

describe('locations', () => {
  it('lists the 8 divisions and 64 districts with the zones and their charges', async () => {
    const reply = await api(t.app, 'GET', 'locations')
    const data = reply.body.data as {
      divisions: { districts: unknown[] }[]
      zones: { zone: string; charge: number }[]
    }
    expect(data.divisions).toHaveLength(8)
    expect(data.divisions.flatMap((d) => d.districts)).toHaveLength(64)
    expect(data.zones.map((z) => [z.zone, z.charge])).toEqual([
      ['inside_dhaka', 70],
      ['dhaka_suburbs', 110],
      ['outside_dhaka', 130],
    ])
  })
})

describe('addresses', () => {
  it('saves addresses with the zone derived from the place; the first is the default', async () => {
    const shopper = await createShopper(t.db, '01600000001')
    const first = await api(t.app, 'POST', 'user/addresses', { token: shopper.token, body: dhakaAddress })
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ zone: 'inside_dhaka', isDefault: true })
    const savar = { ...dhakaAddress, area: 'Savar', isDefault: true }
    const second = await api(t.app, 'POST', 'user/addresses', { token: shopper.token, body: savar })
    expect(second.body.data).toMatchObject({ zone: 'dhaka_suburbs', isDefault: true })
    const list = await api(t.app, 'GET', 'user/addresses', { token: shopper.token })
    expect((list.body.data as Saved[]).map((a) => [a.area, a.isDefault])).toEqual([
      ['Savar', true],
      ['Dhanmondi', false],
    ])
    const id = (first.body.data as Saved).id
    const moved = await api(t.app, 'PATCH', `user/addresses/${id}`, {
      token: shopper.token,
      body: { division: 'Sylhet', district: 'Sylhet', area: 'Jalalabad' },
    })
    expect(moved.body.data).toMatchObject({ zone: 'outside_dhaka', area: 'Jalalabad' })
  })

  it('names each saved address’s places in Bangla beside the English ones it keeps', async () => {
    const shopper = await createShopper(t.db, '01600000009')
    const body = { ...dhakaAddress, division: 'Sylhet', district: 'Sylhet', area: 'Jalalabad' }
    const saved = await api(t.app, 'POST', 'user/addresses', { token: shopper.token, body })
    expect(saved.body.data).toMatchObject({
      division: 'Sylhet',
      area: 'Jalalabad',
      placesBn: { division: 'সিলেট', district: 'সিলেট', area: 'জালালাবাদ' },
    })
    const list = await api(t.app, 'GET', 'user/addresses', { token: shopper.token })
    expect((list.body.data as { placesBn?: { area: string } }[]).map((a) => a.placesBn?.area)).toEqual([
      'জালালাবাদ',
    ])
  })

  it.each([
    ['an area outside the chosen district', { area: 'Panchlaish' }, 'area'],
    ['a phone that is not a Bangladeshi mobile', { phone: '12345' }, 'phone'],
  ])('refuses %s', async (_name, change, field) => {
    const shopper = await createShopper(t.db, `0160000${Math.floor(1000 + Math.random() * 8999)}`)
    const reply = await api(t.app, 'POST', 'user/addresses', {
      token: shopper.token,
      body: { ...dhakaAddress, ...change },
    })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toHaveProperty(field)
  })

  it('never shows or changes another shopper’s address', async () => {
    const owner = await createShopper(t.db, '01600000002')
    const other = await createShopper(t.db, '01600000003')
    const saved = await api(t.app, 'POST', 'user/addresses', { token: owner.token, body: dhakaAddress })
    const id = (saved.body.data as Saved).id
    expect((await api(t.app, 'GET', 'user/addresses', { token: other.token })).body.data).toEqual([])
    const patch = await api(t.app, 'PATCH', `user/addresses/${id}`, {
      token: other.token,
      body: { street: 'Elsewhere 1' },
    })
    expect(patch.status).toBe(404)
    expect((await api(t.app, 'DELETE', `user/addresses/${id}`, { token: other.token })).status).toBe(404)
    expect((await api(t.app, 'GET', 'user/addresses')).status).toBe(401)
    const removed = await api(t.app, 'DELETE', `user/addresses/${id}`, { token: owner.token })
    expect(removed.body.data).toEqual([])
  })
})
