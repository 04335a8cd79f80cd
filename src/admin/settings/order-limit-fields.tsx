import type { OrderLimits } from '../../contract/settings'
import { t } from '../../i18n'
import { type FieldErrors, NumberField } from './settings-fields'

type Props = {
  value: OrderLimits
  onChange: (value: OrderLimits) => void
  errors: FieldErrors
}

/**
 * The Order limits section: how much of the stock one order, and one shopper, may take before the shop has
 * the money or its word for it.
 */
export function OrderLimitFields({ value, onChange, errors }: Props) {
  const field = (key: keyof OrderLimits, label: string, max: number) => (
    <NumberField
      label={label}
      inputMode="numeric"
      max={max}
      step={1}
      value={value[key]}
      error={errors[`orderLimits.${key}`]}
      onChange={(changed) => onChange({ ...value, [key]: changed })}
    />
  )
  return (
    <>
      {field('perLine', t('admin-settings.limit-per-line'), 1000)}
      {field('perOrder', t('admin-settings.limit-per-order'), 10_000)}
      {field('guestTotal', t('admin-settings.limit-guest-total'), 10_000_000)}
      {field('heldPerNumber', t('admin-settings.limit-held-number'), 10_000)}
      {field('heldPerAddress', t('admin-settings.limit-held-address'), 10_000)}
      <p className="settings-hint">{t('admin-settings.limits-hint')}</p>
    </>
  )
}
