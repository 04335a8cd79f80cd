import type { ChatSettings } from '../../contract/settings'
import { t } from '../../i18n'
import { Field } from '../../ui/field'
import type { FieldErrors } from './settings-fields'

type Props = {
  value: ChatSettings
  onChange: (value: ChatSettings) => void
  errors: FieldErrors
}

/** The Chat to order section: the shop's WhatsApp number and Messenger username, each with its switch. */
export function ChatFields({ value, onChange, errors }: Props) {
  const { whatsapp, messenger } = value
  return (
    <>
      <Field
        label={t('admin-settings.whatsapp-number')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="01xxx-xxxxxx"
        maxLength={24}
        value={whatsapp.number}
        error={errors['chat.whatsapp.number']}
        onChange={(event) => onChange({ ...value, whatsapp: { ...whatsapp, number: event.target.value } })}
      />
      <label className="settings-check">
        <input
          type="checkbox"
          checked={whatsapp.show}
          onChange={(event) => onChange({ ...value, whatsapp: { ...whatsapp, show: event.target.checked } })}
        />
        {t('admin-settings.whatsapp-show')}
      </label>
      <Field
        label={t('admin-settings.messenger-username')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="yourshop"
        maxLength={120}
        value={messenger.username}
        error={errors['chat.messenger.username']}
        onChange={(event) =>
          onChange({ ...value, messenger: { ...messenger, username: event.target.value } })
        }
      />
      <label className="settings-check">
        <input
          type="checkbox"
          checked={messenger.show}
          onChange={(event) =>
            onChange({ ...value, messenger: { ...messenger, show: event.target.checked } })
          }
        />
        {t('admin-settings.messenger-show')}
      </label>
      <p className="settings-hint">{t('admin-settings.chat-hint')}</p>
    </>
  )
}
