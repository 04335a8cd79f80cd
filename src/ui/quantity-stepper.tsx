import { figure, t } from '../i18n'
import './side-drawer.css'

type Props = {
  /** names what is counted, e.g. the product title */
  label: string
  value: number
  canDecrease: boolean
  canIncrease: boolean
  onChange: (quantity: number) => void
  testId?: string
}

/** − value + with the bounds decided by the caller (storefront §4: − blocked at 1, + blocked at stock). */
export function QuantityStepper({ label, value, canDecrease, canIncrease, onChange, testId }: Props) {
  return (
    <fieldset className="quantity">
      <legend className="visually-hidden">{label}</legend>
      <button
        type="button"
        className="quantity__button"
        aria-label={t('cart.decrease', { label: label.toLowerCase() })}
        disabled={!canDecrease}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output className="quantity__value" aria-live="polite" data-testid={testId}>
        {figure(value)}
      </output>
      <button
        type="button"
        className="quantity__button"
        aria-label={t('cart.increase', { label: label.toLowerCase() })}
        disabled={!canIncrease}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </fieldset>
  )
}
