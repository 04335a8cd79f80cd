import { describe, expect, it } from 'vitest'
import { normalizeBdPhone } from '../../server/domain/phone'
import { loginBody, otpCode, phoneInput, registerBody, socialLoginBody } from '../../src/contract/auth'

describe('the accounts contract reads every spelling of a number as one', () => {
  it.each([
    ['01712345678', '01712345678'],
    ['+8801712345678', '01712345678'],
    ['8801712345678', '01712345678'],
    ['008801712345678', '01712345678'],
    ['01712-345678', '01712345678'],
    [' 017 1234 5678 ', '01712345678'],
    ['০১৭১২৩৪৫৬৭৮', '01712345678'],
    ['+৮৮০১৭১২৩৪৫৬৭৮', '01712345678'],
  ])('%j → %s, as the server rule says', (input, stored) => {
    expect(phoneInput.parse(input)).toBe(stored)
    expect(normalizeBdPhone(input)).toBe(stored)
  })

  it.each([
    '',
    '1712345678',
    '01212345678',
    '0171234567',
    '017123456789',
    '+8801712',
    'abc',
    '+9101712345678',
  ])('refuses %j', (input) => {
    expect(phoneInput.safeParse(input).success).toBe(false)
    expect(normalizeBdPhone(input)).toBeNull()
  })
})

describe('a one-time code', () => {
  it.each([
    ['123456', '123456'],
    [' ১২৩৪৫৬ ', '123456'],
  ])('%j is the code %s', (input, code) => {
    expect(otpCode.parse(input)).toBe(code)
  })

  it.each(['12345', '1234567', '১২৩৪৫', 'abcdef'])('refuses %j', (input) => {
    expect(otpCode.safeParse(input).success).toBe(false)
  })
})

describe('request bodies are strict', () => {
  it.each([
    [
      'register',
      registerBody,
      { firstName: '', lastName: '', phone: '01712345678', password: 'x', adminType: 'admin' },
    ],
    ['login', loginBody, { phone: '01712345678', password: 'x', role: 'admin' }],
    ['social', socialLoginBody, { provider: 'GMAIL', userKey: 'k', status: 'active' }],
  ] as const)('%s refuses an unknown field', (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(false)
  })

  it.each([undefined, '', '   '])(
    'social login without a userKey (%j) says "user_key is required"',
    (userKey) => {
      const result = socialLoginBody.safeParse({ provider: 'GMAIL', userKey })
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((issue) => issue.message)).toContain('user_key is required')
    },
  )
})
