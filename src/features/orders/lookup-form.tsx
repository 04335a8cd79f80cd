import { useState } from 'react'
import type { Order } from '../../contract/orders'
import { t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { lookupOrder } from './orders-api'

/** A guest finds an order by its number and the mobile number it was placed with. */
export function OrderLookupForm({
  onFound,
  initialNumber = '',
}: {
  onFound: (order: Order) => void
  initialNumber?: string
}) {
  const [number, setNumber] = useState(initialNumber)
  const [phone, setPhone] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  return (
    <form
      className="form-card lookup-form"
      aria-labelledby="lookup-title"
      onSubmit={async (event) => {
        event.preventDefault()
        setBusy(true)
        setError(null)
        try {
          onFound(await lookupOrder(number.trim(), phone.trim()))
        } catch (e) {
          setError(e instanceof ApiRequestError ? e.message : t('orders.something-wrong'))
        } finally {
          setBusy(false)
        }
      }}
    >
      <h2 id="lookup-title">{t('orders.find-title')}</h2>
      <div className="field">
        <label htmlFor="lookup-number">{t('orders.number')}</label>
        <input
          id="lookup-number"
          required
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          placeholder="HT-261121-ABCDE"
        />
      </div>
      <div className="field">
        <label htmlFor="lookup-phone">{t('orders.mobile')}</label>
        <input
          id="lookup-phone"
          required
          inputMode="tel"
          placeholder="01xxx-xxxxxx"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {t('orders.find')}
      </button>
    </form>
  )
}
