import type { OtpPurpose } from '../../contract/auth'
import { type MessageKey, msg, t } from '../../i18n'
import { AuthPanel } from './auth-panel'
import { PasswordResetForm } from './password-reset-form'
import '../../ui/form.css'
import './auth.css'

type Mode = 'login' | 'register' | 'otp-login' | 'otp-register' | 'reset'

const titles: Record<Mode, MessageKey> = {
  login: msg('auth.log-in'),
  register: msg('auth.register'),
  'otp-login': msg('auth.title-otp-login'),
  'otp-register': msg('auth.title-otp-register'),
  reset: msg('auth.title-reset'),
}
const otpTypes: Partial<Record<Mode, OtpPurpose>> = { 'otp-login': 'login', 'otp-register': 'register' }

/** The /auth/* pages: the modal's forms, full page. */
export function AuthPage({ mode }: { mode: Mode }) {
  return (
    <section className="auth-page" aria-labelledby="auth-page-title">
      <h1 id="auth-page-title">{t(titles[mode])}</h1>
      {mode === 'reset' ? (
        <PasswordResetForm />
      ) : (
        <AuthPanel initialTab={mode.endsWith('register') ? 'register' : 'login'} otpType={otpTypes[mode]} />
      )}
    </section>
  )
}
