import type { DeliveryZone } from '../../contract/addresses'
import type { DeliverySettings } from '../../contract/settings'
import { msg, t } from '../../i18n'
import { BilingualField, type FieldErrors, NumberField } from './settings-fields'

const zones = [
  { zone: 'inside_dhaka', label: msg('admin-settings.zone-inside-dhaka') },
  { zone: 'dhaka_suburbs', label: msg('admin-settings.zone-dhaka-suburbs') },
  { zone: 'outside_dhaka', label: msg('admin-settings.zone-outside-dhaka') },
] satisfies { zone: DeliveryZone; label: unknown }[]

type Props = {
  value: DeliverySettings
  onChange: (value: DeliverySettings) => void
  errors: FieldErrors
}

/** The Delivery section's fields: each zone's charges and estimate, then what holds for every zone. */
export function DeliveryFields({ value, onChange, errors }: Props) {
  const setZone = (zone: DeliveryZone, patch: Partial<DeliverySettings[DeliveryZone]>) =>
    onChange({ ...value, [zone]: { ...value[zone], ...patch } })
  return (
    <>
      {zones.map(({ zone, label }) => (
        <fieldset key={zone} className="settings-zone">
          <legend>{t(label)}</legend>
          <NumberField
            label={t('admin-settings.charge', { zone: t(label) })}
            inputMode="numeric"
            step={1}
            value={value[zone].charge}
            error={errors[`delivery.${zone}.charge`]}
            onChange={(charge) => setZone(zone, { charge })}
          />
          <NumberField
            label={t('admin-settings.per-kg', { zone: t(label) })}
            inputMode="numeric"
            step={1}
            value={value[zone].perKg}
            error={errors[`delivery.${zone}.perKg`]}
            onChange={(perKg) => setZone(zone, { perKg })}
          />
          <BilingualField
            label={t('admin-settings.estimate', { zone: t(label) })}
            path={`delivery.${zone}.estimate`}
            value={value[zone].estimate}
            onChange={(estimate) => setZone(zone, { estimate })}
            errors={errors}
            required
          />
        </fieldset>
      ))}
      <fieldset className="settings-zone" aria-describedby="settings-delivery-hint">
        <legend>{t('admin-settings.delivery-all-zones')}</legend>
        <NumberField
          label={t('admin-settings.base-kg')}
          inputMode="decimal"
          max={100}
          step={0.5}
          value={value.baseKg}
          error={errors['delivery.baseKg']}
          onChange={(baseKg) => onChange({ ...value, baseKg })}
        />
        <NumberField
          label={t('admin-settings.free-above')}
          inputMode="numeric"
          step={1}
          value={value.freeAbove}
          error={errors['delivery.freeAbove']}
          onChange={(freeAbove) => onChange({ ...value, freeAbove })}
        />
        <p id="settings-delivery-hint" className="settings-hint">
          {t('admin-settings.delivery-hint')}
        </p>
      </fieldset>
    </>
  )
}
