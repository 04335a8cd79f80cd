import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { figure, type MessageKey, msg, t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { mediaUrl } from '../../lib/media'
import { toast } from '../../lib/toast'
import { reviewKeys } from '../../state/reviews'
import { setUserReviewed } from '../../state/ui'
import { postGuestReview, postReview, uploadReviewPhoto } from './product-api'

const MAX_PHOTOS = 4

/** Write a review: rating, text, up to 4 photos; guests add name + phone and wait for approval. */
export function ReviewForm({ slug, loggedIn }: { slug: string; loggedIn: boolean }) {
  const queryClient = useQueryClient()
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [photos, setPhotos] = useState<string[]>([])
  const [uploading, setUploading] = useState(false)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [done, setDone] = useState<MessageKey | null>(null)

  const submit = useMutation({
    mutationFn: () =>
      loggedIn
        ? postReview({ product_slug: slug, rating, text, photos })
        : postGuestReview({ product_slug: slug, rating, text, photos, name, phone }),
    onSuccess: async (review) => {
      if (review.status === 'active') {
        setUserReviewed(slug, true)
        setDone(msg('product.review-published'))
      } else setDone(msg('product.review-pending'))
      await queryClient.invalidateQueries({ queryKey: reviewKeys.ofProduct(slug) })
      await queryClient.invalidateQueries({ queryKey: reviewKeys.mine() })
    },
    onError: (error) => setErrors(error instanceof ApiRequestError ? error.fields : {}),
    meta: { silent: true },
  })

  if (done)
    return (
      <p className="notice notice--success" role="status">
        {t(done)}
      </p>
    )

  const error = (field: string) => errors[field]?.[0]
  return (
    <form
      className="form-card review-form"
      aria-labelledby="review-form-title"
      onSubmit={(event) => {
        event.preventDefault()
        if (rating === 0) return setErrors({ rating: [t('product.choose-rating')] })
        submit.mutate()
      }}
    >
      <h3 id="review-form-title">{t('product.write-review')}</h3>
      <fieldset className="stars-input">
        <legend>{t('product.your-rating')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={value <= rating ? 'is-on' : ''}>
            <input
              type="radio"
              name="rating"
              value={value}
              checked={rating === value}
              onChange={() => setRating(value)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('product.stars', { count: value })}</span>
          </label>
        ))}
      </fieldset>
      {error('rating') && <p className="field-error">{error('rating')}</p>}
      {!loggedIn && (
        <>
          <div className="field">
            <label htmlFor="review-name">{t('product.your-name')}</label>
            <input id="review-name" required value={name} onChange={(e) => setName(e.target.value)} />
            {error('name') && <p className="field-error">{error('name')}</p>}
          </div>
          <div className="field">
            <label htmlFor="review-phone">{t('product.mobile-number')}</label>
            <input
              id="review-phone"
              required
              inputMode="tel"
              placeholder="01xxx-xxxxxx"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
            {error('phone') && <p className="field-error">{error('phone')}</p>}
          </div>
        </>
      )}
      <div className="field">
        <label htmlFor="review-text">{t('product.your-review')}</label>
        <textarea
          id="review-text"
          rows={4}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="review-photo">
          {t('product.photos', { max: figure(MAX_PHOTOS), size: figure(5) })}
        </label>
        <input
          id="review-photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={uploading || photos.length >= MAX_PHOTOS}
          onChange={async (event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (!file) return
            setUploading(true)
            try {
              const uploaded = await uploadReviewPhoto(file)
              setPhotos((list) => [...list, uploaded.path].slice(0, MAX_PHOTOS))
            } catch (e) {
              toast.error(e instanceof ApiRequestError ? e.message : t('product.photo-failed'))
            } finally {
              setUploading(false)
            }
          }}
        />
        {uploading && <p aria-busy="true">{t('product.uploading')}</p>}
        {photos.length > 0 && (
          <ul className="review-photos">
            {photos.map((path) => (
              <li key={path}>
                <img src={mediaUrl(path)} alt={t('product.your-upload')} width={64} height={64} />
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => setPhotos((list) => list.filter((p) => p !== path))}
                >
                  {t('product.remove-photo')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {Object.entries(errors)
        .filter(([field]) => !['rating', 'name', 'phone'].includes(field))
        .map(([field, messages]) => (
          <p key={field} className="field-error" role="alert">
            {messages[0]}
          </p>
        ))}
      <button type="submit" className="button" disabled={submit.isPending || uploading}>
        {t('product.submit-review')}
      </button>
    </form>
  )
}
