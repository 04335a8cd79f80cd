import { describe, expect, it } from 'vitest'
import { isNews, orderMoveFor, parcelOf, sameName } from '../../server/domain/shipping'
import type { CourierStatus } from '../../src/contract/couriers'

const at = (time: string) => new Date(`2026-01-10T${time}:00+06:00`)
const iso = (time: string) => `2026-01-10T${time}:00+06:00`

describe('whether a courier update is news', () => {
  it.each<[string, CourierStatus | null, string | null, CourierStatus, string | null, boolean]>([
    ['the first word after booking', 'booked', null, 'in_transit', null, true],
    ['the same status again', 'in_transit', '10:00', 'in_transit', '11:00', false],
    ['a newer status', 'booked', '10:00', 'in_transit', '11:00', true],
    ['an older status', 'in_transit', '11:00', 'booked', '10:00', false],
    ['a final status, even dated earlier', 'in_transit', '11:00', 'delivered', '10:00', true],
    ['anything after a final status', 'delivered', '11:00', 'returned', '12:00', false],
    ['an update that says nothing of the place', 'booked', null, 'unknown', null, false],
    ['an undated update', 'booked', '10:00', 'on_hold', null, true],
  ])('%s', (_name, status, statusAt, update, updateAt, news) => {
    expect(
      isNews(
        { status, statusAt: statusAt ? at(statusAt) : null },
        { status: update, at: updateAt ? iso(updateAt) : null },
      ),
    ).toBe(news)
  })
})

describe("what the courier's word does to a shipped order", () => {
  it.each<[CourierStatus, 'delivered' | 'returned' | null]>([
    ['delivered', 'delivered'],
    ['returned', 'returned'],
    ['cancelled', 'returned'],
    ['partly_delivered', null],
    ['in_transit', null],
    ['on_hold', null],
  ])('%s → %s', (status, move) => {
    expect(orderMoveFor(status)).toBe(move)
  })
})

describe('the parcel of an order', () => {
  const order = {
    number: 'HT-260110-ABCDE',
    customerName: 'Nusrat Jahan',
    phone: '01812345678',
    notes: 'Call  before\ncoming',
    address: {
      name: 'Rahim Uddin',
      phone: '01712345678',
      division: 'Dhaka',
      district: 'Dhaka',
      area: 'Dhanmondi',
      street: 'House 12, Road 5',
      landmark: 'Near the lake',
    },
  }

  it('weighs the items by their skus, counts them, and collects whole taka', () => {
    const parcel = parcelOf(
      order,
      [
        { name: 'Cotton saree', quantity: 2, weightGrams: 450 },
        { name: 'Panjabi', quantity: 1, weightGrams: 0 },
      ],
      1249.5,
      null,
    )
    expect(parcel).toEqual({
      invoice: 'HT-260110-ABCDE',
      recipientName: 'Rahim Uddin',
      recipientPhone: '01712345678',
      address: 'House 12, Road 5, (Near the lake), Dhanmondi, Dhaka',
      place: null,
      codAmount: 1250,
      weightKg: 0.9,
      quantity: 3,
      description: 'Cotton saree × 2, Panjabi × 1',
      note: 'Call before coming',
    })
  })

  it('keeps the address within what Pathao takes', () => {
    const long = { ...order, address: { ...order.address, street: 'x'.repeat(400) } }
    expect(parcelOf(long, [], 0, null).address).toHaveLength(220)
  })
})

describe('matching place names across lists', () => {
  it.each([
    ['Dhaka', 'Dhaka'],
    ['Cox’s Bazar', "Cox's Bazar"],
    ['Sher-e-Bangla Nagar', 'Sher E Bangla Nagar'],
  ])('%s is %s', (ours, theirs) => {
    expect(sameName(ours, [{ id: 7, name: theirs }])).toEqual({ id: 7, name: theirs })
  })

  it('finds nothing for another name', () => {
    expect(sameName('Mirpur', [{ id: 1, name: 'Mirpur 10' }])).toBeNull()
  })
})
