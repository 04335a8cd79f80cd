import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { figure, formatDate, t } from '../../i18n'
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
      <h2 id="reviews-title">{t('product.reviews')}</h2>
      {data && (
        <div className="reviews__summary">
          <p className="reviews__average">
            <span aria-hidden="true">{stars(data.average)}</span>{' '}
            {t('product.average', {
              rating: figure(data.average.toFixed(1)),
              max: figure(5),
              count: data.total,
            })}
          </p>
          <ul className="reviews__bars" aria-label={t('product.reviews-per-star')}>
            {[5, 4, 3, 2, 1].map((star) => {
              const count = data.counts[String(star)] ?? 0
              return (
                <li key={star}>
                  <span>{figure(star)} ★</span>
                  <meter
                    min={0}
                    max={Math.max(1, data.total)}
                    value={count}
                    aria-label={t('product.star-meter', { count: figure(star) })}
                  />
                  <span>{figure(count)}</span>
                </li>
              )
            })}
          </ul>
        </div>
      )}
      {data?.data.length === 0 && <p className="muted">{t('product.no-reviews')}</p>}
      <ul className="reviews__list">
        {data?.data.map((review) => (
          <li key={review.id} className="review">
            <p className="review__head">
              <span aria-hidden="true">{stars(review.rating)}</span>
              <span className="visually-hidden">
                {t('product.rating-out-of', { rating: figure(review.rating), max: figure(5) })}
              </span>{' '}
              <strong>{review.name}</strong>{' '}
              <time dateTime={review.createdAt}>{formatDate(review.createdAt, {})}</time>
            </p>
            {review.text && <p>{review.text}</p>}
            {review.photos.length > 0 && (
              <ul className="review-photos">
                {review.photos.map((photo) => (
                  <li key={photo}>
                    <img
                      src={mediaUrl(photo)}
                      alt={t('product.photo-from', { name: review.name })}
                      width={96}
                      height={96}
                      loading="lazy"
                    />
                  </li>
                ))}
              </ul>
            )}
            {review.reply && (
              <div className="review__reply">
                <p className="review__reply-label">{t('product.shop-reply')}</p>
                <p>{review.reply}</p>
              </div>
            )}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="row-actions" aria-label={t('product.review-pages')}>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('product.newer')}
          </button>
          <span>{t('product.page-of', { page: figure(page), pages: figure(pages) })}</span>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('product.older')}
          </button>
        </nav>
      )}
      {snap.isUserReviewed[slug] ? (
        <p className="muted">{t('product.reviewed')}</p>
      ) : (
        <ReviewForm slug={slug} loggedIn={Boolean(user)} />
      )}
    </section>
  )
}
