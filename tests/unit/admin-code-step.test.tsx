import { describe, expect, it } from 'vitest'
import {
  codeStep,
  needsSms,
  otherMethod,
  passwordStep,
  type SignInStep,
  smsSent,
  switchMethod,
} from '../../src/admin/sign-in/code-step'
import { readCode } from '../../src/ui/code-field'

const smsOnly = codeStep({ challenge: 'c1', methods: ['sms'], sentTo: '017•••••678' })
const withApp = codeStep({ challenge: 'c2', methods: ['totp', 'sms'], sentTo: null })

const codeState = (state: SignInStep) => {
  if (state.step !== 'code') throw new Error('expected the code step')
  return state
}

describe('the code step of signing in', () => {
  it('asks for the SMS code already sent when SMS is the only way', () => {
    expect(codeState(smsOnly)).toMatchObject({ method: 'sms', smsSent: true, sentTo: '017•••••678' })
    expect(otherMethod(smsOnly)).toBeNull()
    expect(needsSms(smsOnly)).toBe(false)
  })

  it('asks for the authenticator code first when the person has an app, and offers SMS', () => {
    expect(codeState(withApp)).toMatchObject({ method: 'totp', smsSent: false })
    expect(otherMethod(withApp)).toBe('sms')
  })

  it('switching to SMS asks for a code to be sent, once', () => {
    const switched = switchMethod(withApp, 'sms')
    expect(codeState(switched).method).toBe('sms')
    expect(needsSms(switched)).toBe(true)
    const sent = smsSent(switched, { challenge: 'c2', methods: ['sms', 'totp'], sentTo: '017•••••678' })
    expect(codeState(sent)).toMatchObject({ method: 'sms', smsSent: true, sentTo: '017•••••678' })
    expect(needsSms(sent)).toBe(false)
    expect(otherMethod(sent)).toBe('totp')
  })

  it('switching back to the app keeps the SMS already sent', () => {
    const sent = smsSent(switchMethod(withApp, 'sms'), {
      challenge: 'c2',
      methods: ['sms', 'totp'],
      sentTo: '017•••••678',
    })
    const back = switchMethod(sent, 'totp')
    expect(codeState(back)).toMatchObject({ method: 'totp', smsSent: true })
    expect(needsSms(switchMethod(back, 'sms'))).toBe(false)
  })

  it('ignores a way this person does not have, and an answer for another challenge', () => {
    expect(switchMethod(smsOnly, 'totp')).toBe(smsOnly)
    expect(smsSent(withApp, { challenge: 'other', methods: ['sms'], sentTo: '017' })).toBe(withApp)
    expect(switchMethod(passwordStep(), 'sms')).toEqual(passwordStep())
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
