import { describe, expect, it } from 'vitest'
import { bdLocations, zoneOf } from '../../server/domain/bd-locations'
import { defaultDeliveryCharges, deliveryEstimate, parseDeliveryCharges } from '../../server/domain/delivery'
import { orderNumber, orderNumberPattern } from '../../server/domain/order-number'

describe('Bangladesh locations', () => {
  it('has all 8 divisions and 64 districts, each with areas', () => {
    expect(bdLocations).toHaveLength(8)
    const districts = bdLocations.flatMap((d) => d.districts)
    expect(districts).toHaveLength(64)
    expect(new Set(districts.map((d) => d.name)).size).toBe(64)
    expect(districts.every((d) => d.areas.length > 0)).toBe(true)
  })

  it.each([
    ['Dhaka', 'Dhaka', 'Dhanmondi', 'inside_dhaka'],
    ['Dhaka', 'Dhaka', 'Uttara', 'inside_dhaka'],
    ['Dhaka', 'Dhaka', 'Savar', 'dhaka_suburbs'],
    ['Dhaka', 'Gazipur', 'Tongi', 'dhaka_suburbs'],
    ['Dhaka', 'Narayanganj', 'Fatullah', 'dhaka_suburbs'],
    ['Chattogram', 'Chattogram', 'Panchlaish', 'outside_dhaka'],
    ['Sylhet', 'Sunamganj', 'Sunamganj Sadar', 'outside_dhaka'],
    ['Dhaka', 'Chattogram', 'Panchlaish', null],
    ['Dhaka', 'Dhaka', 'Nowhere', null],
  ])('%s / %s / %s is %s', (division, district, area, zone) => {
    expect(zoneOf(division, district, area)).toBe(zone)
  })
})

describe('delivery charges', () => {
  it.each([
    ['inside_dhaka', 70, '1–2 days'],
    ['dhaka_suburbs', 110, '2–3 days'],
    ['outside_dhaka', 130, '3–5 days'],
  ] as const)('%s costs TK %d and takes %s', (zone, charge, estimate) => {
    expect(defaultDeliveryCharges[zone]).toBe(charge)
    expect(deliveryEstimate(zone)).toBe(estimate)
  })

  it.each([
    ['60,100,150', { inside_dhaka: 60, dhaka_suburbs: 100, outside_dhaka: 150 }],
    ['60,100', { inside_dhaka: 70, dhaka_suburbs: 110, outside_dhaka: 130 }],
    ['a,b,c', { inside_dhaka: 70, dhaka_suburbs: 110, outside_dhaka: 130 }],
    [undefined, { inside_dhaka: 70, dhaka_suburbs: 110, outside_dhaka: 130 }],
  ])('charges "%s" read as %o', (text, charges) => {
    expect(parseDeliveryCharges(text)).toEqual(charges)
  })
})

describe('order number', () => {
  it('carries the Dhaka date and five readable characters', () => {
    const number = orderNumber(new Date('2026-11-21T20:30:00Z'), () => 0)
    expect(number).toBe('HT-261122-22222')
    expect(orderNumberPattern.test(orderNumber())).toBe(true)
  })
})
