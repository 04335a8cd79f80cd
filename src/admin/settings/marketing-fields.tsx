import { type MarketingSettings, SECRET_MASK } from '../../contract/settings'
import { t } from '../../i18n'
import { Field } from '../../ui/field'
import type { FieldErrors } from './settings-fields'

type Props = {
  value: MarketingSettings
  onChange: (value: MarketingSettings) => void
  errors: FieldErrors
}

/**
 * The Ads and analytics section: Meta's pixel with its Conversions API token, and Google Analytics 4 with its
 * Measurement Protocol secret. The server never sends a saved secret back: the box shows its last four
 * characters behind a mask, kept as it is, replaced by typing a new one, removed by emptying it.
 */
export function MarketingFields({ value, onChange, errors }: Props) {
  const text = (key: keyof Omit<MarketingSettings, 'askConsent'>, label: string, secret = false) => (
    <Field
      label={label}
      value={value[key]}
      error={errors[`marketing.${key}`]}
      autoComplete="off"
      spellCheck={false}
      {...(secret && value[key].startsWith(SECRET_MASK) ? { title: t('admin-settings.secret-saved') } : {})}
      onFocus={(event) => {
        // a masked secret is replaced whole: focusing it selects it
        if (secret && value[key].startsWith(SECRET_MASK)) event.currentTarget.select()
      }}
      onChange={(event) => onChange({ ...value, [key]: event.target.value })}
    />
  )
  return (
    <>
      {text('metaPixelId', t('admin-settings.meta-pixel-id'))}
      {text('metaAccessToken', t('admin-settings.meta-access-token'), true)}
      {text('metaTestEventCode', t('admin-settings.meta-test-code'))}
      {text('ga4MeasurementId', t('admin-settings.ga4-measurement-id'))}
      {text('ga4ApiSecret', t('admin-settings.ga4-api-secret'), true)}
      <label className="settings-check">
        <input
          type="checkbox"
          checked={value.askConsent}
          aria-describedby="settings-marketing-hint"
          onChange={(event) => onChange({ ...value, askConsent: event.target.checked })}
        />
        {t('admin-settings.ask-consent')}
      </label>
      <p id="settings-marketing-hint" className="settings-hint">
        {t('admin-settings.marketing-hint')}
      </p>
    </>
  )
}
