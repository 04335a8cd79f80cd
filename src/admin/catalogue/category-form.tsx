import type { AdminCategory } from '../../contract/admin-catalogue'
import { t } from '../../i18n'
import { SelectField } from '../form-parts'
import { ImageField } from '../image-field'
import { catalogueApi, catalogueKeys } from './catalogue-api'
import { CatalogueForm, namesOf, useCatalogueForm } from './catalogue-crud-form'

const FIELDS = ['name', 'nameBn', 'slug', 'parentId', 'image']

type CategoryFormProps = {
  /** the category being edited, or null for a new one */
  category: AdminCategory | null
  /** the top-level categories a category may be filed under */
  parents: AdminCategory[]
  onDone: (saved: AdminCategory) => void
  onCancel?: () => void
}

/** A category's names, slug (made from the English name when left empty), parent and image. */
export function CategoryForm({ category, parents, onDone, onCancel }: CategoryFormProps) {
  const form = useCatalogueForm({
    row: category,
    picture: category?.image,
    fields: FIELDS,
    listKey: catalogueKeys.categories(),
    save: (data, image) =>
      catalogueApi.saveCategory(category?.id ?? null, {
        ...namesOf(data),
        parentId: data.get('parentId') ? Number(data.get('parentId')) : null,
        image,
      }),
    onDone,
  })
  const choices = parents.filter((parent) => parent.id !== category?.id)
  return (
    <CatalogueForm
      form={form}
      row={category}
      addLabel={t('admin-catalogue.add-category')}
      onCancel={onCancel}
    >
      <SelectField
        label={t('admin-catalogue.parent')}
        name="parentId"
        defaultValue={category?.parentId ?? ''}
        error={form.errors.fields.parentId}
        disabled={Boolean(category && category.children > 0)}
      >
        <option value="">{t('admin-catalogue.parent-none')}</option>
        {choices.map((parent) => (
          <option key={parent.id} value={parent.id}>
            {parent.name}
          </option>
        ))}
      </SelectField>
      <ImageField
        label={t('admin-catalogue.image')}
        use="category"
        value={form.picture}
        onChange={form.setPicture}
        error={form.errors.fields.image}
      />
    </CatalogueForm>
  )
}
