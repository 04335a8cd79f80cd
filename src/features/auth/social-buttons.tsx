import { useSnapshot } from 'valtio'
import { t } from '../../i18n'
import { authState } from './auth-state'
import { socialErrorMessage } from './social-errors'
import { useAuthActions } from './use-auth-actions'

/** Google and Facebook sign-in; Firebase loads only when one is pressed. */
export function SocialButtons() {
  const { isLoading, socialError, socialErrorCode } = useSnapshot(authState)
  const actions = useAuthActions()
  return (
    <div className="auth-social">
      <button
        type="button"
        className="button button--ghost"
        disabled={isLoading}
        aria-busy={isLoading}
        onClick={() => actions.socialSignIn('GMAIL')}
      >
        {isLoading ? t('auth.signing-in') : t('auth.continue-google')}
      </button>
      <button type="button" className="button button--ghost" onClick={() => actions.socialSignIn('FACEBOOK')}>
        {t('auth.continue-facebook')}
      </button>
      {socialError && (
        <div className="auth-error" role="alert">
          <p>{socialError}</p>
          {socialErrorCode && <p className="auth-note">{socialErrorMessage(socialErrorCode)}</p>}
        </div>
      )}
    </div>
  )
}
