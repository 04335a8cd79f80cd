import type { ReactNode } from 'react'
import { msg, t, taka } from '../../i18n'

/** the ways to pay a delivery charge in advance, as checkout names them */
const WAYS = { bkash: msg('checkout.bkash'), transfer: msg('checkout.transfer') } as const
export type AdvanceWay = keyof typeof WAYS
export const isAdvanceWay = (method: string): method is AdvanceWay => method in WAYS

/**
 * Cash on delivery whose delivery charge the shop asks in advance (outside Dhaka, or a large order): how
 * much now and how much at the door, and how the charge is paid.
 */
export function AdvanceChoice({
  advance,
  total,
  ways,
  way,
  onChange,
  error,
  children,
}: {
  advance: number
  total: number
  ways: AdvanceWay[]
  way: AdvanceWay
  onChange: (way: AdvanceWay) => void
  error?: string
  /** what the chosen way asks for (a transfer's transaction ID) */
  children?: ReactNode
}) {
  return (
    <fieldset className="advance-choice" aria-describedby={error ? 'advance-error' : undefined}>
      <legend>{t('checkout.advance-title')}</legend>
      <p className="notice" data-testid="advance-split">
        {t('checkout.advance-split', { advance: taka(advance), rest: taka(total - advance) })}
      </p>
      {ways.map((option) => (
        <label className="saved-address" key={option}>
          <input
            type="radio"
            name="advance-way"
            value={option}
            checked={way === option}
            onChange={() => onChange(option)}
          />
          <span>{t(WAYS[option])}</span>
        </label>
      ))}
      {children}
      {error && (
        <p id="advance-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
