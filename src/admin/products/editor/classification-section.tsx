import { useId } from 'react'
import type { ProductStatus } from '../../../contract/admin-product'
import type { AdminRefs } from '../../../contract/admin-refs'
import { currentLanguage, t } from '../../../i18n'
import { Field } from '../../../ui/field'
import { SelectField } from '../../form-parts'
import { withSlug } from './editor-form'
import { errorOf, GroupError, type SectionProps } from './editor-parts'

type Named = { id: number; name: string; nameBn: string }
const nameOf = (item: Named) => (currentLanguage() === 'bn' && item.nameBn) || item.name

const STATUSES: { value: ProductStatus; label: () => string }[] = [
  { value: 'draft', label: () => t('admin-editor.status-draft') },
  { value: 'active', label: () => t('admin-editor.status-active') },
  { value: 'archived', label: () => t('admin-editor.status-archived') },
]

/** Categories as a grouped picker: each parent with its children; a parent alone is a plain choice. */
function CategoryOptions({ categories }: { categories: AdminRefs['categories'] }) {
  const parents = categories.filter((category) => category.parentId === null)
  return (
    <>
      {parents.map((parent) => {
        const children = categories.filter((category) => category.parentId === parent.id)
        if (children.length === 0) {
          return (
            <option key={parent.id} value={parent.id}>
              {nameOf(parent)}
            </option>
          )
        }
        return (
          <optgroup key={parent.id} label={nameOf(parent)}>
            <option value={parent.id}>{t('admin-editor.category-all', { name: nameOf(parent) })}</option>
            {children.map((child) => (
              <option key={child.id} value={child.id}>
                {nameOf(child)}
              </option>
            ))}
          </optgroup>
        )
      })}
    </>
  )
}

/** Where the product lives: its address, category, brand, campaigns and status. */
export function ClassificationSection({
  form,
  refs,
  errors,
  onChange,
  formerSlugs,
}: SectionProps & { refs: AdminRefs; formerSlugs: string[] }) {
  const slugHelp = useId()
  return (
    <section className="admin-panel" aria-labelledby="editor-place">
      <h2 id="editor-place">{t('admin-editor.place')}</h2>
      <div className="admin-form-grid">
        <div>
          <Field
            label={t('admin-editor.slug')}
            value={form.slug}
            lang="en"
            maxLength={120}
            spellCheck={false}
            autoCapitalize="none"
            aria-describedby={slugHelp}
            error={errorOf(errors, 'slug')}
            onChange={(event) => {
              const slug = event.target.value.toLowerCase()
              onChange((current) => withSlug(current, slug))
            }}
          />
          <p id={slugHelp} className="product-editor__hint">
            {form.slugEdited ? t('admin-editor.slug-hint') : t('admin-editor.slug-follows')}
            {formerSlugs.length > 0 &&
              ` ${t('admin-editor.former-slugs', { slugs: formerSlugs.join(', ') })}`}
          </p>
        </div>
        <SelectField
          label={t('admin-editor.status')}
          value={form.status}
          error={errorOf(errors, 'status')}
          onChange={(event) => {
            const status = event.target.value as ProductStatus
            onChange((current) => ({ ...current, status }))
          }}
        >
          {STATUSES.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label()}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin-editor.category')}
          value={form.categoryId}
          required
          error={errorOf(errors, 'categoryId')}
          onChange={(event) => {
            const categoryId = event.target.value
            onChange((current) => ({ ...current, categoryId }))
          }}
        >
          <option value="">{t('admin-editor.choose')}</option>
          <CategoryOptions categories={refs.categories} />
        </SelectField>
        <SelectField
          label={t('admin-editor.brand')}
          value={form.brandId}
          required
          error={errorOf(errors, 'brandId')}
          onChange={(event) => {
            const brandId = event.target.value
            onChange((current) => ({ ...current, brandId }))
          }}
        >
          <option value="">{t('admin-editor.choose')}</option>
          {refs.brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {nameOf(brand)}
            </option>
          ))}
        </SelectField>
      </div>
      {refs.campaigns.length > 0 && (
        <fieldset className="product-editor__campaigns">
          <legend>{t('admin-editor.campaigns')}</legend>
          {refs.campaigns.map((campaign) => (
            <label key={campaign.id} className="product-editor__check">
              <input
                type="checkbox"
                checked={form.campaignIds.includes(campaign.id)}
                onChange={(event) => {
                  const on = event.target.checked
                  onChange((current) => ({
                    ...current,
                    campaignIds: on
                      ? [...current.campaignIds, campaign.id]
                      : current.campaignIds.filter((id) => id !== campaign.id),
                  }))
                }}
              />
              {nameOf(campaign)}
            </label>
          ))}
          <GroupError message={errorOf(errors, 'campaignIds')} />
        </fieldset>
      )}
    </section>
  )
}
