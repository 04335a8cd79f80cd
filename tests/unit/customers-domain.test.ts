import { describe, expect, it } from 'vitest'
import { customerCsvLine, customerSearch, formulaSafe } from '../../server/domain/customers'

describe('the customer search box', () => {
  it.each([
    ['01711223344', { phoneEnding: '01711223344' }],
    ['017-1122 3344', { phoneEnding: '01711223344' }],
    ['+8801711223344', { phoneEnding: '01711223344' }],
    ['3344', { phoneEnding: '3344' }],
    ['৩৩৪৪', { phoneEnding: '3344' }],
    ['12', { words: ['12'] }],
    ['Karim  Mia', { words: ['karim', 'mia'] }],
    ['   ', null],
    [undefined, null],
  ])('reads %j as %j', (q, expected) => {
    expect(customerSearch(q)).toEqual(expected)
  })
})

describe('CSV cells a spreadsheet would run', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+1+1', "'+1+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['Karim', 'Karim'],
    ['01711223344', '01711223344'],
    [12, '12'],
    [null, ''],
  ])('%j is written as %j', (value, written) => {
    expect(formulaSafe(value)).toBe(written)
  })

  it('quotes a made-safe cell that holds a comma or a quote', () => {
    expect(customerCsvLine(['=1,2', 'a"b', 3])).toBe(`"'=1,2","a""b",3\r\n`)
  })
})
