import { t } from '../../i18n'

/** Cash on delivery, the one payment method the shop offers. */
export function PaymentStep() {
  return (
    <fieldset className="form-card">
      <legend>{t('checkout.payment')}</legend>
      <label className="saved-address">
        <input type="radio" name="payment" value="cod" checked readOnly />
        <span>
          <strong>{t('checkout.cod')}</strong> {t('checkout.cod-hint')}
        </span>
      </label>
    </fieldset>
  )
}
