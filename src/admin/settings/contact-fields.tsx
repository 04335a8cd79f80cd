import { type ShopSettings, type SocialNetwork, socialNetworks } from '../../contract/settings'
import { t } from '../../i18n'
import { Field } from '../../ui/field'
import { BilingualField, type FieldErrors } from './settings-fields'

const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
}

type Props = {
  /** what is typed in the phone boxes, empty ones included */
  boxes: string[]
  onBoxes: (boxes: string[]) => void
  /** the server's message for a phone box */
  phoneError: (slot: number) => string | undefined
  value: Pick<ShopSettings, 'email' | 'address' | 'hours' | 'social'>
  onChange: (patch: Partial<ShopSettings>) => void
  errors: FieldErrors
}

/** The Contact section's fields: the shop's phones, email, address, hours and social pages. */
export function ContactFields({ boxes, onBoxes, phoneError, value, onChange, errors }: Props) {
  return (
    <>
      {boxes.map((box, slot) => (
        <Field
          // biome-ignore lint/suspicious/noArrayIndexKey: the three boxes are fixed places
          key={slot}
          label={t('admin-settings.phone', { number: slot + 1 })}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={20}
          value={box}
          required={slot === 0}
          error={phoneError(slot)}
          onChange={(event) => onBoxes(boxes.map((old, i) => (i === slot ? event.target.value : old)))}
        />
      ))}
      <Field
        label={t('admin-settings.email')}
        type="email"
        value={value.email}
        error={errors.email}
        onChange={(event) => onChange({ email: event.target.value })}
      />
      <BilingualField
        label={t('admin-settings.address')}
        path="address"
        value={value.address}
        onChange={(address) => onChange({ address })}
        errors={errors}
        required
      />
      <BilingualField
        label={t('admin-settings.hours')}
        path="hours"
        value={value.hours}
        onChange={(hours) => onChange({ hours })}
        errors={errors}
        required
      />
      {socialNetworks.map((network) => (
        <Field
          key={network}
          label={t('admin-settings.social', { network: networkNames[network] })}
          type="url"
          placeholder="https://"
          value={value.social[network]}
          error={errors[`social.${network}`]}
          onChange={(event) => onChange({ social: { ...value.social, [network]: event.target.value } })}
        />
      ))}
    </>
  )
}
