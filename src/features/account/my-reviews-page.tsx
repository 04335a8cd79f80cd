import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { figure, msg, t } from '../../i18n'
import { myReviewsQuery } from '../../state/reviews'
import { useCurrentUser } from '../../state/session'
import '../../styles/commerce.css'

const statusLabels = {
  pending: msg('account.review-pending'),
  rejected: msg('account.review-rejected'),
}

/** /user/reviews: the reviews the shopper wrote. */
export function MyReviewsPage({ signIn }: { signIn: React.ReactNode }) {
  const user = useCurrentUser()
  const mine = useQuery({ ...myReviewsQuery, enabled: Boolean(user) })
  return (
    <section className="commerce-page">
      <h1>{t('account.my-reviews')}</h1>
      {!user && signIn}
      {user && mine.data?.data.length === 0 && <p className="empty-note">{t('account.no-reviews')}</p>}
      <ul className="reviews__list">
        {mine.data?.data.map((review) => (
          <li key={review.id} className="review form-card">
            <p className="review__head">
              <Link to="/product/$slug" params={{ slug: review.productSlug }}>
                {review.productName}
              </Link>{' '}
              <span aria-hidden="true">{'★'.repeat(review.rating)}</span>
              <span className="visually-hidden">
                {t('account.rating', { rating: figure(review.rating), max: figure(5) })}
              </span>
              {review.status !== 'active' && <span className="tag">{t(statusLabels[review.status])}</span>}
            </p>
            {review.text && <p>{review.text}</p>}
          </li>
        ))}
      </ul>
    </section>
  )
}
