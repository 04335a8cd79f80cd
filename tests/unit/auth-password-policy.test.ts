import { describe, expect, it } from 'vitest'
import {
  defaultPasswordPolicy,
  hashPassword,
  parsePasswordPolicy,
  passwordProblems,
  verifyPassword,
} from '../../server/domain/password'

describe('password policy (SPEC §5)', () => {
  it.each([
    ['12345', ['Use at least 6 characters']],
    ['123456', []],
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
    ['min=8,max=64', { ...defaultPasswordPolicy, min: 8, max: 64 }],
    ['upper, digit', { ...defaultPasswordPolicy, upper: true, digit: true }],
    ['min=zero,lower,unknown', { ...defaultPasswordPolicy, lower: true }],
  ])('reads PASSWORD_POLICY %j', (text, policy) => {
    expect(parsePasswordPolicy(text)).toEqual(policy)
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
