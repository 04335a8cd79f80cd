import { type FormEvent, type ReactNode, useState } from 'react'
import { type ShopSettings, type SocialNetwork, socialNetworks } from '../../contract/settings'
import { msg, t } from '../../i18n'
import { Field } from '../../ui/field'
import { FormAlert, LiveStatus } from '../form-parts'
import { ImageField } from '../image-field'
import { DeliveryFields } from './delivery-fields'
import { OrderLimitFields } from './order-limit-fields'
import { BilingualField, type FieldErrors, NumberField } from './settings-fields'

const PHONE_SLOTS = 3
const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
}

type SettingsFormProps = {
  initial: ShopSettings
  busy: boolean
  errors: FieldErrors
  /** what went wrong with the whole form (a conflict, the network) */
  problem: ReactNode
  status: string | null
  onSave: (settings: ShopSettings) => void
}

const wallets = [
  { wallet: 'bkash', name: msg('admin-settings.wallet-bkash') },
  { wallet: 'nagad', name: msg('admin-settings.wallet-nagad') },
  { wallet: 'rocket', name: msg('admin-settings.wallet-rocket') },
] as const

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="admin-form-grid settings-grid">{children}</div>
    </section>
  )
}

/** The phones typed in the three boxes, empty ones left out; `slots` says which box each came from. */
function typedPhones(boxes: string[]) {
  const slots: number[] = []
  const phones: string[] = []
  boxes.forEach((box, slot) => {
    if (box.trim() === '') return
    slots.push(slot)
    phones.push(box)
  })
  return { phones, slots }
}

/** The owner's settings form: every group in both languages, saved at once with the version loaded. */
export function SettingsForm({ initial, busy, errors, problem, status, onSave }: SettingsFormProps) {
  const [draft, setDraft] = useState(initial)
  const [boxes, setBoxes] = useState(() =>
    Array.from({ length: PHONE_SLOTS }, (_, slot) => initial.phones[slot] ?? ''),
  )
  const set = <K extends keyof ShopSettings>(key: K, value: ShopSettings[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  const { phones, slots } = typedPhones(boxes)
  // the server numbers the phones it was sent; each message goes back to its box
  const phoneError = (slot: number) => {
    const sent = slots.indexOf(slot)
    return (sent >= 0 ? errors[`phones.${sent}`] : undefined) ?? (slot === 0 ? errors.phones : undefined)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave({ ...draft, phones })
  }

  return (
    <form className="admin-stack settings-form" onSubmit={submit} noValidate>
      <Section id="settings-shop" title={t('admin-settings.section-shop')}>
        <BilingualField
          label={t('admin-settings.name')}
          path="name"
          value={draft.name}
          onChange={(value) => set('name', value)}
          errors={errors}
          required
        />
        <div className="admin-form-grid__end">
          <ImageField
            label={t('admin-settings.logo')}
            use="shop"
            value={draft.logo ?? ''}
            onChange={(path) => set('logo', path || null)}
            error={errors.logo}
          />
        </div>
      </Section>

      <Section id="settings-contact" title={t('admin-settings.section-contact')}>
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
            onChange={(event) => setBoxes(boxes.map((old, i) => (i === slot ? event.target.value : old)))}
          />
        ))}
        <Field
          label={t('admin-settings.email')}
          type="email"
          value={draft.email}
          error={errors.email}
          onChange={(event) => set('email', event.target.value)}
        />
        <BilingualField
          label={t('admin-settings.address')}
          path="address"
          value={draft.address}
          onChange={(value) => set('address', value)}
          errors={errors}
          required
        />
        <BilingualField
          label={t('admin-settings.hours')}
          path="hours"
          value={draft.hours}
          onChange={(value) => set('hours', value)}
          errors={errors}
          required
        />
        {socialNetworks.map((network) => (
          <Field
            key={network}
            label={t('admin-settings.social', { network: networkNames[network] })}
            type="url"
            placeholder="https://"
            value={draft.social[network]}
            error={errors[`social.${network}`]}
            onChange={(event) => set('social', { ...draft.social, [network]: event.target.value })}
          />
        ))}
      </Section>

      <Section id="settings-delivery" title={t('admin-settings.section-delivery')}>
        <DeliveryFields
          value={draft.delivery}
          onChange={(delivery) => set('delivery', delivery)}
          errors={errors}
        />
      </Section>

      <Section id="settings-payments" title={t('admin-settings.section-payments')}>
        {(['cod', 'bkash', 'transfer'] as const).map((method) => (
          <label key={method} className="settings-check">
            <input
              type="checkbox"
              checked={draft.payments[method].enabled}
              aria-describedby={method === 'bkash' ? 'settings-bkash-hint' : undefined}
              onChange={(event) =>
                set('payments', {
                  ...draft.payments,
                  [method]: { ...draft.payments[method], enabled: event.target.checked },
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
            value={draft.payments.transfer.numbers[wallet]}
            error={errors[`payments.transfer.numbers.${wallet}`]}
            onChange={(event) =>
              set('payments', {
                ...draft.payments,
                transfer: {
                  ...draft.payments.transfer,
                  numbers: { ...draft.payments.transfer.numbers, [wallet]: event.target.value },
                },
              })
            }
          />
        ))}
        <NumberField
          label={t('admin-settings.cod-limit')}
          inputMode="numeric"
          step={1}
          value={draft.payments.cod.limit}
          error={errors['payments.cod.limit']}
          onChange={(limit) => set('payments', { ...draft.payments, cod: { ...draft.payments.cod, limit } })}
        />
        <NumberField
          label={t('admin-settings.cod-open')}
          inputMode="numeric"
          max={100}
          step={1}
          value={draft.payments.cod.maxOpen}
          error={errors['payments.cod.maxOpen']}
          onChange={(maxOpen) =>
            set('payments', { ...draft.payments, cod: { ...draft.payments.cod, maxOpen } })
          }
        />
        <NumberField
          label={t('admin-settings.cod-confirm')}
          inputMode="numeric"
          step={1}
          value={draft.payments.cod.confirmAbove}
          error={errors['payments.cod.confirmAbove']}
          onChange={(confirmAbove) =>
            set('payments', { ...draft.payments, cod: { ...draft.payments.cod, confirmAbove } })
          }
        />
        <label className="settings-check">
          <input
            type="checkbox"
            checked={draft.payments.cod.advance.outsideDhaka}
            aria-describedby="settings-advance-hint"
            onChange={(event) =>
              set('payments', {
                ...draft.payments,
                cod: {
                  ...draft.payments.cod,
                  advance: { ...draft.payments.cod.advance, outsideDhaka: event.target.checked },
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
          value={draft.payments.cod.advance.above}
          error={errors['payments.cod.advance.above']}
          onChange={(above) =>
            set('payments', {
              ...draft.payments,
              cod: { ...draft.payments.cod, advance: { ...draft.payments.cod.advance, above } },
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
      </Section>

      <Section id="settings-limits" title={t('admin-settings.section-limits')}>
        <OrderLimitFields
          value={draft.orderLimits}
          onChange={(limits) => set('orderLimits', limits)}
          errors={errors}
        />
      </Section>

      <Section id="settings-stock" title={t('admin-settings.section-stock')}>
        <NumberField
          label={t('admin-settings.vat')}
          inputMode="decimal"
          max={100}
          step="any"
          value={draft.vatPercent}
          error={errors.vatPercent}
          onChange={(vat) => set('vatPercent', vat)}
        />
        <NumberField
          label={t('admin-settings.low-stock')}
          inputMode="numeric"
          step={1}
          value={draft.lowStockThreshold}
          error={errors.lowStockThreshold}
          onChange={(threshold) => set('lowStockThreshold', threshold)}
        />
      </Section>

      <Section id="settings-policies" title={t('admin-settings.section-policies')}>
        <BilingualField
          label={t('admin-settings.return-policy')}
          path="returnPolicy"
          value={draft.returnPolicy}
          onChange={(value) => set('returnPolicy', value)}
          errors={errors}
          multiline
        />
      </Section>

      <Section id="settings-seo" title={t('admin-settings.section-seo')}>
        <BilingualField
          label={t('admin-settings.seo-title')}
          path="seo.title"
          value={draft.seo.title}
          onChange={(title) => set('seo', { ...draft.seo, title })}
          errors={errors}
          required
        />
        <BilingualField
          label={t('admin-settings.seo-description')}
          path="seo.description"
          value={draft.seo.description}
          onChange={(description) => set('seo', { ...draft.seo, description })}
          errors={errors}
          multiline
          required
        />
      </Section>

      <div className="admin-stack settings-save">
        {problem}
        {Object.keys(errors).length > 0 && <FormAlert message={t('admin-settings.fix-fields')} />}
        <LiveStatus message={status} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('admin-settings.saving') : t('admin-settings.save')}
          </button>
        </div>
      </div>
    </form>
  )
}
