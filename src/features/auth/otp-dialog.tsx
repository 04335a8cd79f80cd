import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio'
import { t } from '../../i18n'
import { CodeField } from '../../ui/code-field'
import { Popup } from '../../ui/popup'
import { authState, closeOtpDialog } from './auth-state'
import { useAuthActions } from './use-auth-actions'

/** storefront §2/§4: the code sent to `phone`, checked against `otpId`; Log In signs the shopper in. */
export function OtpDialog() {
  const { otp, otpError } = useSnapshot(authState)
  const actions = useAuthActions()
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  if (!otp) return null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    await actions.otpLogIn(code.trim())
    setBusy(false)
  }

  return (
    <Popup
      title={t('auth.enter-code')}
      onClose={closeOtpDialog}
      width="min(420px, 94vw)"
      className="auth-popup"
    >
      <form className="auth-form" onSubmit={submit} aria-label={t('auth.enter-code')}>
        <p className="auth-note">
          {t('auth.code-sent')} <strong>{otp.phone}</strong>
          {t('auth.code-sent-end')}
        </p>
        <CodeField
          label={t('auth.code')}
          name="otpCode"
          value={code}
          onCode={setCode}
          error={otpError}
          autoFocus
        />
        <button type="submit" className="button button--block" disabled={busy}>
          {t('auth.otp-submit')}
        </button>
      </form>
    </Popup>
  )
}
