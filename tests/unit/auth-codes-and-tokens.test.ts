import { describe, expect, it } from 'vitest'
import { hashOtp, newOtpCode, otpMatches } from '../../server/domain/otp'
import { bearerToken, hashSessionToken, newSessionToken } from '../../server/domain/session'

const binding = { phone: '01712345678', otpId: '9d4f3c1e-0000-4000-8000-000000000001', purpose: 'login' }

describe('one-time codes', () => {
  it('are six digits, leading zeros kept, and vary', () => {
    const codes = Array.from({ length: 200 }, newOtpCode)
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    expect(new Set(codes).size).toBeGreaterThan(190)
  })

  it.each([
    ['the same binding', binding, true],
    ['another number', { ...binding, phone: '01812345678' }, false],
    ['another code id', { ...binding, otpId: '9d4f3c1e-0000-4000-8000-000000000002' }, false],
    ['another purpose', { ...binding, purpose: 'reset' }, false],
  ])('a code checked with %s matches: %s', (_name, other, matches) => {
    const stored = hashOtp('012345', binding)
    expect(stored).not.toContain('012345')
    expect(otpMatches('012345', stored, other)).toBe(matches)
  })

  it('a wrong code never matches', () => {
    expect(otpMatches('012346', hashOtp('012345', binding), binding)).toBe(false)
  })
})

describe('session tokens', () => {
  it('carry 256 random bits and are stored only as a hash', () => {
    const token = newSessionToken()
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(newSessionToken()).not.toBe(token)
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashSessionToken(token)).toBe(hashSessionToken(token))
  })

  it.each([
    ['Bearer abcdefghijklmnopqrstuvwxyz012345', 'abcdefghijklmnopqrstuvwxyz012345'],
    ['bearer abcdefghijklmnopqrstuvwxyz012345', 'abcdefghijklmnopqrstuvwxyz012345'],
    ['Basic abcdefghijklmnopqrstuvwxyz012345', null],
    ['Bearer short', null],
    ['Bearer has spaces in it and more text', null],
    [undefined, null],
  ])('reads %j as %j', (header, token) => {
    expect(bearerToken(header)).toBe(token)
  })
})
