import type { SecondFactor, StaffChallengeAnswer } from '../../contract/staff'

/**
 * Signing in to the back office, step by step: the number and password, then a code from the authenticator
 * app once the person has set one up (then never by SMS), else by SMS. Pure: the page keeps this state in a store (sign-in-state.ts), so a language switch,
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
      /** where the code comes from: the app once one is set up, else SMS */
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

/** The server's answer to number and password: the one way it offers (with an SMS, its code is on its way). */
export function codeStep(answer: StaffChallengeAnswer['data']): SignInStep {
  const method = answer.methods.includes('totp') ? 'totp' : 'sms'
  return {
    step: 'code',
    challenge: answer.challenge,
    method,
    sentTo: answer.sentTo,
    smsSent: method === 'sms' && answer.sentTo !== null,
  }
}

/** The server sent another SMS code for this challenge. */
export function smsSent(state: SignInStep, answer: StaffChallengeAnswer['data']): SignInStep {
  if (state.step !== 'code' || state.method !== 'sms' || answer.challenge !== state.challenge) return state
  return { ...state, smsSent: true, sentTo: answer.sentTo ?? state.sentTo }
}
