import { proxy } from 'valtio'
import { passwordStep, type SignInStep } from './code-step'

/** Where the sign-in stands; kept outside the page, so a language switch (a new render) keeps the challenge. */
export const signIn = proxy<{ step: SignInStep }>({ step: passwordStep() })

export function setSignInStep(step: SignInStep) {
  signIn.step = step
}
