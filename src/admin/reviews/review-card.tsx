import { type FormEvent, useId, useState } from 'react'
import type { AdminReview } from '../../contract/admin-reviews'
import { figure, t } from '../../i18n'
import { formatDateTime } from '../../i18n/date-time'
import { Popup } from '../../ui/popup'
import { TextArea } from '../form-parts'
import type { ReviewAction } from './reviews-api'

type ReviewCardProps = {
  review: AdminReview
  busy: boolean
  onAct: (action: ReviewAction) => void
}

const stars = (rating: number) => '★★★★★'.slice(0, rating) + '☆☆☆☆☆'.slice(0, 5 - rating)

/** One review as the shop decides on it: what was written and shown, by whom, and what can be done. */
export function ReviewCard({ review, busy, onAct }: ReviewCardProps) {
  const titleId = useId()
  const [photo, setPhoto] = useState<number | null>(null)
  const opened = photo === null ? undefined : review.photos[photo]
  const photoAlt = (index: number) =>
    t('admin-reviews.photo', { index: figure(index + 1), name: review.name })

  return (
    <article className="admin-card review-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="review-card__product">
        <a href={`/product/${review.product.slug}`} target="_blank" rel="noreferrer">
          {review.product.name}
          <span className="visually-hidden"> {t('admin-reviews.opens-new-tab')}</span>
        </a>
      </h2>
      <p className="review-card__rating">
        <span aria-hidden="true">{stars(review.rating)}</span>
        <span className="visually-hidden">
          {t('admin-reviews.rating', { rating: figure(review.rating), max: figure(5) })}
        </span>
      </p>
      {review.text ? (
        <p className="review-card__text">{review.text}</p>
      ) : (
        <p className="review-card__muted">{t('admin-reviews.no-text')}</p>
      )}
      {review.photos.length > 0 && (
        <ul className="review-card__photos" aria-label={t('admin-reviews.photos')}>
          {review.photos.map((item, index) => (
            <li key={item.path}>
              <button type="button" className="review-card__thumb" onClick={() => setPhoto(index)}>
                <img src={item.url} alt={photoAlt(index)} width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="review-card__by">
        {t('admin-reviews.by', {
          name: review.name,
          time: formatDateTime(review.createdAt),
        })}
        {review.phone && (
          <>
            {' · '}
            <a href={`tel:${review.phone}`}>{figure(review.phone)}</a>
          </>
        )}
        {' · '}
        {review.byCustomer ? t('admin-reviews.by-customer') : t('admin-reviews.by-guest')}
      </p>
      <div className="admin-actions">
        {review.status !== 'active' && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => onAct({ id: review.id, verb: 'approve' })}
          >
            {t('admin-reviews.approve')}
            <span className="visually-hidden">: {review.name}</span>
          </button>
        )}
        {review.status !== 'rejected' && (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => onAct({ id: review.id, verb: 'hide' })}
          >
            {t('admin-reviews.hide')}
            <span className="visually-hidden">: {review.name}</span>
          </button>
        )}
      </div>
      <ReplyForm review={review} busy={busy} onAct={onAct} />
      {opened && photo !== null && (
        <Popup title={photoAlt(photo)} onClose={() => setPhoto(null)} width="min(720px, 94vw)">
          <img className="review-card__large" src={opened.url} alt={photoAlt(photo)} />
        </Popup>
      )}
    </article>
  )
}

/** The shop's answer, written where the review is: saving it empty takes it away. */
function ReplyForm({ review, busy, onAct }: ReviewCardProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = String(new FormData(event.currentTarget).get('reply') ?? '').trim()
    onAct({ id: review.id, verb: 'reply', text })
  }
  return (
    <form key={review.reply ?? ''} className="review-card__reply" onSubmit={submit}>
      <TextArea
        label={review.reply ? t('admin-reviews.reply-edit') : t('admin-reviews.reply-new')}
        name="reply"
        rows={2}
        maxLength={1000}
        defaultValue={review.reply ?? ''}
      />
      {review.reply && review.repliedAt && (
        <p className="review-card__muted">
          {t('admin-reviews.replied-at', {
            time: formatDateTime(review.repliedAt),
          })}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="button button--ghost button--small" disabled={busy}>
          {t('admin-reviews.reply-save')}
          <span className="visually-hidden">: {review.name}</span>
        </button>
      </div>
    </form>
  )
}
