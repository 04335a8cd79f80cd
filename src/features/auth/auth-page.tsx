import type { OtpPurpose } from '../../contract/auth'
import { AuthPanel } from './auth-panel'
import { PasswordResetForm } from './password-reset-form'
import '../../ui/form.css'
import './auth.css'

type Mode = 'login' | 'register' | 'otp-login' | 'otp-register' | 'reset'

const titles: Record<Mode, string> = {
  login: 'Log in',
  register: 'Register',
  'otp-login': 'Log in with a code',
  'otp-register': 'Register with a code',
  reset: 'Reset your password',
}
const otpTypes: Partial<Record<Mode, OtpPurpose>> = { 'otp-login': 'login', 'otp-register': 'register' }

/** The /auth/* pages: the modal's forms, full page. */
export function AuthPage({ mode }: { mode: Mode }) {
  return (
    <section className="auth-page" aria-labelledby="auth-page-title">
      <h1 id="auth-page-title">{titles[mode]}</h1>
      {mode === 'reset' ? (
        <PasswordResetForm />
      ) : (
        <AuthPanel initialTab={mode.endsWith('register') ? 'register' : 'login'} otpType={otpTypes[mode]} />
      )}
    </section>
  )
}
