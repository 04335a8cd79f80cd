import { describe, expect, it } from 'vitest'
import { toBengaliDigits, toLatinDigits } from '../../src/contract/digits'
import { formatTaka, groupIndian, parseAmount, roundMoney } from '../../src/lib/money'

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

describe('formatTaka in Bangla', () => {
  it.each([
    [0, '৳ ০.০০'],
    [5, '৳ ৫.০০'],
    [999.5, '৳ ৯৯৯.৫০'],
    [123_456, '৳ ১,২৩,৪৫৬.০০'],
    [1_234_567.891, '৳ ১২,৩৪,৫৬৭.৮৯'],
    [-2500, '-৳ ২,৫০০.০০'],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatTaka(amount, { lang: 'bn' })).toBe(expected)
  })

  it('keeps Latin digits when the shop or the shopper prefers them', () => {
    expect(formatTaka(123_456, { lang: 'bn', latinDigits: true })).toBe('৳ 1,23,456.00')
    expect(formatTaka(123_456, { lang: 'en', latinDigits: false })).toBe('TK 1,23,456.00')
  })
})

describe('Bengali digits', () => {
  it.each([
    ['০১৭১২৩৪৫৬৭৮', '01712345678'],
    ['৳ ১,২৩,৪৫৬.০০', '৳ 1,23,456.00'],
    ['mixed ১2৩', 'mixed 123'],
    ['no digits', 'no digits'],
  ])('reads %j as %j and back', (bengali, latin) => {
    expect(toLatinDigits(bengali)).toBe(latin)
    expect(toLatinDigits(toBengaliDigits(latin))).toBe(latin)
  })

  it('writes every digit', () => {
    expect(toBengaliDigits('0123456789')).toBe('০১২৩৪৫৬৭৮৯')
  })
})

describe('parseAmount', () => {
  it.each<[string, number | undefined]>([
    ['1500', 1500],
    [' 1,500 ', 1500],
    ['১৫০০', 1500],
    ['১,২৩,৪৫৬.৫০', 123_456.5],
    ['99.5', 99.5],
    ['0', 0],
    ['', undefined],
    ['-5', undefined],
    ['1.234', undefined],
    ['12abc', undefined],
    ['1e3', undefined],
  ])('reads %j as %s', (text, amount) => {
    expect(parseAmount(text)).toBe(amount)
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
