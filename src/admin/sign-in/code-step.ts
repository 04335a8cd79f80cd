import type { SecondFactor, StaffChallengeAnswer } from '../../contract/staff'

/**
 * Signing in to the back office, step by step: the number and password, then a code by SMS or from an
 * authenticator app. Pure: the page keeps this state in a store (sign-in-state.ts), so a language switch,
 * which renders the app again, does not lose a challenge half way.
 */
export type SignInStep =
  | {
      step: 'password'
      /** why the person is back here (the challenge ran out), read out */
      notice: string | null
      /** the number to fill in (after a setup link) */
      phone: string
    }
  | {
      step: 'code'
      challenge: string
      methods: readonly SecondFactor[]
      /** the code step shown now */
      method: SecondFactor
      /** where the SMS code went (partly hidden); null while none was sent */
      sentTo: string | null
      /** an SMS code was sent for this challenge (at login or by asking) */
      smsSent: boolean
    }

export const passwordStep = (notice: string | null = null, phone = ''): SignInStep => ({
  step: 'password',
  notice,
  phone,
})

/** The server's answer to number and password: `sms` listed first means its code is on its way already. */
export function codeStep(answer: StaffChallengeAnswer['data']): SignInStep {
  const method = answer.methods[0] ?? 'sms'
  return {
    step: 'code',
    challenge: answer.challenge,
    methods: answer.methods,
    method,
    sentTo: answer.sentTo,
    smsSent: method === 'sms' && answer.sentTo !== null,
  }
}

/** The other way of getting a code, when this person has one. */
export function otherMethod(state: SignInStep): SecondFactor | null {
  if (state.step !== 'code') return null
  return state.methods.find((method) => method !== state.method) ?? null
}

export function switchMethod(state: SignInStep, method: SecondFactor): SignInStep {
  if (state.step !== 'code' || !state.methods.includes(method)) return state
  return { ...state, method }
}

/** Switching to SMS asks the server to send a code, unless one was sent for this challenge already. */
export function needsSms(state: SignInStep): boolean {
  return state.step === 'code' && state.method === 'sms' && !state.smsSent
}

/** The server sent an SMS code for this challenge (asked for by someone with an app): it answers `sms` first. */
export function smsSent(state: SignInStep, answer: StaffChallengeAnswer['data']): SignInStep {
  if (state.step !== 'code' || answer.challenge !== state.challenge) return state
  return {
    ...state,
    methods: answer.methods,
    method: 'sms',
    smsSent: true,
    sentTo: answer.sentTo ?? state.sentTo,
  }
}
