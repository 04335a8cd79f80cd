import { describe, expect, it } from 'vitest'
import { codeStep, passwordStep, type SignInStep, smsSent } from '../../src/admin/sign-in/code-step'
import { readCode } from '../../src/ui/code-field'

const smsOnly = codeStep({ challenge: 'c1', methods: ['sms'], sentTo: '017•••••678' })
const withApp = codeStep({ challenge: 'c2', methods: ['totp'], sentTo: null })

const codeState = (state: SignInStep) => {
  if (state.step !== 'code') throw new Error('expected the code step')
  return state
}

describe('the code step of signing in', () => {
  it('asks for the SMS code already sent when the person has no app', () => {
    expect(codeState(smsOnly)).toMatchObject({ method: 'sms', smsSent: true, sentTo: '017•••••678' })
  })

  it('asks for the authenticator code alone when the person has an app', () => {
    expect(codeState(withApp)).toMatchObject({ method: 'totp', smsSent: false, sentTo: null })
    expect(smsSent(withApp, { challenge: 'c2', methods: ['sms'], sentTo: '017•••••678' })).toBe(withApp)
  })

  it('notes a new SMS code for the same challenge, and ignores one for another', () => {
    const resent = smsSent(smsOnly, { challenge: 'c1', methods: ['sms'], sentTo: '017•••••999' })
    expect(codeState(resent)).toMatchObject({ method: 'sms', smsSent: true, sentTo: '017•••••999' })
    expect(smsSent(smsOnly, { challenge: 'other', methods: ['sms'], sentTo: '017' })).toBe(smsOnly)
  })

  it('goes back to the password with a reason and the number to fill in', () => {
    expect(passwordStep('Sign in again', '01712345678')).toEqual({
      step: 'password',
      notice: 'Sign in again',
      phone: '01712345678',
    })
  })
})

describe('a code as typed', () => {
  it.each([
    ['123456', '123456'],
    ['১২৩৪৫৬', '123456'],
    ['১২3 4৫6', '123456'],
    ['123-456', '123456'],
    ['1234567', '123456'],
    ['abc', ''],
  ])('%s reads as "%s"', (typed, code) => {
    expect(readCode(typed)).toBe(code)
  })
})
