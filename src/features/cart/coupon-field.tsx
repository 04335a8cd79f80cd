import { useState } from 'react'
import { t } from '../../i18n'

type Props = {
  applied: string
  /** the server's reason when the applied code does not hold */
  error: string | null
  onApply: (code: string) => void
}

/** A coupon code the server checks with the cart's quote. */
export function CouponField({ applied, error, onApply }: Props) {
  const [text, setText] = useState(applied)
  return (
    <form
      className="coupon-field"
      onSubmit={(event) => {
        event.preventDefault()
        onApply(text.trim().toUpperCase())
      }}
    >
      <label htmlFor="coupon-code">{t('cart.coupon-code')}</label>
      <div className="coupon-field__row">
        <input
          id="coupon-code"
          name="coupon"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'coupon-error' : undefined}
        />
        <button type="submit" className="button button--ghost">
          {t('cart.apply')}
        </button>
        {applied && (
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              setText('')
              onApply('')
            }}
          >
            {t('cart.remove')}
          </button>
        )}
      </div>
      {error && applied && (
        <p id="coupon-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      {!error && applied && <p className="field-ok">{t('cart.coupon-applied', { code: applied })}</p>}
    </form>
  )
}
