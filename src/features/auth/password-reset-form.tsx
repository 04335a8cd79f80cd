import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { ApiRequestError, FALLBACK_ERROR } from '../../lib/api'
import { Field, phoneInputProps } from '../../ui/field'
import { authApi } from './auth-api'

const messageOf = (error: unknown) => (error instanceof ApiRequestError ? error.message : FALLBACK_ERROR)

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
          LOGIN
        </Link>
      </div>
    )
  }

  return (
    <div className="auth-panel">
      {otpId === null ? (
        <form className="auth-form" onSubmit={sendCode} aria-label="Ask for a reset code">
          <Field
            label="Mobile number"
            name="phone"
            {...phoneInputProps}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={error}
            required
          />
          <button type="submit" className="button button--block" disabled={busy}>
            SEND CODE
          </button>
        </form>
      ) : (
        <form className="auth-form" onSubmit={reset} aria-label="Choose a new password">
          <p className="auth-note">
            If <strong>{phone}</strong> has an account, a 6-digit code is on its way.
          </p>
          <Field
            label="6-digit code"
            name="otpCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          <Field label="New password" name="password" type="password" autoComplete="new-password" required />
          {error && (
            <p className="auth-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--block" disabled={busy}>
            Change password
          </button>
        </form>
      )}
    </div>
  )
}
