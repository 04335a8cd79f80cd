import { describe, expect, it } from 'vitest'
import { isMobileNumber, normalizeBdPhone } from '../../src/lib/phone'

describe('mobile number pattern and normalisation (storefront §5)', () => {
  it.each([
    ['01712345678', '01712345678'],
    ['01312345678', '01312345678'],
    ['01912345678', '01912345678'],
    ['+8801712345678', '01712345678'],
    ['8801712345678', '01712345678'],
    ['0001712345678', '01712345678'],
    ['008801712345678', '01712345678'],
    ['017-1234-5678', '01712345678'],
    [' +880 1712 345678 ', '01712345678'],
    ['01712345678'.replace('017', '015'), '01512345678'],
    ['০১৭১২৩৪৫৬৭৮', '01712345678'],
    ['+৮৮০ ১৭১২-৩৪৫৬৭৮', '01712345678'],
  ])('accepts %j as %s', (input, normalised) => {
    expect(isMobileNumber(input)).toBe(true)
    expect(normalizeBdPhone(input)).toBe(normalised)
  })

  it.each([
    ['', 'empty'],
    ['0171234567', '10 digits'],
    ['017123456789', '12 digits'],
    ['01212345678', 'operator digit 2'],
    ['01012345678', 'operator digit 0'],
    ['02712345678', 'not starting 01'],
    ['+9101712345678', 'foreign prefix'],
    ['+88 01712 34567a', 'a letter'],
    ['1712345678', 'no leading zero'],
  ])('rejects %j (%s)', (input) => {
    expect(isMobileNumber(input)).toBe(false)
    expect(normalizeBdPhone(input)).toBeNull()
  })
})
