import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { RewardPointKind } from '../../contract/orders'
import { figure, formatDate, type MessageKey, msg, t, taka } from '../../i18n'
import { useCurrentUser } from '../../state/session'
import { rewardPointsQuery } from './account-api'
import { SignInNeeded } from './sign-in-needed'
import '../../styles/commerce.css'

/** What each kind of move is called in the history. */
const MOVE_NAMES: Record<RewardPointKind, MessageKey> = {
  earned: msg('user-points.earned'),
  spent: msg('user-points.spent'),
  given_back: msg('user-points.given-back'),
  taken_back: msg('user-points.taken-back'),
  adjusted: msg('user-points.adjusted'),
}

/** /user/reward-points: the balance, what a point is worth at checkout, and every move of the points. */
export function RewardPointsPage() {
  const user = useCurrentUser()
  const points = useQuery({ ...rewardPointsQuery, enabled: Boolean(user) })
  const data = points.data
  return (
    <section className="commerce-page">
      <h1>{t('account.reward-points')}</h1>
      {!user ? (
        <SignInNeeded backPath="/user/reward-points" what={t('account.your-reward-points')} />
      ) : (
        <>
          <div className="form-card">
            <p className="points" data-testid="reward-points">
              {t('account.points', { points: figure(data?.points ?? 0) })}
            </p>
            {data?.spending && (
              <p className="muted">
                {t('account.points-rule', {
                  value: taka(data.pointValue),
                  minimum: figure(data.minimum),
                })}
              </p>
            )}
          </div>
          <h2>{t('user-points.history')}</h2>
          {data && data.history.length === 0 ? (
            <p className="muted">{t('account.points-from')}</p>
          ) : (
            <ul className="points-history" data-testid="points-history">
              {data?.history.map((move) => (
                <li key={move.id}>
                  <span>
                    {t(MOVE_NAMES[move.kind])}
                    {move.order && move.orderId !== null && (
                      <>
                        {' · '}
                        <Link to="/user/order/$id" params={{ id: String(move.orderId) }}>
                          {move.order}
                        </Link>
                      </>
                    )}
                    {move.reason && move.kind === 'adjusted' && <> · {move.reason}</>}
                    <br />
                    <time className="muted" dateTime={move.at}>
                      {formatDate(move.at)}
                    </time>
                  </span>
                  <strong className={move.points < 0 ? 'points-out' : 'points-in'}>
                    {move.points > 0 ? '+' : '−'}
                    {figure(Math.abs(move.points))}
                  </strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
