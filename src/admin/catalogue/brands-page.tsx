import './catalogue.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { AdminBrand } from '../../contract/admin-catalogue'
import { figure, t } from '../../i18n'
import { ApiRequestError } from '../../lib/api'
import { mediaUrl } from '../../lib/media'
import { Field } from '../../ui/field'
import { quiet } from '../admin-api'
import { ConfirmDialog } from '../confirm-dialog'
import { type FormErrors, formErrors, noErrors } from '../form-errors'
import { FormAlert, LiveStatus } from '../form-parts'
import { ImageField } from '../image-field'
import type { SectionPageProps } from '../section-pages'
import { Loading, LoadProblem } from '../shell/status-pages'
import { brandsQuery, catalogueApi, catalogueKeys } from './catalogue-api'

const FIELDS = ['name', 'nameBn', 'slug', 'logo']

/** A brand's names, slug (made from the English name when left empty) and logo. */
function BrandForm({
  brand,
  onDone,
  onCancel,
}: {
  brand: AdminBrand | null
  onDone: (saved: AdminBrand) => void
  onCancel?: () => void
}) {
  const queryClient = useQueryClient()
  const [logo, setLogo] = useState(brand?.logo ?? '')
  const [errors, setErrors] = useState<FormErrors>(noErrors)
  const save = useMutation({
    mutationFn: (form: FormData) =>
      catalogueApi.saveBrand(brand?.id ?? null, {
        name: String(form.get('name') ?? ''),
        nameBn: String(form.get('nameBn') ?? ''),
        slug: String(form.get('slug') ?? '').trim(),
        logo,
      }),
    meta: quiet,
    onMutate: () => setErrors(noErrors),
    onError: (error) => setErrors(formErrors(error, FIELDS)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.brands() })
      if (!brand) setLogo('')
      onDone(saved)
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    save.mutate(new FormData(element), { onSuccess: () => !brand && element.reset() })
  }
  return (
    <form className="admin-form catalogue-form" onSubmit={submit} noValidate>
      <Field
        label={t('admin-catalogue.name-en')}
        name="name"
        defaultValue={brand?.name}
        error={errors.fields.name}
        required
      />
      <Field
        label={t('admin-catalogue.name-bn')}
        name="nameBn"
        lang="bn"
        defaultValue={brand?.nameBn}
        error={errors.fields.nameBn}
      />
      <Field
        label={t('admin-catalogue.slug')}
        name="slug"
        defaultValue={brand?.slug}
        error={errors.fields.slug}
        aria-description={t('admin-catalogue.slug-hint')}
      />
      <ImageField
        label={t('admin-catalogue.logo')}
        use="brand"
        value={logo}
        onChange={setLogo}
        error={errors.fields.logo}
      />
      <FormAlert message={errors.form} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {brand ? t('admin-catalogue.save') : t('admin-catalogue.add-brand')}
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

/** The shop's brands: add, edit, delete one no product uses. */
export function BrandsPage(_props: SectionPageProps) {
  const queryClient = useQueryClient()
  const list = useQuery(brandsQuery)
  const [editing, setEditing] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<AdminBrand | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const remove = useMutation({
    mutationFn: (brand: AdminBrand) => catalogueApi.deleteBrand(brand.id),
    meta: quiet,
    onSuccess: (_answer, brand) => setStatus(t('admin-catalogue.deleted', { name: brand.name })),
    onError: (error, brand) =>
      setProblem(
        error instanceof ApiRequestError && error.status === 409
          ? t('admin-catalogue.brand-in-use', { name: brand.name, products: figure(brand.products) })
          : formErrors(error, []).form,
      ),
    onSettled: () => {
      setDeleting(null)
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.brands() })
    },
  })
  const saved = (brand: AdminBrand) => {
    setEditing(null)
    setStatus(t('admin-catalogue.saved', { name: brand.name }))
  }

  return (
    <div className="admin-page">
      <h1>{t('admin-catalogue.brands-title')}</h1>
      <section className="admin-panel" aria-labelledby="brand-new">
        <h2 id="brand-new">{t('admin-catalogue.new-brand')}</h2>
        <BrandForm brand={null} onDone={saved} />
      </section>
      <section className="admin-panel" aria-labelledby="brand-list">
        <h2 id="brand-list">{t('admin-catalogue.brands-list')}</h2>
        <LiveStatus message={status} />
        <FormAlert message={problem} />
        {list.data ? (
          <ul className="catalogue-list">
            {list.data.map((brand) => (
              <li key={brand.id} className="catalogue-row">
                {editing === brand.id ? (
                  <BrandForm brand={brand} onDone={saved} onCancel={() => setEditing(null)} />
                ) : (
                  <div className="catalogue-row__line">
                    {brand.logo && (
                      <img className="catalogue-row__logo" src={mediaUrl(brand.logo, 'xs')} alt="" />
                    )}
                    <div className="catalogue-row__text">
                      <strong>{brand.name}</strong>
                      {brand.nameBn && <span lang="bn"> · {brand.nameBn}</span>}
                      <span className="catalogue-row__meta">
                        /{brand.slug} ·{' '}
                        {t('admin-catalogue.product-count', { count: figure(brand.products) })}
                      </span>
                    </div>
                    <div className="admin-actions catalogue-row__actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={t('admin-catalogue.edit-named', { name: brand.name })}
                        onClick={() => setEditing(brand.id)}
                      >
                        {t('admin-catalogue.edit')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={t('admin-catalogue.delete-named', { name: brand.name })}
                        onClick={() => setDeleting(brand)}
                      >
                        {t('admin-catalogue.delete')}
                      </button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : list.error ? (
          <LoadProblem error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Loading />
        )}
      </section>
      {deleting && (
        <ConfirmDialog
          title={t('admin-catalogue.delete-title', { name: deleting.name })}
          text={t('admin-catalogue.delete-text')}
          confirmLabel={t('admin-catalogue.delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => {
            setProblem(null)
            remove.mutate(deleting)
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  )
}
