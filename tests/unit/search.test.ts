import { describe, expect, it } from 'vitest'
import { isSearchable, searchDelay } from '../../src/features/search'

describe('search-as-you-type delay (storefront §4, §9)', () => {
  it.each([
    ['', null],
    ['p', null],
    [' p ', null],
    ['  ', null],
    ['pa', 800],
    ['panjabi', 800],
    ['pa ', 0],
    ['red saree ', 0],
    ['  pa', 800],
  ])('%j → %j', (text, delay) => {
    expect(searchDelay(text)).toBe(delay)
  })
})

describe('submit needs two characters after trim', () => {
  it.each([
    ['', false],
    [' a ', false],
    ['ab', true],
    [' ab ', true],
  ])('%j → %s', (text, ok) => {
    expect(isSearchable(text)).toBe(ok)
  })
})
