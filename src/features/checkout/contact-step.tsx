import { Link } from '@tanstack/react-router'
import { t } from '../../i18n'
import type { CheckoutContact } from './order-body'

type Props = {
  contact: CheckoutContact
  onChange: (next: CheckoutContact) => void
  fieldError: (field: string) => string | undefined
  /** the number field was left (a valid number keeps the cart for a reminder: docs/carts-left-behind.md) */
  onPhoneLeft?: (phone: string) => void
}

/** A guest's name, mobile number and optional email; signed-in shoppers skip this step. */
export function ContactStep({ contact, onChange, fieldError, onPhoneLeft }: Props) {
  return (
    <fieldset className="form-card">
      <legend>{t('checkout.contact')}</legend>
      <p className="muted">
        {t('checkout.guest')} <Link to="/auth/login">{t('checkout.log-in')}</Link>{' '}
        {t('checkout.log-in-for-saved')}
      </p>
      <div className="field">
        <label htmlFor="contact-name">{t('checkout.full-name')}</label>
        <input
          id="contact-name"
          autoComplete="name"
          required
          value={contact.name}
          onChange={(e) => onChange({ ...contact, name: e.target.value })}
          aria-invalid={Boolean(fieldError('customer.name'))}
        />
        {fieldError('customer.name') && <p className="field-error">{fieldError('customer.name')}</p>}
      </div>
      <div className="field">
        <label htmlFor="contact-phone">{t('checkout.mobile')}</label>
        <input
          id="contact-phone"
          autoComplete="tel"
          inputMode="tel"
          placeholder="01xxx-xxxxxx"
          required
          value={contact.phone}
          onChange={(e) => onChange({ ...contact, phone: e.target.value })}
          onBlur={(e) => onPhoneLeft?.(e.target.value)}
          aria-invalid={Boolean(fieldError('customer.phone'))}
        />
        {fieldError('customer.phone') && <p className="field-error">{fieldError('customer.phone')}</p>}
      </div>
      <div className="field">
        <label htmlFor="contact-email">{t('checkout.email')}</label>
        <input
          id="contact-email"
          type="email"
          autoComplete="email"
          value={contact.email}
          onChange={(e) => onChange({ ...contact, email: e.target.value })}
        />
        {fieldError('customer.email') && <p className="field-error">{fieldError('customer.email')}</p>}
      </div>
    </fieldset>
  )
}
