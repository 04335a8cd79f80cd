import type { ShopSettings } from '../../contract/settings'
import { msg, t } from '../../i18n'
import { Field } from '../../ui/field'
import { FormAlert } from '../form-parts'
import { type FieldErrors, NumberField } from './settings-fields'

const wallets = [
  { wallet: 'bkash', name: msg('admin-settings.wallet-bkash') },
  { wallet: 'nagad', name: msg('admin-settings.wallet-nagad') },
  { wallet: 'rocket', name: msg('admin-settings.wallet-rocket') },
] as const

type PaymentSettings = ShopSettings['payments']

type Props = {
  value: PaymentSettings
  onChange: (value: PaymentSettings) => void
  errors: FieldErrors
}

/** The Payments section's fields: which methods the shop takes, the wallets' numbers, cash on delivery's limits. */
export function PaymentFields({ value, onChange, errors }: Props) {
  return (
    <>
      {(['cod', 'bkash', 'transfer'] as const).map((method) => (
        <label key={method} className="settings-check">
          <input
            type="checkbox"
            checked={value[method].enabled}
            aria-describedby={method === 'bkash' ? 'settings-bkash-hint' : undefined}
            onChange={(event) =>
              onChange({
                ...value,
                [method]: { ...value[method], enabled: event.target.checked },
              })
            }
          />
          {method === 'cod'
            ? t('admin-settings.pay-cod')
            : method === 'bkash'
              ? t('admin-settings.pay-bkash')
              : t('admin-settings.pay-transfer')}
        </label>
      ))}
      {wallets.map(({ wallet, name }) => (
        <Field
          key={wallet}
          label={t('admin-settings.transfer-number', { wallet: t(name) })}
          type="tel"
          inputMode="tel"
          value={value.transfer.numbers[wallet]}
          error={errors[`payments.transfer.numbers.${wallet}`]}
          onChange={(event) =>
            onChange({
              ...value,
              transfer: {
                ...value.transfer,
                numbers: { ...value.transfer.numbers, [wallet]: event.target.value },
              },
            })
          }
        />
      ))}
      <NumberField
        label={t('admin-settings.cod-limit')}
        inputMode="numeric"
        step={1}
        value={value.cod.limit}
        error={errors['payments.cod.limit']}
        onChange={(limit) => onChange({ ...value, cod: { ...value.cod, limit } })}
      />
      <NumberField
        label={t('admin-settings.cod-open')}
        inputMode="numeric"
        max={100}
        step={1}
        value={value.cod.maxOpen}
        error={errors['payments.cod.maxOpen']}
        onChange={(maxOpen) => onChange({ ...value, cod: { ...value.cod, maxOpen } })}
      />
      <NumberField
        label={t('admin-settings.cod-confirm')}
        inputMode="numeric"
        step={1}
        value={value.cod.confirmAbove}
        error={errors['payments.cod.confirmAbove']}
        onChange={(confirmAbove) => onChange({ ...value, cod: { ...value.cod, confirmAbove } })}
      />
      <label className="settings-check">
        <input
          type="checkbox"
          checked={value.cod.advance.outsideDhaka}
          aria-describedby="settings-advance-hint"
          onChange={(event) =>
            onChange({
              ...value,
              cod: {
                ...value.cod,
                advance: { ...value.cod.advance, outsideDhaka: event.target.checked },
              },
            })
          }
        />
        {t('admin-settings.advance-outside')}
      </label>
      <NumberField
        label={t('admin-settings.advance-above')}
        inputMode="numeric"
        step={1}
        value={value.cod.advance.above}
        error={errors['payments.cod.advance.above']}
        onChange={(above) =>
          onChange({
            ...value,
            cod: { ...value.cod, advance: { ...value.cod.advance, above } },
          })
        }
      />
      <p id="settings-advance-hint" className="settings-hint">
        {t('admin-settings.advance-hint')}
      </p>
      {errors['payments.cod.advance.outsideDhaka'] && (
        <FormAlert message={errors['payments.cod.advance.outsideDhaka']} />
      )}
      <p id="settings-bkash-hint" className="settings-hint">
        {t('admin-settings.pay-bkash-hint')}
      </p>
      {errors['payments.cod.enabled'] && <FormAlert message={errors['payments.cod.enabled']} />}
    </>
  )
}
