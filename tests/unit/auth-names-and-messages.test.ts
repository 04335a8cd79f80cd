import { describe, expect, it } from 'vitest'
import { cleanName } from '../../server/domain/name'
import { logInErrorText } from '../../src/features/auth/login-error'
import { SOCIAL_FALLBACK_MESSAGE, socialErrorMessage } from '../../src/features/auth/social-errors'
import { splitFullName } from '../../src/lib/full-name'

describe('social full name split (storefront §3)', () => {
  it.each([
    ['Rahim Uddin Ahmed', 'Rahim Uddin', 'Ahmed'],
    ['Karim Hossain', 'Karim', 'Hossain'],
    ['Madonna', '', 'Madonna'],
    ['  Nusrat   Jahan  ', 'Nusrat', 'Jahan'],
    ['', '', ''],
    [null, '', ''],
    [undefined, '', ''],
  ])('%j → first %j, last %j', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName })
  })
})

describe('stored names', () => {
  it.each([
    ['  Rahim  ', 'Rahim'],
    ['Rahim \t Uddin', 'Rahim Uddin'],
    ['Ra\u0000him', 'Rahim'],
    [null, ''],
  ])('%j is stored as %j', (input, stored) => {
    expect(cleanName(input)).toBe(stored)
  })
})

describe('identity-provider error codes (storefront §8)', () => {
  it.each([
    'email-already-in-use',
    'wrong-password',
    'user-not-found',
    'invalid-credential',
    'too-many-requests',
    'expired-action-code',
    'invalid-action-code',
    'user-disabled',
    'requires-recent-login',
    'invalid-verification-code',
    'code-expired',
    'network-request-failed',
    'popup-blocked',
    'popup-closed-by-user',
    'cancelled-popup-request',
    'unauthorized-domain',
    'multi-factor-auth-required',
    'user-token-expired',
  ])('%s has its own readable message, with or without the auth/ prefix', (code) => {
    const message = socialErrorMessage(code)
    expect(message).not.toBe(SOCIAL_FALLBACK_MESSAGE)
    expect(message).not.toContain(code)
    expect(socialErrorMessage(`auth/${code}`)).toBe(message)
  })

  it.each([null, undefined, '', 'auth/something-new'])('%j falls back to "Something went wrong!"', (code) => {
    expect(socialErrorMessage(code)).toBe('Something went wrong!')
  })
})

describe('login failure text (storefront §8)', () => {
  it.each([
    [null, 0, null],
    ['The mobile number or password is not correct', 401, 'Invalid Email or Password'],
    ['Enter a valid mobile number', 400, 'Invalid Email or Password'],
    ['Too many failed attempts. Try again later.', 429, 'Too many failed attempts. Try again later.'],
    [
      'This account has been blocked by the shop. Please contact the shop for help.',
      403,
      'This account has been blocked by the shop. Please contact the shop for help.',
    ],
    ['You are offline', 0, 'You are offline'],
  ])('%j (status %i) shows %j', (message, status, shown) => {
    expect(logInErrorText(message, status)).toBe(shown)
  })
})
