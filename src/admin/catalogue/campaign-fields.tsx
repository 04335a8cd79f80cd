import { t } from '../../i18n'
import { Field } from '../../ui/field'
import type { FormErrors } from '../form-errors'
import { ImageField } from '../image-field'
import type { CampaignDraft } from './campaign-draft'
import { CampaignProducts } from './campaign-products'
import { CampaignRuleFields } from './campaign-rule'

type Props = {
  draft: CampaignDraft
  change: (patch: Partial<CampaignDraft>) => void
  errors: FormErrors
}

/** A text box's value, change and error, by the draft's field. */
const textOf =
  ({ draft, change, errors }: Props) =>
  (name: keyof CampaignDraft) => ({
    name,
    value: String(draft[name] ?? ''),
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
    error: errors.fields[name],
  })

/** The campaign's names, descriptions and banner, and when it runs. */
export function CampaignDetails({ draft, change, errors }: Props) {
  const text = textOf({ draft, change, errors })
  return (
    <>
      <section className="admin-panel catalogue-grid" aria-labelledby="campaign-about">
        <h2 id="campaign-about">{t('admin-catalogue.campaign-about')}</h2>
        <div className="catalogue-grid">
          <Field label={t('admin-catalogue.name-en')} required {...text('name')} />
          <Field label={t('admin-catalogue.name-bn')} lang="bn" {...text('nameBn')} />
          <Field
            label={t('admin-catalogue.slug')}
            aria-description={t('admin-catalogue.slug-hint')}
            {...text('slug')}
          />
        </div>
        <label>
          {t('admin-catalogue.description-en')}
          <textarea
            value={draft.description}
            onChange={(event) => change({ description: event.target.value })}
          />
        </label>
        <label>
          {t('admin-catalogue.description-bn')}
          <textarea
            lang="bn"
            value={draft.descriptionBn}
            onChange={(event) => change({ descriptionBn: event.target.value })}
          />
        </label>
        <ImageField
          label={t('admin-catalogue.banner')}
          use="campaign"
          value={draft.banner}
          onChange={(banner) => change({ banner })}
          error={errors.fields.banner}
        />
      </section>
      <section className="admin-panel" aria-labelledby="campaign-when">
        <h2 id="campaign-when">{t('admin-catalogue.campaign-when')}</h2>
        <p className="auth-note">{t('admin-catalogue.dhaka-time-note')}</p>
        <div className="catalogue-grid">
          <Field
            label={t('admin-catalogue.starts')}
            type="datetime-local"
            required
            {...text('starts')}
            error={errors.fields.startsAt}
          />
          <Field
            label={t('admin-catalogue.ends')}
            type="datetime-local"
            required
            {...text('ends')}
            error={errors.fields.endsAt}
          />
        </div>
      </section>
    </>
  )
}

/**
 * How the campaign prices its products (a percentage off, or a price each) and how they are chosen (by hand,
 * or by a rule); `members` is how many a saved campaign holds.
 */
export function CampaignMembers({ draft, change, errors, members }: Props & { members: number | null }) {
  const text = textOf({ draft, change, errors })
  return (
    <section className="admin-panel" aria-labelledby="campaign-products">
      <h2 id="campaign-products">{t('admin-catalogue.campaign-products')}</h2>
      <fieldset className="catalogue-choice">
        <legend>{t('admin-catalogue.pricing')}</legend>
        <label>
          <input
            type="radio"
            name="pricing"
            checked={draft.pricing === 'percent'}
            onChange={() => change({ pricing: 'percent' })}
          />
          {t('admin-catalogue.pricing-percent')}
        </label>
        <label>
          <input
            type="radio"
            name="pricing"
            checked={draft.pricing === 'prices'}
            onChange={() => change({ pricing: 'prices', choosing: 'hand' })}
          />
          {t('admin-catalogue.pricing-prices')}
        </label>
      </fieldset>
      {draft.pricing === 'percent' && (
        <Field
          label={t('admin-catalogue.discount-percent')}
          inputMode="numeric"
          {...text('discountPercent')}
        />
      )}
      <fieldset className="catalogue-choice">
        <legend>{t('admin-catalogue.choosing')}</legend>
        <label>
          <input
            type="radio"
            name="choosing"
            checked={draft.choosing === 'hand'}
            onChange={() => change({ choosing: 'hand' })}
          />
          {t('admin-catalogue.choosing-hand')}
        </label>
        <label>
          <input
            type="radio"
            name="choosing"
            checked={draft.choosing === 'rule'}
            disabled={draft.pricing === 'prices'}
            onChange={() => change({ choosing: 'rule' })}
          />
          {t('admin-catalogue.choosing-rule')}
        </label>
      </fieldset>
      {draft.choosing === 'rule' ? (
        <CampaignRuleFields draft={draft} onChange={change} members={members} />
      ) : (
        <CampaignProducts
          draft={draft}
          onChange={change}
          error={errors.fields.productIds ?? errors.fields.prices}
        />
      )}
    </section>
  )
}
