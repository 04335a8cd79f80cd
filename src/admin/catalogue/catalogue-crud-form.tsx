import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { t } from '../../i18n'
import { Field } from '../../ui/field'
import { quiet } from '../admin-api'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert } from '../form-parts'

/** What every category and brand has a field for. */
type Named = { name: string; nameBn: string; slug: string }

/** The names and slug a category or brand form holds (an empty slug: the server makes one from the name). */
export function namesOf(form: FormData): Named {
  return {
    name: String(form.get('name') ?? ''),
    nameBn: String(form.get('nameBn') ?? ''),
    slug: String(form.get('slug') ?? '').trim(),
  }
}

type CatalogueFormOptions<Row> = {
  /** the row being edited, or null for a new one */
  row: Row | null
  /** the row's one picture (a category's image, a brand's logo) as the form opens */
  picture: string | undefined
  /** the fields whose server messages show next to them; the rest go above the button */
  fields: readonly string[]
  /** the list the row is in, asked again once it is saved */
  listKey: QueryKey
  /** sends the form with its picture */
  save: (form: FormData, picture: string) => Promise<Row>
  onDone: (saved: Row) => void
}

/**
 * A category or brand form's state: its picture, its errors and its save. A new row's form empties itself
 * once saved, ready for the next one.
 */
export function useCatalogueForm<Row>({
  row,
  picture,
  fields,
  listKey,
  save,
  onDone,
}: CatalogueFormOptions<Row>) {
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState(picture ?? '')
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const saving = useMutation({
    mutationFn: (form: FormData) => save(form, chosen),
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onError: (error) => setErrors(formErrors(error, fields)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: listKey })
      if (!row) setChosen('')
      onDone(saved)
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    saving.mutate(new FormData(element), { onSuccess: () => !row && element.reset() })
  }
  return { picture: chosen, setPicture: setChosen, errors, busy: saving.isPending, submit }
}

type CatalogueFormProps = {
  form: ReturnType<typeof useCatalogueForm>
  /** the row being edited (its names fill the fields), or null for a new one */
  row: Named | null
  /** the button's text for a new row */
  addLabel: string
  onCancel?: (() => void) | undefined
  /** the form's own fields, after the names and slug */
  children: ReactNode
}

/** A category or brand form: the English and Bangla names and the slug, then its own fields and buttons. */
export function CatalogueForm({ form, row, addLabel, onCancel, children }: CatalogueFormProps) {
  return (
    <form className="admin-form catalogue-form" onSubmit={form.submit} noValidate>
      <Field
        label={t('admin-catalogue.name-en')}
        name="name"
        defaultValue={row?.name}
        error={form.errors.fields.name}
        required
      />
      <Field
        label={t('admin-catalogue.name-bn')}
        name="nameBn"
        lang="bn"
        defaultValue={row?.nameBn}
        error={form.errors.fields.nameBn}
      />
      <Field
        label={t('admin-catalogue.slug')}
        name="slug"
        defaultValue={row?.slug}
        error={form.errors.fields.slug}
        aria-description={t('admin-catalogue.slug-hint')}
      />
      {children}
      <FormAlert message={form.errors.form} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={form.busy}>
          {row ? t('admin-catalogue.save') : addLabel}
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
