import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { AdminCategory } from '../../contract/admin-catalogue'
import { t } from '../../i18n'
import { Field } from '../../ui/field'
import { quiet } from '../admin-api'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, SelectField } from '../form-parts'
import { ImageField } from '../image-field'
import { catalogueApi, catalogueKeys } from './catalogue-api'

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
  const queryClient = useQueryClient()
  const [image, setImage] = useState(category?.image ?? '')
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const save = useMutation({
    mutationFn: (form: FormData) =>
      catalogueApi.saveCategory(category?.id ?? null, {
        name: String(form.get('name') ?? ''),
        nameBn: String(form.get('nameBn') ?? ''),
        slug: String(form.get('slug') ?? '').trim(),
        parentId: form.get('parentId') ? Number(form.get('parentId')) : null,
        image,
      }),
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onError: (error) => setErrors(formErrors(error, FIELDS)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.categories() })
      if (!category) setImage('')
      onDone(saved)
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    save.mutate(new FormData(element), { onSuccess: () => !category && element.reset() })
  }
  const choices = parents.filter((parent) => parent.id !== category?.id)
  return (
    <form className="admin-form catalogue-form" onSubmit={submit} noValidate>
      <Field
        label={t('admin-catalogue.name-en')}
        name="name"
        defaultValue={category?.name}
        error={errors.fields.name}
        required
      />
      <Field
        label={t('admin-catalogue.name-bn')}
        name="nameBn"
        lang="bn"
        defaultValue={category?.nameBn}
        error={errors.fields.nameBn}
      />
      <Field
        label={t('admin-catalogue.slug')}
        name="slug"
        defaultValue={category?.slug}
        error={errors.fields.slug}
        aria-description={t('admin-catalogue.slug-hint')}
      />
      <SelectField
        label={t('admin-catalogue.parent')}
        name="parentId"
        defaultValue={category?.parentId ?? ''}
        error={errors.fields.parentId}
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
        value={image}
        onChange={setImage}
        error={errors.fields.image}
      />
      <FormAlert message={errors.form} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {category ? t('admin-catalogue.save') : t('admin-catalogue.add-category')}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('admin-catalogue.cancel')}
          </button>
        )}
      </div>
    </form>
  )
}
