import { describe, expect, it } from 'vitest'
import { type DeliveryRates, deliveryCharge, parcelGrams } from '../../server/domain/delivery'

const rates: DeliveryRates = {
  inside_dhaka: { charge: 70, perKg: 15 },
  dhaka_suburbs: { charge: 110, perKg: 20 },
  outside_dhaka: { charge: 130, perKg: 25 },
  baseKg: 1,
  freeAbove: 3000,
}

describe('the delivery charge of a parcel', () => {
  it.each([
    { zone: 'inside_dhaka', grams: 0, goods: 500, charge: 70, why: 'nothing weighed: the base' },
    { zone: 'inside_dhaka', grams: 1000, goods: 500, charge: 70, why: 'exactly the base weight' },
    { zone: 'inside_dhaka', grams: 1001, goods: 500, charge: 85, why: 'a gram over starts a kg' },
    { zone: 'dhaka_suburbs', grams: 2000, goods: 500, charge: 130, why: 'one whole extra kg' },
    { zone: 'dhaka_suburbs', grams: 2001, goods: 500, charge: 150, why: 'a second kg started' },
    { zone: 'outside_dhaka', grams: 4500, goods: 2999, charge: 230, why: '3.5 kg over the base: 4 kg' },
    { zone: 'outside_dhaka', grams: 4500, goods: 3000, charge: 0, why: 'at the threshold: free' },
    { zone: 'outside_dhaka', grams: 20_000, goods: 3000.5, charge: 0, why: 'above it, however heavy' },
  ] as const)('$zone, $grams g, goods TK $goods: TK $charge ($why)', ({ zone, grams, goods, charge }) => {
    expect(deliveryCharge(zone, { grams, goods }, rates)).toBe(charge)
  })

  it.each([
    { baseKg: 0, grams: 1, charge: 155, why: 'no base weight: every started kg is extra' },
    { baseKg: 0.5, grams: 1500, charge: 155, why: 'a half-kg base: 1 kg over' },
    { baseKg: 2.5, grams: 2600, charge: 155, why: '2.6 kg over a 2.5 kg base: one kg started' },
    { baseKg: 5, grams: 5000, charge: 130, why: 'a large base covers it' },
  ])('base $baseKg kg, $grams g outside Dhaka: TK $charge ($why)', ({ baseKg, grams, charge }) => {
    expect(deliveryCharge('outside_dhaka', { grams, goods: 0 }, { ...rates, baseKg })).toBe(charge)
  })

  it('never frees a parcel when the threshold is 0, and charges a flat rate when per-kg is 0', () => {
    const flat = { ...rates, outside_dhaka: { charge: 130, perKg: 0 }, freeAbove: 0 }
    expect(deliveryCharge('outside_dhaka', { grams: 30_000, goods: 1_000_000 }, flat)).toBe(130)
  })
})

describe('the weight of a parcel', () => {
  it.each([
    { lines: [], grams: 0 },
    { lines: [{ weightGrams: 450, quantity: 3 }], grams: 1350 },
    {
      lines: [
        { weightGrams: 450, quantity: 2 },
        { weightGrams: 0, quantity: 5 },
        { weightGrams: 1200, quantity: 1 },
      ],
      grams: 2100,
    },
  ])('$lines.length lines weigh $grams g (an unweighed sku adds nothing)', ({ lines, grams }) => {
    expect(parcelGrams(lines)).toBe(grams)
  })
})
