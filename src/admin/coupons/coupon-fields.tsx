import { t } from '../../i18n'
import { Field } from '../../ui/field'
import type { FormErrors } from '../form-errors'
import { TextArea } from '../form-parts'
import type { CouponDraft } from './coupon-draft'

type Props = {
  draft: CouponDraft
  change: (patch: Partial<CouponDraft>) => void
  errors: FormErrors
  /** a new coupon's code is typed once; a saved coupon's stays */
  isNew: boolean
}

/** The coupon's fields in four panels: what it is, its discount, when it runs, and its limits. */
export function CouponFields({ draft, change, errors, isNew }: Props) {
  const text = (name: keyof CouponDraft, field: string = name) => ({
    name,
    value: String(draft[name] ?? ''),
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
    error: errors.fields[field],
  })
  const check = (name: 'firstOrderOnly' | 'freeDelivery' | 'active', label: string) => (
    <label className="coupon-check">
      <input
        type="checkbox"
        name={name}
        checked={draft[name]}
        onChange={(event) => change({ [name]: event.target.checked })}
      />
      {label}
    </label>
  )

  return (
    <>
      <section className="admin-panel" aria-labelledby="coupon-about">
        <h2 id="coupon-about">{t('admin-coupons.about')}</h2>
        {isNew && (
          <Field
            label={t('admin-coupons.code')}
            required
            autoComplete="off"
            maxLength={30}
            aria-description={t('admin-coupons.code-hint')}
            {...text('code')}
          />
        )}
        <Field label={t('admin-coupons.name')} maxLength={80} {...text('name')} />
        <TextArea
          label={t('admin-coupons.description')}
          maxLength={500}
          name="description"
          value={draft.description}
          onChange={(event) => change({ description: event.target.value })}
          error={errors.fields.description}
        />
      </section>
      <section className="admin-panel" aria-labelledby="coupon-discount">
        <h2 id="coupon-discount">{t('admin-coupons.discount')}</h2>
        <fieldset className="coupon-choice">
          <legend>{t('admin-coupons.kind')}</legend>
          <label>
            <input
              type="radio"
              name="kind"
              checked={draft.kind === 'percent'}
              onChange={() => change({ kind: 'percent' })}
            />
            {t('admin-coupons.kind-percent')}
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              checked={draft.kind === 'flat'}
              onChange={() => change({ kind: 'flat' })}
            />
            {t('admin-coupons.kind-flat')}
          </label>
        </fieldset>
        <div className="admin-form-grid">
          <Field
            label={
              draft.kind === 'percent' ? t('admin-coupons.value-percent') : t('admin-coupons.value-flat')
            }
            inputMode="decimal"
            required
            {...text('value')}
          />
          {draft.kind === 'percent' && (
            <Field label={t('admin-coupons.max-discount')} inputMode="decimal" {...text('maxDiscount')} />
          )}
          <Field label={t('admin-coupons.min-subtotal')} inputMode="decimal" {...text('minSubtotal')} />
        </div>
        {check('freeDelivery', t('admin-coupons.free-delivery'))}
      </section>
      <section className="admin-panel" aria-labelledby="coupon-when">
        <h2 id="coupon-when">{t('admin-coupons.when')}</h2>
        <p className="auth-note">{t('admin-coupons.dhaka-time')}</p>
        <div className="admin-form-grid">
          <Field
            label={t('admin-coupons.starts')}
            type="datetime-local"
            required
            {...text('starts', 'startsAt')}
          />
          <Field label={t('admin-coupons.ends')} type="datetime-local" required {...text('ends', 'endsAt')} />
        </div>
      </section>
      <section className="admin-panel" aria-labelledby="coupon-limits">
        <h2 id="coupon-limits">{t('admin-coupons.limits')}</h2>
        <div className="admin-form-grid">
          <Field
            label={t('admin-coupons.usage-limit')}
            inputMode="numeric"
            aria-description={t('admin-coupons.no-limit-hint')}
            {...text('usageLimit')}
          />
          <Field
            label={t('admin-coupons.usage-limit-per-customer')}
            inputMode="numeric"
            aria-description={t('admin-coupons.no-limit-hint')}
            {...text('usageLimitPerCustomer')}
          />
        </div>
        <p className="auth-note">{t('admin-coupons.no-limit-hint')}</p>
        {check('firstOrderOnly', t('admin-coupons.first-order-only'))}
        {check('active', t('admin-coupons.active'))}
      </section>
    </>
  )
}
