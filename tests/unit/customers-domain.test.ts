import { describe, expect, it } from 'vitest'
import { customerSearch } from '../../server/domain/customers'

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
