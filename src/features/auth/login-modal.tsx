import { useSnapshot } from 'valtio'
import { t } from '../../i18n'
import { closeLogInModal, ui } from '../../state/ui'
import { Popup } from '../../ui/popup'
import { AuthPanel } from './auth-panel'
import { clearAuthErrors } from './auth-state'
import { OtpDialog } from './otp-dialog'
import '../../ui/form.css'
import './auth.css'

function close() {
  closeLogInModal()
  clearAuthErrors()
}

/** storefront §2 login/register modal plus the OTP dialog that follows SEND CODE; mounted by the shell once needed. */
export function LoginModal() {
  const { logInModal } = useSnapshot(ui)
  return (
    <>
      {logInModal && (
        <Popup
          title={t('auth.log-in-or-register')}
          onClose={close}
          width="min(440px, 94vw)"
          className="auth-popup"
        >
          <AuthPanel />
        </Popup>
      )}
      <OtpDialog />
    </>
  )
}
