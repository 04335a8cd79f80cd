import { useQuery } from '@tanstack/react-query'
import { formatTaka } from '../../lib/money'
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
      <h1>Reward points</h1>
      {!user ? (
        <SignInNeeded backPath="/user/reward-points" what="your reward points" />
      ) : (
        <div className="form-card">
          <p className="points" data-testid="reward-points">
            {points.data?.points ?? 0} points
          </p>
          <p className="muted">
            From {points.data?.deliveredOrders ?? 0} delivered orders worth{' '}
            {formatTaka(points.data?.deliveredTotal ?? 0)}. You earn 1 point for every TK 100 of delivered
            orders.
          </p>
        </div>
      )}
    </section>
  )
}
