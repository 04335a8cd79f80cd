import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { OtpPurpose } from '../../contract/auth'
import { t } from '../../i18n'
import { closeLogInModal } from '../../state/ui'
import { OtpRequest } from './otp-request'
import { LoginForm, RegisterForm } from './password-forms'
import { SocialButtons } from './social-buttons'

type Tab = 'login' | 'register'

/** Everything a shopper can log in or register with, in the modal and on the /auth pages. */
export function AuthPanel({ initialTab = 'login', otpType }: { initialTab?: Tab; otpType?: OtpPurpose }) {
  const [tab, setTab] = useState<Tab>(initialTab)
  return (
    <div className="auth-panel">
      <OtpRequest type={otpType ?? (tab === 'register' ? 'register' : 'login')} />
      <p className="auth-divider">
        <span>{t('auth.or-password')}</span>
      </p>
      <div className="auth-tabs" role="tablist" aria-label={t('auth.log-in-or-register')}>
        {(['login', 'register'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`auth-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`auth-tabpanel-${name}`}
            className={`auth-tab${tab === name ? ' auth-tab--active' : ''}`}
            onClick={() => setTab(name)}
          >
            {name === 'login' ? t('auth.log-in') : t('auth.register')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`auth-tabpanel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
        {tab === 'login' ? <LoginForm /> : <RegisterForm />}
      </div>
      {tab === 'login' && (
        <Link to="/auth/reset-password" className="auth-link" onClick={() => closeLogInModal()}>
          {t('auth.forgot-password')}
        </Link>
      )}
      <SocialButtons />
    </div>
  )
}
