import { describe, expect, it } from 'vitest'
import { formatTaka, groupIndian, roundMoney } from '../../src/lib/money'

describe('formatTaka', () => {
  it.each([
    [0, 'TK 0.00'],
    [5, 'TK 5.00'],
    [999.5, 'TK 999.50'],
    [1000, 'TK 1,000.00'],
    [12_345.678, 'TK 12,345.68'],
    [123_456, 'TK 1,23,456.00'],
    [1_234_567.891, 'TK 12,34,567.89'],
    [100_000_000, 'TK 10,00,00,000.00'],
    [1.005, 'TK 1.01'],
    [-2500, '-TK 2,500.00'],
    [-0.001, 'TK 0.00'],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatTaka(amount)).toBe(expected)
  })
})

describe('groupIndian', () => {
  it.each([
    ['1', '1'],
    ['123', '123'],
    ['1234', '1,234'],
    ['12345', '12,345'],
    ['123456', '1,23,456'],
    ['1234567', '12,34,567'],
  ])('groups %s as %s', (digits, expected) => {
    expect(groupIndian(digits)).toBe(expected)
  })
})

describe('roundMoney', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [10.004, 10],
    [99.999, 100],
  ])('rounds %s to %s', (amount, expected) => {
    expect(roundMoney(amount)).toBe(expected)
  })
})
