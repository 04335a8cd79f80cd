import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { mediaUrl } from '../../lib/media'
import { myReviewsQuery } from '../../state/reviews'
import { useCurrentUser } from '../../state/session'
import { setUserReviewed, ui } from '../../state/ui'
import { reviewsQuery } from './product-api'
import { ReviewForm } from './review-form'

const stars = (rating: number) =>
  '★★★★★'.slice(0, Math.round(rating)) + '☆☆☆☆☆'.slice(0, 5 - Math.round(rating))

/** Reviews: average, count per star, the active list newest first (paged), and the form. */
export function ReviewsSection({ slug }: { slug: string }) {
  const [page, setPage] = useState(1)
  const list = useQuery(reviewsQuery(slug, page))
  const user = useCurrentUser()
  const mine = useQuery({ ...myReviewsQuery, enabled: Boolean(user) })
  const snap = useSnapshot(ui)
  useEffect(() => {
    for (const [reviewed, yes] of Object.entries(mine.data?.isUserReviewed ?? {}))
      setUserReviewed(reviewed, yes)
  }, [mine.data])
  const data = list.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      {data && (
        <div className="reviews__summary">
          <p className="reviews__average">
            <span aria-hidden="true">{stars(data.average)}</span> {data.average.toFixed(1)} out of 5 (
            {data.total} {data.total === 1 ? 'review' : 'reviews'})
          </p>
          <ul className="reviews__bars" aria-label="Reviews per star">
            {[5, 4, 3, 2, 1].map((star) => {
              const count = data.counts[String(star)] ?? 0
              return (
                <li key={star}>
                  <span>{star} ★</span>
                  <meter min={0} max={Math.max(1, data.total)} value={count} aria-label={`${star} stars`} />
                  <span>{count}</span>
                </li>
              )
            })}
          </ul>
        </div>
      )}
      {data?.data.length === 0 && (
        <p className="muted">No reviews yet. Be the first to review this product.</p>
      )}
      <ul className="reviews__list">
        {data?.data.map((review) => (
          <li key={review.id} className="review">
            <p className="review__head">
              <span aria-hidden="true">{stars(review.rating)}</span>
              <span className="visually-hidden">{review.rating} out of 5</span> <strong>{review.name}</strong>{' '}
              <time dateTime={review.createdAt}>
                {new Date(review.createdAt).toLocaleDateString('en-GB')}
              </time>
            </p>
            {review.text && <p>{review.text}</p>}
            {review.photos.length > 0 && (
              <ul className="review-photos">
                {review.photos.map((photo) => (
                  <li key={photo}>
                    <img
                      src={mediaUrl(photo)}
                      alt={`From ${review.name}`}
                      width={96}
                      height={96}
                      loading="lazy"
                    />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="row-actions" aria-label="Review pages">
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </nav>
      )}
      {snap.isUserReviewed[slug] ? (
        <p className="muted">You have reviewed this product. Thank you!</p>
      ) : (
        <ReviewForm slug={slug} loggedIn={Boolean(user)} />
      )}
    </section>
  )
}
