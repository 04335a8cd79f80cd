import { useQuery } from '@tanstack/react-query'
import { figure, t, taka } from '../../i18n'
import { useCurrentUser } from '../../state/session'
import { rewardPointsQuery } from './account-api'
import { SignInNeeded } from './sign-in-needed'
import '../../styles/commerce.css'

/** /user/reward-points: 1 point for every TK 100 of delivered orders. */
export function RewardPointsPage() {
  const user = useCurrentUser()
  const points = useQuery({ ...rewardPointsQuery, enabled: Boolean(user) })
  return (
    <section className="commerce-page">
      <h1>{t('account.reward-points')}</h1>
      {!user ? (
        <SignInNeeded backPath="/user/reward-points" what={t('account.your-reward-points')} />
      ) : (
        <div className="form-card">
          <p className="points" data-testid="reward-points">
            {t('account.points', { points: figure(points.data?.points ?? 0) })}
          </p>
          <p className="muted">
            {t('account.points-from', {
              orders: figure(points.data?.deliveredOrders ?? 0),
              total: taka(points.data?.deliveredTotal ?? 0),
            })}{' '}
            {t('account.points-rule')}
          </p>
        </div>
      )}
    </section>
  )
}
