import { describe, expect, it } from 'vitest'
import {
  defaultPasswordPolicy,
  GUESSABLE_PASSWORD,
  hashPassword,
  newPasswordProblems,
  PERSONAL_PASSWORD,
  parsePasswordPolicy,
  passwordProblems,
  verifyPassword,
} from '../../server/domain/password'

describe('password policy (NIST SP 800-63B)', () => {
  it.each([
    ['1234567', ['Use at least 8 characters']],
    ['12345678', []],
    ['x'.repeat(128), []],
    ['x'.repeat(129), ['Use at most 128 characters']],
    ['পাসওয়ার্ড১২', []],
  ])('default policy: %j → %j', (password, problems) => {
    expect(passwordProblems(password, defaultPasswordPolicy)).toEqual(problems)
  })

  const strict = { min: 8, max: 64, lower: true, upper: true, digit: true, symbol: true }
  it.each([
    ['short', ['Use at least 8 characters', 'Add an uppercase letter', 'Add a digit', 'Add a symbol']],
    ['ALLUPPER1!', ['Add a lowercase letter']],
    ['alllower1!', ['Add an uppercase letter']],
    ['NoDigits!!', ['Add a digit']],
    ['NoSymbol12', ['Add a symbol']],
    ['Good-Pass1', []],
  ])('strict policy: %j → %j', (password, problems) => {
    expect(passwordProblems(password, strict)).toEqual(problems)
  })

  it.each([
    [undefined, defaultPasswordPolicy],
    ['', defaultPasswordPolicy],
    ['min=12,max=64', { ...defaultPasswordPolicy, min: 12, max: 64 }],
    ['upper, digit', { ...defaultPasswordPolicy, upper: true, digit: true }],
    ['min=zero,lower,unknown', { ...defaultPasswordPolicy, lower: true }],
  ])('reads PASSWORD_POLICY %j', (text, policy) => {
    expect(parsePasswordPolicy(text)).toEqual(policy)
  })
})

describe('the rule for a new password', () => {
  const owner = { phone: '01712345678', names: ['Rahima', 'Akter'] }
  it.each([
    ['1234567', ['Use at least 8 characters']],
    ['12345678', [GUESSABLE_PASSWORD]],
    ['password', [GUESSABLE_PASSWORD]],
    ['aaaaaaaa', [GUESSABLE_PASSWORD]],
    ['P@ssw0rd', [GUESSABLE_PASSWORD]],
    ['qwertyuiop', [GUESSABLE_PASSWORD]],
    ['iloveyou12', [GUESSABLE_PASSWORD]],
    ['haat-owner-demo', [GUESSABLE_PASSWORD]],
    ['Haat-Owner-Demo', [GUESSABLE_PASSWORD]],
    ['01712345678', [PERSONAL_PASSWORD]],
    ['8801712345678', [PERSONAL_PASSWORD]],
    ['rahima1712345678', [PERSONAL_PASSWORD]],
    ['correct horse battery', []],
    ['staff-password-1', []],
    ['নদীর-ধারে-বাড়ি', []],
  ])('%j → %j', async (password, problems) => {
    expect(await newPasswordProblems(password, defaultPasswordPolicy, owner)).toEqual(problems)
  })

  it('keeps a configured minimum above 8, never below it', async () => {
    expect(passwordProblems('abcdefghij', { ...defaultPasswordPolicy, min: 12 })).toEqual([
      'Use at least 12 characters',
    ])
    expect(passwordProblems('1234567', { ...defaultPasswordPolicy, min: 4 })).toEqual([
      'Use at least 8 characters',
    ])
  })
})

describe('password hashing', () => {
  it('hashes with argon2id (m=19456, t=2, p=1) and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(hash).not.toContain('correct horse')
    expect(await verifyPassword(hash, 'correct horse')).toBe(true)
    expect(await verifyPassword(hash, 'correct horsE')).toBe(false)
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
  })
})
