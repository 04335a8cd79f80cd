import { useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import type { AdminCategory } from '../../contract/admin-catalogue'
import { t } from '../../i18n'
import { adminKeys } from '../admin-api'
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
  /** a new category may be put into the main menu as it is made (for those who may change menus) */
  menuChoice?: boolean
  onDone: (saved: AdminCategory) => void
  onCancel?: () => void
}

/** A category's names, slug (made from the English name when left empty), parent and image. */
export function CategoryForm({ category, parents, menuChoice = false, onDone, onCancel }: CategoryFormProps) {
  const queryClient = useQueryClient()
  const hint = useId()
  const form = useCatalogueForm({
    row: category,
    picture: category?.image,
    fields: FIELDS,
    listKey: catalogueKeys.categories(),
    save: (data, image) =>
      catalogueApi
        .saveCategory(category?.id ?? null, {
          ...namesOf(data),
          parentId: data.get('parentId') ? Number(data.get('parentId')) : null,
          image,
          ...(data.get('addToMenu') ? { addToMenu: true } : {}),
        })
        .then((saved) => {
          // the menu's editor loads the menu with its new item, and its new version, next time
          if (data.get('addToMenu')) queryClient.removeQueries({ queryKey: adminKeys.menu('main_menu') })
          return saved
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
      {menuChoice && !category && (
        <div className="catalogue-check">
          <label>
            <input type="checkbox" name="addToMenu" aria-describedby={hint} />
            {t('admin-catalogue.add-to-menu')}
          </label>
          <p id={hint} className="catalogue-check__hint">
            {t('admin-catalogue.add-to-menu-hint')}
          </p>
        </div>
      )}
    </CatalogueForm>
  )
}
