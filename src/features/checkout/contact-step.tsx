import { Link } from '@tanstack/react-router'
import type { CheckoutContact } from './order-body'

type Props = {
  contact: CheckoutContact
  onChange: (next: CheckoutContact) => void
  fieldError: (field: string) => string | undefined
}

/** A guest's name, mobile number and optional email; signed-in shoppers skip this step. */
export function ContactStep({ contact, onChange, fieldError }: Props) {
  return (
    <fieldset className="form-card">
      <legend>Contact</legend>
      <p className="muted">
        Checking out as a guest. <Link to="/auth/login">Log in</Link> to use saved addresses.
      </p>
      <div className="field">
        <label htmlFor="contact-name">Full name</label>
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
        <label htmlFor="contact-phone">Mobile number</label>
        <input
          id="contact-phone"
          autoComplete="tel"
          inputMode="tel"
          placeholder="01xxx-xxxxxx"
          required
          value={contact.phone}
          onChange={(e) => onChange({ ...contact, phone: e.target.value })}
          aria-invalid={Boolean(fieldError('customer.phone'))}
        />
        {fieldError('customer.phone') && <p className="field-error">{fieldError('customer.phone')}</p>}
      </div>
      <div className="field">
        <label htmlFor="contact-email">Email (optional)</label>
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
