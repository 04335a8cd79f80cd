import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { Field, phoneInputProps } from '../../ui/field'
import { authApi } from './auth-api'

const messageOf = (error: unknown) => (error instanceof ApiRequestError ? error.message : t('common.failed'))

/** Password reset: a code to the number, then the code and a new password. */
export function PasswordResetForm() {
  const [phone, setPhone] = useState('')
  const [otpId, setOtpId] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const sendCode = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      setOtpId((await authApi.sendOtp({ phone, type: 'reset' })).otpId)
    } catch (failure) {
      setError(messageOf(failure))
    }
    setBusy(false)
  }

  const reset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!otpId) return
    const form = new FormData(event.currentTarget)
    setBusy(true)
    setError(null)
    try {
      const answer = await authApi.passwordReset({
        phone,
        otpId,
        otpCode: String(form.get('otpCode') ?? '').trim(),
        password: String(form.get('password') ?? ''),
      })
      setDone(answer.message)
    } catch (failure) {
      setError(messageOf(failure))
    }
    setBusy(false)
  }

  if (done) {
    return (
      <div className="auth-panel">
        <p role="status">{done}</p>
        <Link to="/auth/login" className="button button--block">
          {t('auth.login-button')}
        </Link>
      </div>
    )
  }

  return (
    <div className="auth-panel">
      {otpId === null ? (
        <form className="auth-form" onSubmit={sendCode} aria-label={t('auth.reset-ask-form')}>
          <Field
            label={t('auth.mobile-number')}
            name="phone"
            {...phoneInputProps}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={error}
            required
          />
          <button type="submit" className="button button--block" disabled={busy}>
            {t('auth.send-code')}
          </button>
        </form>
      ) : (
        <form className="auth-form" onSubmit={reset} aria-label={t('auth.reset-form')}>
          <p className="auth-note">
            {t('auth.reset-note-start')} <strong>{phone}</strong> {t('auth.reset-note-end')}
          </p>
          <Field
            label={t('auth.code')}
            name="otpCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          <Field
            label={t('auth.new-password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
          {error && (
            <p className="auth-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--block" disabled={busy}>
            {t('auth.change-password')}
          </button>
        </form>
      )}
    </div>
  )
}
