import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { myReviewsQuery } from '../../state/reviews'
import { useCurrentUser } from '../../state/session'
import '../../styles/commerce.css'

/** /user/reviews: the reviews the shopper wrote. */
export function MyReviewsPage({ signIn }: { signIn: React.ReactNode }) {
  const user = useCurrentUser()
  const mine = useQuery({ ...myReviewsQuery, enabled: Boolean(user) })
  return (
    <section className="commerce-page">
      <h1>My reviews</h1>
      {!user && signIn}
      {user && mine.data?.data.length === 0 && (
        <p className="empty-note">You have not reviewed any product yet.</p>
      )}
      <ul className="reviews__list">
        {mine.data?.data.map((review) => (
          <li key={review.id} className="review form-card">
            <p className="review__head">
              <Link to="/product/$slug" params={{ slug: review.productSlug }}>
                {review.productName}
              </Link>{' '}
              <span aria-hidden="true">{'★'.repeat(review.rating)}</span>
              <span className="visually-hidden">{review.rating} out of 5</span>
              {review.status !== 'active' && <span className="tag">{review.status}</span>}
            </p>
            {review.text && <p>{review.text}</p>}
          </li>
        ))}
      </ul>
    </section>
  )
}
