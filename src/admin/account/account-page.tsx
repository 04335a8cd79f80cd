import type { StaffMember } from '../../contract/staff'
import { t } from '../../i18n'
import { roleName, staffName } from '../roles'
import { PasswordForm } from './password-form'
import { TotpSetup } from './totp-setup'

/** My account: who is signed in, a new password, the authenticator app. */
export function AccountPage({ staff }: { staff: StaffMember }) {
  return (
    <div className="admin-page">
      <h1>{t('admin.nav-account')}</h1>
      <section className="admin-panel" aria-labelledby="account-details">
        <h2 id="account-details">{t('admin.account-details')}</h2>
        <dl className="admin-facts">
          <dt>{t('admin.name')}</dt>
          <dd>{staffName(staff)}</dd>
          <dt>{t('admin.mobile-number')}</dt>
          <dd>{staff.phone}</dd>
          <dt>{t('admin.role')}</dt>
          <dd>{roleName(staff.role)}</dd>
        </dl>
      </section>
      <section className="admin-panel" aria-labelledby="account-password">
        <h2 id="account-password">{t('admin.change-password')}</h2>
        <PasswordForm />
      </section>
      <section className="admin-panel" aria-labelledby="account-totp">
        <h2 id="account-totp">{t('admin.totp-title')}</h2>
        <TotpSetup enabled={staff.totpEnabled} />
      </section>
    </div>
  )
}

/** Before anything else: the person chooses their own password in place of the one they were given. */
export function ForcedPasswordChange() {
  return (
    <div className="admin-page admin-page--narrow">
      <h1>{t('admin.choose-password-title')}</h1>
      <p>{t('admin.choose-password-intro')}</p>
      <section className="admin-panel" aria-label={t('admin.change-password')}>
        <PasswordForm autoFocus />
      </section>
    </div>
  )
}
