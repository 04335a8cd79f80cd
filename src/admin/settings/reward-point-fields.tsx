import type { RewardPointSettings } from '../../contract/settings'
import { t } from '../../i18n'
import { type FieldErrors, NumberField } from './settings-fields'

type Props = {
  value: RewardPointSettings
  onChange: (value: RewardPointSettings) => void
  errors: FieldErrors
}

/** The Reward points section: what delivered orders earn, what a point is worth, and when it can be spent. */
export function RewardPointFields({ value, onChange, errors }: Props) {
  const field = (key: Exclude<keyof RewardPointSettings, 'spending'>, label: string, decimal = false) => (
    <NumberField
      label={label}
      inputMode={decimal ? 'decimal' : 'numeric'}
      step={decimal ? 'any' : 1}
      value={value[key]}
      error={errors[`rewardPoints.${key}`]}
      onChange={(changed) => onChange({ ...value, [key]: changed })}
    />
  )
  return (
    <>
      {field('earnPer100', t('admin-settings.points-earn'))}
      {field('pointValue', t('admin-settings.points-value'), true)}
      {field('minimum', t('admin-settings.points-minimum'))}
      {field('capPercent', t('admin-settings.points-cap'))}
      <label className="settings-check">
        <input
          type="checkbox"
          checked={value.spending}
          aria-describedby="settings-points-hint"
          onChange={(event) => onChange({ ...value, spending: event.target.checked })}
        />
        {t('admin-settings.points-spending')}
      </label>
      <p id="settings-points-hint" className="settings-hint">
        {t('admin-settings.points-hint')}
      </p>
    </>
  )
}
