import { Link } from '@tanstack/react-router'
import { t } from '../i18n'
import { useCurrentUser } from '../state/session'
import { openLogInModal } from '../state/ui'
import { UserIcon } from '../ui/icons'

/** storefront §2: goes to /user when logged in, otherwise opens the login modal (back path /user). */
export function UserButton() {
  const user = useCurrentUser()
  if (user) {
    return (
      <Link to="/user" className="icon-button" aria-label={t('shell.my-account')}>
        <UserIcon />
      </Link>
    )
  }
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t('shell.log-in')}
      onClick={() => openLogInModal('/user')}
    >
      <UserIcon />
    </button>
  )
}
