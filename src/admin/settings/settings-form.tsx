import { type FormEvent, type ReactNode, useState } from 'react'
import type { ShopSettings } from '../../contract/settings'
import { t } from '../../i18n'
import { FormAlert, LiveStatus } from '../form-parts'
import { ImageField } from '../image-field'
import { ChatFields } from './chat-fields'
import { ContactFields } from './contact-fields'
import { DeliveryFields } from './delivery-fields'
import { MarketingFields } from './marketing-fields'
import { OrderLimitFields } from './order-limit-fields'
import { PaymentFields } from './payment-fields'
import { RewardPointFields } from './reward-point-fields'
import { BilingualField, type FieldErrors, NumberField } from './settings-fields'
import { titleAfterRename, titleTails } from './title-follows-name'

const PHONE_SLOTS = 3

type SettingsFormProps = {
  initial: ShopSettings
  busy: boolean
  errors: FieldErrors
  /** what went wrong with the whole form (a conflict, the network) */
  problem: ReactNode
  status: string | null
  onSave: (settings: ShopSettings) => void
}

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
  const [tails] = useState(() => titleTails(initial))
  const rename = (name: ShopSettings['name']) =>
    setDraft((current) => ({
      ...current,
      name,
      seo: { ...current.seo, title: titleAfterRename(current.seo.title, tails, current.name, name) },
    }))
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
          onChange={rename}
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
        <ContactFields
          boxes={boxes}
          onBoxes={setBoxes}
          phoneError={phoneError}
          value={draft}
          onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
          errors={errors}
        />
      </Section>

      <Section id="settings-chat" title={t('admin-settings.section-chat')}>
        <ChatFields value={draft.chat} onChange={(chat) => set('chat', chat)} errors={errors} />
      </Section>

      <Section id="settings-delivery" title={t('admin-settings.section-delivery')}>
        <DeliveryFields
          value={draft.delivery}
          onChange={(delivery) => set('delivery', delivery)}
          errors={errors}
        />
      </Section>

      <Section id="settings-payments" title={t('admin-settings.section-payments')}>
        <PaymentFields
          value={draft.payments}
          onChange={(payments) => set('payments', payments)}
          errors={errors}
        />
      </Section>

      <Section id="settings-limits" title={t('admin-settings.section-limits')}>
        <OrderLimitFields
          value={draft.orderLimits}
          onChange={(limits) => set('orderLimits', limits)}
          errors={errors}
        />
      </Section>

      <Section id="settings-points" title={t('admin-settings.section-points')}>
        <RewardPointFields
          value={draft.rewardPoints}
          onChange={(points) => set('rewardPoints', points)}
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

      <Section id="settings-reviews" title={t('admin-settings.section-reviews')}>
        <label className="settings-check">
          <input
            type="checkbox"
            checked={draft.reviews.holdSignedIn}
            aria-describedby="settings-reviews-hint"
            onChange={(event) => set('reviews', { holdSignedIn: event.target.checked })}
          />
          {t('admin-settings.reviews-hold')}
        </label>
        <p id="settings-reviews-hint" className="settings-hint">
          {t('admin-settings.reviews-hint')}
        </p>
      </Section>

      <Section id="settings-cart-reminders" title={t('admin-settings.section-cart-reminders')}>
        <label className="settings-check">
          <input
            type="checkbox"
            checked={draft.cartReminders.enabled}
            aria-describedby="settings-cart-reminders-hint"
            onChange={(event) =>
              set('cartReminders', { ...draft.cartReminders, enabled: event.target.checked })
            }
          />
          {t('admin-settings.cart-reminders-on')}
        </label>
        <NumberField
          label={t('admin-settings.cart-reminders-delay')}
          inputMode="numeric"
          step={1}
          value={draft.cartReminders.delayHours}
          error={errors['cartReminders.delayHours']}
          onChange={(delayHours) => set('cartReminders', { ...draft.cartReminders, delayHours })}
        />
        <p id="settings-cart-reminders-hint" className="settings-hint">
          {t('admin-settings.cart-reminders-hint')}
        </p>
      </Section>

      <Section id="settings-policies" title={t('admin-settings.section-policies')}>
        <BilingualField
          label={t('admin-settings.return-summary')}
          path="returnSummary"
          value={draft.returnSummary}
          onChange={(value) => set('returnSummary', value)}
          errors={errors}
        />
        <p className="settings-hint">{t('admin-settings.return-summary-hint')}</p>
        <BilingualField
          label={t('admin-settings.return-policy')}
          path="returnPolicy"
          value={draft.returnPolicy}
          onChange={(value) => set('returnPolicy', value)}
          errors={errors}
          multiline
        />
      </Section>

      <Section id="settings-marketing" title={t('admin-settings.section-marketing')}>
        <MarketingFields
          value={draft.marketing}
          onChange={(value) => set('marketing', value)}
          errors={errors}
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
