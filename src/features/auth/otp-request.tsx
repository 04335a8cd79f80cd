import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio'
import type { OtpPurpose } from '../../contract/auth'
import { t } from '../../i18n'
import { Field, phoneInputProps } from '../../ui/field'
import { authState } from './auth-state'
import { useAuthActions } from './use-auth-actions'

/** The phone field with SEND CODE (storefront §2): a one-time code by SMS instead of a password. */
export function OtpRequest({ type = 'login' }: { type?: OtpPurpose }) {
  const { otpError, otp } = useSnapshot(authState)
  const actions = useAuthActions()
  const [phone, setPhone] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    await actions.sendOtp(phone, type)
    setBusy(false)
  }

  return (
    <form className="auth-form auth-form--inline" onSubmit={submit} aria-label={t('auth.otp-form')}>
      <Field
        label={t('auth.mobile-number')}
        name="otp-phone"
        {...phoneInputProps}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={otp ? null : otpError}
        required
      />
      <button type="submit" className="button" disabled={busy}>
        {t('auth.send-code')}
      </button>
    </form>
  )
}
