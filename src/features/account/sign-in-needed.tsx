import { t } from '../../i18n'
import { openLogInModal } from '../../state/ui'

/** What an account page shows to a guest: a way to log in and come back. */
export function SignInNeeded({ backPath, what }: { backPath: string; what: string }) {
  return (
    <div className="form-card">
      <p>{t('account.sign-in-needed', { what })}</p>
      <button type="button" className="button" onClick={() => openLogInModal(backPath)}>
        {t('account.log-in')}
      </button>
    </div>
  )
}
