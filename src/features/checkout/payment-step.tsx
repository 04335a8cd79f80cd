import type { ReactNode } from 'react'
import { msg, t } from '../../i18n'
import { builtInShop } from '../../lib/shop'
import { useShop } from '../../state/shop'

/** the methods checkout knows how to show; the shop's settings say which of them are on */
const METHODS = {
  cod: { name: msg('checkout.cod'), hint: msg('checkout.cod-hint') },
  bkash: { name: msg('checkout.bkash'), hint: msg('checkout.bkash-hint') },
  transfer: { name: msg('checkout.transfer'), hint: msg('checkout.transfer-hint') },
} as const

type Method = keyof typeof METHODS
const isMethod = (method: string): method is Method => method in METHODS

/** The payment methods the shop takes now, cash on delivery until the shop's settings are read. */
export function useOfferedPayments(): Method[] {
  const offered = (useShop()?.payments ?? builtInShop.payments).filter(isMethod)
  return offered.length > 0 ? offered : ['cod']
}

/** How the shopper pays: one choice per method the shop has switched on. */
export function PaymentStep({
  offered,
  method,
  onChange,
  error,
  children,
}: {
  offered: Method[]
  method: string
  onChange: (method: Method) => void
  error?: string
  /** what the chosen method asks for (a transfer's transaction ID) */
  children?: ReactNode
}) {
  return (
    <fieldset className="form-card" aria-describedby={error ? 'payment-error' : undefined}>
      <legend>{t('checkout.payment')}</legend>
      {offered.map((option) => (
        <label className="saved-address" key={option}>
          <input
            type="radio"
            name="payment"
            value={option}
            checked={method === option}
            onChange={() => onChange(option)}
          />
          <span>
            <strong>{t(METHODS[option].name)}</strong> {t(METHODS[option].hint)}
          </span>
        </label>
      ))}
      {children}
      {error && (
        <p id="payment-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
