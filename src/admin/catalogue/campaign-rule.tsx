import { useQuery } from '@tanstack/react-query'
import { figure, t } from '../../i18n'
import { Field } from '../../ui/field'
import type { CampaignDraft } from './campaign-draft'
import { brandsQuery, categoriesQuery } from './catalogue-api'

type CampaignRuleProps = {
  draft: CampaignDraft
  onChange: (patch: Partial<CampaignDraft>) => void
  /** how many products the saved rule chose, null before the first save */
  members: number | null
}

const toggled = (ids: number[], id: number, on: boolean) =>
  on ? [...ids, id] : ids.filter((other) => other !== id)

/** Products chosen by rule: any of the ticked categories and brands (none ticked: all), discounted enough. */
export function CampaignRuleFields({ draft, onChange, members }: CampaignRuleProps) {
  const categories = useQuery(categoriesQuery)
  const brands = useQuery(brandsQuery)
  return (
    <div className="catalogue-grid">
      <fieldset className="catalogue-choice">
        <legend>{t('admin-catalogue.rule-categories')}</legend>
        {(categories.data ?? []).map((category) => (
          <label key={category.id}>
            <input
              type="checkbox"
              checked={draft.categoryIds.includes(category.id)}
              onChange={(event) =>
                onChange({ categoryIds: toggled(draft.categoryIds, category.id, event.target.checked) })
              }
            />
            {category.name}
          </label>
        ))}
      </fieldset>
      <fieldset className="catalogue-choice">
        <legend>{t('admin-catalogue.rule-brands')}</legend>
        {(brands.data ?? []).map((brand) => (
          <label key={brand.id}>
            <input
              type="checkbox"
              checked={draft.brandIds.includes(brand.id)}
              onChange={(event) =>
                onChange({ brandIds: toggled(draft.brandIds, brand.id, event.target.checked) })
              }
            />
            {brand.name}
          </label>
        ))}
      </fieldset>
      <Field
        label={t('admin-catalogue.rule-min-discount')}
        inputMode="numeric"
        value={draft.minDiscountPercent}
        onChange={(event) => onChange({ minDiscountPercent: event.target.value })}
      />
      {members !== null && (
        <p className="auth-note">{t('admin-catalogue.rule-members', { count: figure(members) })}</p>
      )}
    </div>
  )
}
